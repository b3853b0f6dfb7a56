import { imageSize } from "image-size";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { exifOrientation, MalformedImageError, pngChunk, withoutMetadata } from "../../../src/images/strip-metadata.ts";

/*
 * Real images made by sharp, with metadata written into them by hand as a phone or an editor
 * would: EXIF with a GPS block, XMP naming the author, IPTC, comments, text chunks, a trailer.
 */

const GPS = "gps-51.4778N-0.0014W-xq61";
const AUTHOR = "author-ada-xq62";
const NOTE = "note-xq63";
const MARKERS = [GPS, AUTHOR, NOTE];

/** A TIFF block as cameras write it: IFD0 with the orientation and a pointer to a GPS IFD holding `GPS`. */
function exifTiff(orientation: number): Buffer {
  const text = Buffer.from(GPS, "latin1");
  const tiff = Buffer.alloc(56);
  tiff.write("II*\0", 0, "latin1");
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10); // Orientation, SHORT
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  tiff.writeUInt16LE(0x8825, 22); // GPSInfo, LONG: the GPS IFD's offset
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(38, 30);
  tiff.writeUInt16LE(1, 38);
  tiff.writeUInt16LE(0x001b, 40); // GPSProcessingMethod, UNDEFINED
  tiff.writeUInt16LE(7, 42);
  tiff.writeUInt32LE(text.length, 44);
  tiff.writeUInt32LE(56, 48);
  return Buffer.concat([tiff, text]);
}

const xmp = (): Buffer =>
  Buffer.from(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${AUTHOR}</dc:creator></x:xmpmeta>`, "latin1");

/** Noise, so that "the same pixels" means something; with a Display P3 profile, which must stay. */
function base(): sharp.Sharp {
  return sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  }).withIccProfile("p3");
}

const pixels = (bytes: Buffer): Promise<Buffer> => sharp(bytes).raw().toBuffer();

function assertNoMarker(bytes: Buffer): void {
  for (const marker of MARKERS) assert.not.ok(bytes.includes(marker), `still carries ${marker}`);
}

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

function pngChunkTypes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at))
    types.push(bytes.subarray(at + 4, at + 8).toString("latin1"));
  return types;
}

function webpChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

test("should drop a JPEG's GPS EXIF, XMP, IPTC, comment and trailer, keeping its pixels, ICC profile and orientation", async () => {
  const plain = await base().jpeg().toBuffer();
  const tagged = Buffer.concat([
    plain.subarray(0, 2),
    jpegSegment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exifTiff(6)])),
    jpegSegment(0xe1, Buffer.concat([Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1"), xmp()])),
    jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0${AUTHOR}`, "latin1")),
    jpegSegment(0xfe, Buffer.from(NOTE, "latin1")),
    plain.subarray(2),
    Buffer.from(`trailer ${GPS}`, "latin1"),
  ]);
  const stripped = withoutMetadata(tagged, "jpg");
  assertNoMarker(stripped);
  const facts = await sharp(stripped).metadata();
  assert.is(facts.orientation, 6);
  assert.ok(facts.icc, "the ICC profile stays");
  assert.is(facts.xmp, undefined);
  assert.is(facts.iptc, undefined);
  assert.is(imageSize(stripped).orientation, 6, "the published size is still read turned (src/blog/image-files.ts)");
  assert.ok((await pixels(stripped)).equals(await pixels(plain)));
  assert.ok(stripped.subarray(-2).equals(Buffer.from([0xff, 0xd9])), "nothing after the end of the image");
});

test("should drop a PNG's text chunks, eXIf GPS, time and trailer, keeping its pixels, iCCP and orientation", async () => {
  const plain = await base().png().toBuffer();
  const ihdrEnd = 8 + 25;
  const iend = plain.length - 12;
  const tagged = Buffer.concat([
    plain.subarray(0, ihdrEnd),
    pngChunk("eXIf", exifTiff(6)),
    pngChunk("tEXt", Buffer.from(`Author\0${AUTHOR}`, "latin1")),
    pngChunk("iTXt", Buffer.concat([Buffer.from("XML:com.adobe.xmp\0\0\0\0\0", "latin1"), xmp()])),
    pngChunk("tIME", Buffer.from([0x07, 0xea, 11, 23, 22, 40, 0])),
    plain.subarray(ihdrEnd, iend),
    pngChunk("tEXt", Buffer.from(`Comment\0${NOTE}`, "latin1")),
    plain.subarray(iend),
    Buffer.from(GPS, "latin1"),
  ]);
  const stripped = withoutMetadata(tagged, "png");
  assertNoMarker(stripped);
  assert.equal(
    pngChunkTypes(stripped).filter((type) => type !== "IDAT"),
    ["IHDR", "eXIf", ...pngChunkTypes(plain).filter((type) => type !== "IHDR" && type !== "IDAT")],
  );
  assert.not.ok(pngChunkTypes(stripped).includes("tIME"));
  const facts = await sharp(stripped).metadata();
  assert.ok(facts.icc, "the ICC profile stays");
  assert.is(facts.orientation, 6);
  assert.ok((await pixels(stripped)).equals(await pixels(plain)));
});

