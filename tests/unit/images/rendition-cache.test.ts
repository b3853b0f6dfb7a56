import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { RenditionSpec } from "../../../src/images/encode-rendition.ts";
import { RenditionCache, renditionKey } from "../../../src/images/rendition-cache.ts";
import { encoderSettings } from "../../../src/images/encoder-settings.ts";
import { MAX_WIDTH } from "../../../src/images/rendition-plan.ts";
import { readFileSync } from "node:fs";

const spec: RenditionSpec = { format: "webp", width: 40, height: 30, drawing: false };
const key = renditionKey("settings", "0".repeat(64), spec);

/** Writes `bytes` into a fresh cache folder under the name a build would give them, and reads the key back. */
function readBack(bytes: Buffer): { read: Uint8Array | undefined; kept: boolean } {
  const dir = mkdtempSync(join(tmpdir(), "folio-renditions-"));
  try {
    const digest = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    const file = join(dir, `${key}-${digest}.webp`);
    writeFileSync(file, bytes);
    const read = new RenditionCache(dir).read(key, spec);
    return { read, kept: existsSync(file) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const image = (format: "webp" | "png", width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .toFormat(format)
    .toBuffer();

test("should use an entry whose name, bytes, format and size all agree", async () => {
  const bytes = await image("webp", 40, 30);
  const { read, kept } = readBack(bytes);
  assert.ok(read && Buffer.from(read).equals(bytes));
  assert.ok(kept);
});

// Planted on purpose: the name's digest matches the bytes, so only the header can tell.
for (const [what, make] of [
  ["another size", () => image("webp", 41, 30)],
  ["another format", () => image("png", 40, 30)],
  ["no image at all", async () => Buffer.from("<script>alert(1)</script>")],
] as const) {
  test(`should remove an entry that hashes to its name but is ${what}, and convert again`, async () => {
    const { read, kept } = readBack(await make());
    assert.is(read, undefined);
    assert.not.ok(kept);
  });
}

test("should name renditions by the encoder's process and decode limits too, not only sharp's options", () => {
  // The pixels come from the process's decode steps: changing them must change every name and key.
  const processFile = join(import.meta.dirname, "../../../src/images/encode-process.mjs");
  const digest = createHash("sha256").update(readFileSync(processFile)).digest("hex").slice(0, 16);
  assert.ok(encoderSettings().includes(digest), encoderSettings());
  assert.ok(encoderSettings().includes(`max ${MAX_WIDTH} px`), encoderSettings());
});

test.run();
