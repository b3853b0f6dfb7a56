import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  MAX_IMAGE_NAME_BYTES,
  PIXEL_LIMIT,
  readImage,
  SIDE_LIMIT,
  type ImageRead,
} from "../../../src/blog/image-files.ts";

let root = "";
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), "images-files-"));
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

const read = (name: string): ImageRead => readImage(join(root, name), root);

/** A 30 × 20 PNG of one colour, and what reading it must give. */
async function png(background: string): Promise<{ bytes: Buffer; facts: ImageRead }> {
  const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background } })
    .png()
    .toBuffer();
  return {
    bytes,
    facts: { width: 30, height: 20, type: "png", digest: createHash("sha256").update(bytes).digest("hex") },
  };
}

test("should read a raster image's size, type and the digest of its bytes", async () => {
  const { bytes, facts } = await png("#336699");
  writeFileSync(join(root, "a.png"), bytes);
  assert.equal(read("a.png"), facts);
});

test("should examine a file again once it changed, and not before (npm start's builds)", async () => {
  writeFileSync(join(root, "a.png"), (await png("#336699")).bytes);
  const first = read("a.png");
  assert.is(read("a.png"), first, "a build after: the same facts, not read again");
  const other = await png("#993366");
  writeFileSync(join(root, "a.png"), other.bytes);
  assert.equal(read("a.png"), other.facts);
});

test("should give a JPEG turned a quarter by its EXIF orientation its displayed size", async () => {
  const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#336699" } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  writeFileSync(join(root, "turned.jpg"), bytes);
  const facts = read("turned.jpg");
  assert.ok(facts && !Array.isArray(facts));
  assert.equal([facts.width, facts.height], [20, 30]);
});

test("should refuse an image whose renditions' names would be too long for a file system, unread", async () => {
  // Before: accepted, and the build failed writing its rendition (a name of 245 "b" and .png:
  // "Cannot write …-ea1497eeaf9035c2-1200.avif: … (ENAMETOOLONG); pass --output=<a shorter path>").
  const { bytes, facts } = await png("#336699");
  const longest = `${"é".repeat((MAX_IMAGE_NAME_BYTES - 4) / 2)}.png`;
  writeFileSync(join(root, longest), bytes);
  writeFileSync(join(root, `b${longest}`), bytes);

  assert.equal(read(longest), facts);
  assert.equal(read(`b${longest}`), [
    {
      file: join(root, `b${longest}`),
      field: "(file name)",
      expected:
        "a file name of at most 200 bytes, so that its renditions' names fit a file system's 255 (this one has 201)",
    },
  ]);
});

test("should refuse a raster image over the pixel limit from its header, naming the file", async () => {
  // An image just over the limit, made small: the limit is read from the declared size only.
  const side = Math.ceil(Math.sqrt(PIXEL_LIMIT)) + 1;
  const bytes = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  // Rewrite the IHDR width and height (bytes 16-23); image-size does not check the CRC.
  bytes.writeUInt32BE(side, 16);
  bytes.writeUInt32BE(side, 20);
  writeFileSync(join(root, "huge.png"), bytes);
  const problems = read("huge.png");
  assert.ok(Array.isArray(problems));
  assert.is(problems.length, 1);
  assert.match(problems[0]?.file ?? "", /huge\.png$/);
  assert.is(problems[0]?.field, "(content)");
  assert.is(problems[0]?.actual, `${side} × ${side} pixels`);
});

test("should refuse a strip under the pixel limit but too long a side to convert", async () => {
  // 50 × 900,000 is 45 megapixels: fine by count, but no AVIF or WebP can be that tall.
  const bytes = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  bytes.writeUInt32BE(50, 16);
  bytes.writeUInt32BE(900_000, 20);
  writeFileSync(join(root, "strip.png"), bytes);
  const problems = read("strip.png");
  assert.ok(Array.isArray(problems));
  assert.equal(
    problems.map((p) => [p.field, p.expected, p.actual]),
    [
      [
        "(content)",
        `an image at most ${SIDE_LIMIT} pixels wide and high (scale or cut it before adding it)`,
        "50 × 900000 pixels",
      ],
    ],
  );
});

test.run();