test("should drop a WebP's EXIF GPS and XMP chunks and their flags, keeping its pixels, ICCP and orientation", async () => {
  const plain = await base().webp({ lossless: true }).toBuffer();
  assert.is(plain.subarray(12, 16).toString("latin1"), "VP8X", "sharp writes an extended WebP for the profile");
  const body = Buffer.concat([
    plain.subarray(12),
    webpChunk("EXIF", exifTiff(6)),
    webpChunk("XMP ", xmp()),
    webpChunk("NOTE", Buffer.from(NOTE, "latin1")),
  ]);
  const header = Buffer.from(plain.subarray(0, 12));
  header.writeUInt32LE(body.length + 4, 4);
  const tagged = Buffer.concat([header, body]);
  tagged[20] = (tagged[20] ?? 0) | 0x08 | 0x04; // the VP8X flags: EXIF and XMP present
  const stripped = withoutMetadata(tagged, "webp");
  assertNoMarker(stripped);
  assert.is(stripped.readUInt32LE(4), stripped.length - 8, "the RIFF size matches");
  assert.is((stripped[20] ?? 0) & 0x0c, 0x08, "the EXIF flag stays for the orientation, the XMP flag goes");
  const facts = await sharp(stripped).metadata();
  assert.ok(facts.icc, "the ICC profile stays");
  assert.is(facts.xmp, undefined);
  assert.is(facts.orientation, 6);
  assert.ok((await pixels(stripped)).equals(await pixels(plain)));
});

test("should drop a GIF's comment and XMP extensions, keeping its frames and looping", async () => {
  const plain = await base().gif({ loop: 0 }).toBuffer();
  const tableEnd = 13 + 3 * 2 ** (((plain[10] ?? 0) & 0x07) + 1);
  const comment = Buffer.concat([
    Buffer.from([0x21, 0xfe, NOTE.length]),
    Buffer.from(NOTE, "latin1"),
    Buffer.from([0]),
  ]);
  const xmpData = xmp();
  const xmpExtension = Buffer.concat([
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from("XMP DataXMP", "latin1"),
    ...Array.from({ length: Math.ceil(xmpData.length / 255) }, (_, index) => {
      const block = xmpData.subarray(index * 255, index * 255 + 255);
      return Buffer.concat([Buffer.from([block.length]), block]);
    }),
    Buffer.from([0]),
  ]);
  const tagged = Buffer.concat([plain.subarray(0, tableEnd), comment, xmpExtension, plain.subarray(tableEnd)]);
  const stripped = withoutMetadata(tagged, "gif");
  assertNoMarker(stripped);
  assert.ok(stripped.equals(plain), "exactly the GIF without the two extensions");
});

test("should drop an upright photo's EXIF block entirely", async () => {
  const plain = await base().jpeg().toBuffer();
  const tagged = Buffer.concat([
    plain.subarray(0, 2),
    jpegSegment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exifTiff(1)])),
    plain.subarray(2),
  ]);
  const stripped = withoutMetadata(tagged, "jpg");
  assert.ok(stripped.equals(plain));
});

test("should return an image without metadata as the same bytes", async () => {
  for (const [type, bytes] of [
    ["jpg", await base().jpeg().toBuffer()],
    ["jpg", await base().jpeg({ progressive: true }).toBuffer()],
    ["png", await base().png().toBuffer()],
    ["webp", await base().webp().toBuffer()],
    ["gif", await base().gif({ loop: 0 }).toBuffer()],
    [
      "webp",
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123" } })
        .webp()
        .toBuffer(),
    ],
  ] as const)
    assert.ok(withoutMetadata(bytes, type) === bytes, `${type} kept as it is`);
});

test("should read the orientation of a big- or little-endian EXIF block, with or without its Exif prefix", () => {
  assert.is(exifOrientation(exifTiff(8)), 8);
  assert.is(exifOrientation(Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exifTiff(3)])), 3);
  assert.is(exifOrientation(exifTiff(9)), 1, "no such orientation");
  assert.is(exifOrientation(Buffer.from("II*\0", "latin1")), 1, "cut short");
});

test("should refuse a JPEG or PNG whose segment runs past the end of the file", async () => {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), jpegSegment(0xfe, Buffer.from(NOTE)).subarray(0, 6)]);
  assert.throws(
    () => withoutMetadata(jpeg, "jpg"),
    (error: unknown) => error instanceof MalformedImageError,
  );
  const png = await base().png().toBuffer();
  assert.throws(
    () => withoutMetadata(png.subarray(0, 40), "png"),
    (error: unknown) => error instanceof MalformedImageError,
  );
});

