import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { RenditionSpec } from "../../../src/images/encode-rendition.ts";
import { encoderSettings, renditionKey } from "../../../src/images/encode-rendition.ts";
import { MAX_WIDTH } from "../../../src/images/rendition-plan.ts";
import { imageOf, keepEntry, readEntry } from "../../../src/util/build-cache.ts";

const spec: RenditionSpec = { format: "webp", width: 40, height: 30, drawing: false };
const key = renditionKey("settings", "0".repeat(64), spec);

/** Keeps `bytes` as a sound entry (its digest right) under the key, and reads it back as a rendition of `spec`. */
function readBack(bytes: Buffer): { read: Uint8Array | undefined; kept: boolean } {
  const dir = mkdtempSync(join(tmpdir(), "folio-renditions-"));
  const warn = console.warn;
  console.warn = () => {};
  try {
    keepEntry(dir, key, bytes);
    const read = readEntry(dir, key, imageOf("webp", spec.width, spec.height));
    return { read, kept: existsSync(join(dir, key)) };
  } finally {
    console.warn = warn;
    rmSync(dir, { recursive: true, force: true });
  }
}

const image = (format: "webp" | "png", width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .toFormat(format)
    .toBuffer();

test("should use an entry whose format and size agree with the rendition's", async () => {
  const bytes = await image("webp", 40, 30);
  const { read, kept } = readBack(bytes);
  assert.ok(read && Buffer.from(read).equals(bytes));
  assert.ok(kept);
});

// Planted on purpose: the entry's digest is right, so only the header can tell.
for (const [what, make] of [
  ["another size", () => image("webp", 41, 30)],
  ["another format", () => image("png", 40, 30)],
  ["no image at all", async () => Buffer.from("<script>alert(1)</script>")],
] as const) {
  test(`should remove a sound entry that is ${what}, and convert again`, async () => {
    const { read, kept } = readBack(await make());
    assert.is(read, undefined);
    assert.not.ok(kept);
  });
}

test("should key a rendition by the settings, the source and every field of the spec", () => {
  const other = "1".repeat(64);
  assert.is.not(renditionKey("other settings", "0".repeat(64), spec), key);
  assert.is.not(renditionKey("settings", other, spec), key);
  for (const change of [{ format: "avif" }, { width: 41 }, { height: 31 }, { drawing: true }] as const)
    assert.is.not(renditionKey("settings", "0".repeat(64), { ...spec, ...change }), key, JSON.stringify(change));
});

test("should name renditions by the encoder's process and decode limits too, not only sharp's options", () => {
  // The pixels come from the process's decode steps: changing them must change every name and key.
  const processFile = join(import.meta.dirname, "../../../src/images/encode-process.mjs");
  const digest = createHash("sha256").update(readFileSync(processFile)).digest("hex").slice(0, 16);
  assert.ok(encoderSettings().includes(digest), encoderSettings());
  assert.ok(encoderSettings().includes(`max ${MAX_WIDTH} px`), encoderSettings());
});

test.run();