test("should refuse a GIF whose frames hold over 50 megapixels in all, though its header says 100 × 100", () => {
  // Before: only the header was read, so thousands of full frames reached visitors' browsers.
  const header = Buffer.from([...Buffer.from("GIF89a", "latin1"), 100, 0, 100, 0, 0, 0, 0]);
  // A 1,000 × 1,000 frame at (0, 0) without a colour table; its one data sub-block is never decoded.
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 0xe8, 0x03, 0xe8, 0x03, 0, 2, 1, 0, 0]);
  const gif = (frames: number) => Buffer.concat([header, ...Array(frames).fill(frame), Buffer.from([0x3b])]);

  assert.is(withoutMetadata(gif(50), "gif").length, gif(50).length);
  assert.throws(
    () => withoutMetadata(gif(51), "gif"),
    (error: unknown) =>
      error instanceof MalformedImageError &&
      error.expected?.includes("50 megapixels, every frame counted") === true &&
      error.message === "a frame of 1000 × 1000 pixels, 51,000,000 in all frames",
  );
});

test("should refuse an animated WebP or PNG whose frames hold over 50 megapixels in all, as a GIF", async () => {
  // Before: only a GIF's frames were counted; an animated WebP of 10,000 frames of 1600 × 1600
  // (25.6 gigapixels in 1.7 MB) was published as it was.
  const still = (format: "webp" | "png") =>
    sharp({ create: { width: 1000, height: 1000, channels: 3, background: "#888" } })
      [format](format === "webp" ? { lossless: true } : {})
      .toBuffer();
  const side = (value: number, bytes: number, endian: "LE" | "BE") => {
    const field = Buffer.alloc(bytes);
    field[`writeUInt${endian}`](value, 0, bytes);
    return field;
  };
  const webp = await still("webp");
  const riffChunk = (type: string, data: Buffer) =>
    Buffer.concat([Buffer.from(type, "latin1"), side(data.length, 4, "LE"), data]);
  // An ANMF frame at (0, 0) of 1000 × 1000 holding the still's VP8L chunk (an even length).
  const anmf = riffChunk(
    "ANMF",
    Buffer.concat([Buffer.alloc(6), side(999, 3, "LE"), side(999, 3, "LE"), Buffer.alloc(4), webp.subarray(12)]),
  );
  const animatedWebp = (frames: number) => {
    const vp8x = riffChunk("VP8X", Buffer.concat([Buffer.from([2, 0, 0, 0]), side(999, 3, "LE"), side(999, 3, "LE")]));
    const body = Buffer.concat([
      Buffer.from("WEBP", "latin1"),
      vp8x,
      riffChunk("ANIM", Buffer.alloc(6)),
      ...Array<Buffer>(frames).fill(anmf),
    ]);
    return Buffer.concat([Buffer.from("RIFF", "latin1"), side(body.length, 4, "LE"), body]);
  };
  const png = await still("png");
  // An fcTL per frame (sequence, 1000 × 1000 at (0, 0), delay, disposal); no fdAT is needed to count.
  const fctl = pngChunk(
    "fcTL",
    Buffer.concat([Buffer.alloc(4), side(1000, 4, "BE"), side(1000, 4, "BE"), Buffer.alloc(14)]),
  );
  const apng = (frames: number) =>
    Buffer.concat([png.subarray(0, png.length - 12), ...Array<Buffer>(frames).fill(fctl), png.subarray(-12)]);
  const refused = (error: unknown) =>
    error instanceof MalformedImageError &&
    error.expected?.includes("50 megapixels, every frame counted") === true &&
    error.message === "a frame of 1000 × 1000 pixels, 51,000,000 in all frames";

  assert.is(withoutMetadata(animatedWebp(50), "webp").length, animatedWebp(50).length);
  assert.is(withoutMetadata(apng(50), "png").length, apng(50).length);
  assert.throws(() => withoutMetadata(animatedWebp(51), "webp"), refused);
  assert.throws(() => withoutMetadata(apng(51), "png"), refused);
});

test("should refuse a GIF of one frame over 50 megapixels as an image, not as an animation", () => {
  // Before: its one frame got "an animation of at most 50 megapixels, every frame counted".
  const header = Buffer.from([...Buffer.from("GIF89a", "latin1"), 100, 0, 100, 0, 0, 0, 0]);
  // One 10,000 × 6,000 frame: both sides within 16,383, 60 megapixels.
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 0x10, 0x27, 0x70, 0x17, 0, 2, 1, 0, 0]);
  assert.throws(
    () => withoutMetadata(Buffer.concat([header, frame, Buffer.from([0x3b])]), "gif"),
    (error: unknown) =>
      error instanceof MalformedImageError &&
      error.expected === "an image of at most 50 megapixels (scale it down before adding it)" &&
      error.message === "a frame of 10000 × 6000 pixels, 60,000,000 in all frames",
  );
});

test("should refuse a GIF frame wider or higher than 16,383 pixels, though its header says 100 × 100", () => {
  // Before: the side limit held for the header only, so a 20,000 × 1 frame was published.
  const header = Buffer.from([...Buffer.from("GIF89a", "latin1"), 100, 0, 100, 0, 0, 0, 0]);
  const frame = (width: number) => Buffer.from([0x2c, 0, 0, 0, 0, width & 0xff, width >> 8, 1, 0, 0, 2, 1, 0, 0]);
  const gif = (width: number) => Buffer.concat([header, frame(100), frame(width), Buffer.from([0x3b])]);

  assert.is(withoutMetadata(gif(16_383), "gif").length, gif(16_383).length);
  assert.throws(
    () => withoutMetadata(gif(20_000), "gif"),
    (error: unknown) =>
      error instanceof MalformedImageError &&
      error.expected?.startsWith("an image at most 16383 pixels wide and high") === true &&
      error.message === "a frame of 20000 × 1 pixels, 20,100 in all frames",
  );
});

test("should copy the blocks an image keeps into one buffer, not one piece per block, whatever alternates", async () => {
  // Before: a piece per kept block or run of blocks, so kept and dropped blocks in turn were a
  // piece each. A 60 MB PNG of 5 million empty IDAT chunks took 3 s and 980 MB, a JPEG of DRI
  // and comment segments in turn 2 s and 1 GB, a GIF of frames and comments in turn 1 s and 800 MB.
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#0f0" } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } })
    .jpeg()
    .toBuffer();
  const webp = await sharp({ create: { width: 2, height: 2, channels: 4, background: "#00f8" } })
    .webp()
    .toBuffer();
  const iend = png.length - 12;
  const idats = Array<Buffer>(1000).fill(pngChunk("IDAT", Buffer.alloc(0)));
  const texts = Array<Buffer>(1000).fill(pngChunk("tEXt", Buffer.from("a\0b", "latin1")));
  const dri = Buffer.from([0xff, 0xdd, 0, 4, 0, 0]);
  const comment = Buffer.from([0xff, 0xfe, 0, 3, 0x78]);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0]);
  const gifHeader = Buffer.from([...Buffer.from("GIF89a", "latin1"), 1, 0, 1, 0, 0, 0, 0]);
  const gifComment = Buffer.from([0x21, 0xfe, 1, 0x78, 0]);
  const riff = (chunks: Buffer[]): Buffer => {
    const body = Buffer.concat([Buffer.from("WEBP", "latin1"), ...chunks]);
    const head = Buffer.from("RIFF\0\0\0\0", "latin1");
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body]);
  };
  const xmpChunk = Buffer.from("XMP \x02\0\0\0ab", "latin1");
  const image = webp.subarray(12); // its one VP8/VP8L chunk
  const alternate = (a: Buffer, b: Buffer): Buffer[] => Array.from({ length: 1000 }, () => [a, b]).flat();
  const cases: [string, Buffer, Buffer][] = [
    [
      "png",
      Buffer.concat([png.subarray(0, iend), ...alternate(idats[0]!, texts[0]!), png.subarray(iend)]),
      Buffer.concat([png.subarray(0, iend), ...idats, png.subarray(iend)]),
    ],
    [
      "jpg",
      Buffer.concat([jpeg.subarray(0, 2), ...alternate(dri, comment), jpeg.subarray(2)]),
      Buffer.concat([jpeg.subarray(0, 2), ...Array<Buffer>(1000).fill(dri), jpeg.subarray(2)]),
    ],
    [
      "gif",
      Buffer.concat([gifHeader, ...alternate(frame, gifComment), Buffer.from([0x3b])]),
      Buffer.concat([gifHeader, ...Array<Buffer>(1000).fill(frame), Buffer.from([0x3b])]),
    ],
    ["webp", riff([...alternate(image, xmpChunk)]), riff(Array<Buffer>(1000).fill(image))],
  ];
  const concat = Buffer.concat;
  for (const [type, bytes, expected] of cases) {
    let most = 0;
    Buffer.concat = (list, length) => {
      most = Math.max(most, list.length);
      return concat(list, length);
    };
    try {
      const stripped = withoutMetadata(bytes, type);
      Buffer.concat = concat;
      assert.ok(stripped.equals(expected), `${type}: the kept blocks, as they were`);
      assert.ok(most <= 4, `${type}: pieces joined at once: ${most}`);
    } finally {
      Buffer.concat = concat;
    }
  }
});

test.run();
