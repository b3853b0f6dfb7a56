import { crc32 } from "node:zlib";
import { overImageLimits } from "../blog/image-files.ts";

/*
 * Removes photo metadata from an image published as it is, by an allow-list (docs/security.md,
 * "Photo metadata"). Losslessly: segments and chunks are dropped and the compressed pixels copied
 * untouched, so quality and URL stay (sharp would re-encode). The EXIF orientation is kept as a
 * one-tag EXIF block. An image that carries nothing to remove keeps its bytes.
 */

/** Why an image's structure could not be read (its segments or chunks overrun the file), or what it breaks. */
export class MalformedImageError extends Error {
  /** What the owner should give instead, when it is more than an image that reads whole. */
  readonly expected?: string;
  constructor(message: string, expected?: string) {
    super(message);
    this.expected = expected;
  }
}

/** How each image type (as image-size names it) loses its metadata. */
const STRIPPERS: ReadonlyMap<string, (bytes: Buffer) => Buffer> = new Map([
  ["jpg", stripJpeg],
  ["png", stripPng],
  ["webp", stripWebp],
  ["gif", stripGif],
]);

/** The image types (as image-size names them) whose metadata is removed. */
export const STRIPPED_TYPES: ReadonlySet<string> = new Set(STRIPPERS.keys());

/** The bytes to publish for `bytes`, of type `type` as image-size names it; other types are returned as they are. */
export function withoutMetadata(bytes: Buffer, type: string): Buffer {
  const stripped = STRIPPERS.get(type)?.(bytes) ?? bytes;
  return stripped.equals(bytes) ? bytes : stripped;
}

/** A TIFF (EXIF) block holding only `orientation` (big-endian, one IFD0 entry), or null for upright (1). */
export function orientationExif(orientation: number): Buffer | null {
  if (orientation === 1) return null;
  const tiff = Buffer.alloc(26);
  tiff.write("MM\0\x2a", 0, "latin1");
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value, stored in the entry
  tiff.writeUInt16BE(orientation, 18);
  return tiff; // next IFD offset: 0
}

/** The orientation (1 to 8) an EXIF block states; 1 when it states none or cannot be read. */
export function exifOrientation(exif: Buffer): number {
  const tiff = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? exif.subarray(6) : exif;
  if (tiff.length < 8) return 1;
  const order = tiff.subarray(0, 2).toString("latin1");
  if (order !== "II" && order !== "MM") return 1;
  const u16 = (at: number): number => (order === "II" ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number): number => (order === "II" ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

function startsWith(bytes: Buffer, at: number, text: string): boolean {
  return bytes.subarray(at, at + text.length).toString("latin1") === text;
}

/** JPEG APPn segments kept, by their identifier: colour decoding needs them. */
const JPEG_KEPT_APP: ReadonlyMap<number, string> = new Map([
  [0xe0, "JFIF\0"],
  [0xe2, "ICC_PROFILE\0"],
  [0xee, "Adobe"],
]);

/**
 * The bytes an image keeps, copied into one buffer as its blocks are walked: a piece per block
 * kept was an object each (a 60 MB PNG of empty IDAT chunks took 3 s and 980 MB).
 */
function keptBytes(bytes: Buffer, header: number) {
  const out = Buffer.allocUnsafe(bytes.length);
  let length = bytes.copy(out, 0, 0, header);
  return {
    keep(from: number, to: number): void {
      length += bytes.copy(out, length, from, to);
    },
    get length(): number {
      return length;
    },
    /** The kept bytes, with `inserted` at `at` (an offset in them). */
    result(at = length, inserted: readonly Buffer[] = []): Buffer {
      return Buffer.concat([out.subarray(0, at), ...inserted, out.subarray(at, length)]);
    },
  };
}

/**
 * The pixels of an animation's frames and one more, refused past the limits: every frame counts
 * (a header alone let 10,000 full frames of a GIF, WebP or PNG reach visitors' browsers).
 */
function withFrame(pixels: number, width: number, height: number): number {
  const total = pixels + width * height;
  const over = overImageLimits(width, height, total);
  if (over)
    throw new MalformedImageError(
      `a frame of ${width} × ${height} pixels, ${total.toLocaleString("en")} in all frames`,
      over,
    );
  return total;
}

function stripJpeg(bytes: Buffer): Buffer {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new MalformedImageError("no JPEG start marker");
  const kept = keptBytes(bytes, 2);
  let orientation = 1;
  let exifAt = -1; // where the orientation block goes: where the first EXIF segment was
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new MalformedImageError(`no JPEG marker at byte ${at}`);
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.keep(at, at + 2);
      if (marker === 0xd9) break; // end of image: nothing after it is published
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) throw new MalformedImageError("a JPEG segment runs past the end of the file");
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end > bytes.length) throw new MalformedImageError("a JPEG segment runs past the end of the file");
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (marker === 0xe1 && startsWith(bytes, at + 4, "Exif\0\0")) {
      if (exifAt < 0) {
        exifAt = kept.length;
        orientation = exifOrientation(bytes.subarray(at + 4, end));
      }
    } else if (marker === 0xfe || (isApp && !startsWith(bytes, at + 4, JPEG_KEPT_APP.get(marker) ?? "\u{ffff}"))) {
      // A comment, XMP, IPTC, MPF or maker's segment: dropped.
    } else kept.keep(at, end);
    at = end;
    if (marker === 0xda) {
      // Entropy-coded data up to the next marker that is neither a stuffed 0xFF nor a restart.
      let next = bytes.indexOf(0xff, at);
      while (next >= 0) {
        const following = bytes[next + 1];
        if (following === undefined) break;
        if (following !== 0x00 && !(following >= 0xd0 && following <= 0xd7) && following !== 0xff) break;
        next = bytes.indexOf(0xff, next + 1);
      }
      if (next < 0) next = bytes.length;
      kept.keep(at, next);
      at = next;
    }
  }
  const exif = orientationExif(orientation);
  if (exif) {
    const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exif]);
    const header = Buffer.from([0xff, 0xe1, 0, 0]);
    header.writeUInt16BE(payload.length + 2, 2);
    return kept.result(exifAt, [header, payload]);
  }
  return kept.result();
}

/** PNG ancillary chunks kept: what colour, transparency, size and animation need. Critical chunks are always kept. */
const PNG_KEPT = new Set("tRNS cHRM gAMA iCCP sBIT sRGB cICP mDCv cLLi bKGD pHYs acTL fcTL fdAT".split(" "));

function stripPng(bytes: Buffer): Buffer {
  const kept = keptBytes(bytes, 8);
  let afterFirst = -1; // after IHDR, where an eXIf chunk goes
  let [orientation, pixels] = [1, 0];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + bytes.readUInt32BE(at);
    if (end > bytes.length) throw new MalformedImageError("a PNG chunk runs past the end of the file");
    const type = bytes.subarray(at + 4, at + 8).toString("latin1");
    if (type === "fcTL" && end - at >= 24)
      pixels = withFrame(pixels, bytes.readUInt32BE(at + 12), bytes.readUInt32BE(at + 16));
    if (type === "eXIf") orientation = exifOrientation(bytes.subarray(at + 8, end - 4));
    else if (type === "IEND") {
      // The orientation goes before the image data, as the PNG specification asks of eXIf.
      const exif = orientationExif(orientation);
      const exifAt = afterFirst < 0 ? kept.length : afterFirst;
      kept.keep(at, end);
      return exif ? kept.result(exifAt, [pngChunk("eXIf", exif)]) : kept.result();
    } else if (/^[A-Z]/.test(type) || PNG_KEPT.has(type)) {
      kept.keep(at, end);
      if (afterFirst < 0) afterFirst = kept.length;
    }
    at = end;
  }
  throw new MalformedImageError("a PNG without its end chunk");
}

/** One PNG chunk: its data's length, its type, the data and their CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** WebP chunks kept; EXIF is kept only as the orientation block. */
const WEBP_KEPT = new Set(["VP8X", "ICCP", "ANIM", "ANMF", "ALPH", "VP8 ", "VP8L"]);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Buffer): Buffer {
  if (!startsWith(bytes, 0, "RIFF") || !startsWith(bytes, 8, "WEBP")) throw new MalformedImageError("no WebP header");
  const end = Math.min(bytes.length, 8 + bytes.readUInt32LE(4));
  const kept = keptBytes(bytes, 12);
  let vp8xAt = -1;
  let [orientation, pixels] = [1, 0];
  let at = 12;
  while (at + 8 <= end) {
    const size = bytes.readUInt32LE(at + 4);
    const next = at + 8 + size + (size % 2);
    if (at + 8 + size > end) throw new MalformedImageError("a WebP chunk runs past the end of the file");
    const type = bytes.subarray(at, at + 4).toString("latin1");
    if (type === "ANMF" && size >= 12)
      pixels = withFrame(pixels, bytes.readUIntLE(at + 14, 3) + 1, bytes.readUIntLE(at + 17, 3) + 1);
    if (type === "EXIF") orientation = exifOrientation(bytes.subarray(at + 8, at + 8 + size));
    else if (WEBP_KEPT.has(type)) {
      if (type === "VP8X" && vp8xAt < 0) vp8xAt = kept.length;
      kept.keep(at, Math.min(next, end));
    }
    at = next;
  }
  const exif = vp8xAt >= 0 ? orientationExif(orientation) : null;
  // The EXIF chunk comes after the image data (WebP container specification): 26 bytes, no padding.
  const head = Buffer.from("EXIF\0\0\0\0", "latin1");
  head.writeUInt32LE(exif?.length ?? 0, 4);
  const webp = kept.result(kept.length, exif ? [head, exif] : []);
  if (vp8xAt >= 0 && webp.length > vp8xAt + 8) {
    const flags = (webp[vp8xAt + 8] ?? 0) & ~(VP8X_EXIF | VP8X_XMP);
    webp[vp8xAt + 8] = exif ? flags | VP8X_EXIF : flags;
  }
  webp.writeUInt32LE(webp.length - 8, 4);
  return webp;
}

/** GIF application extensions kept: animation looping and the colour profile. */
const GIF_KEPT_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"]);

/** A GIF without comment extensions and application extensions other than looping and ICC (XMP is one). */
function stripGif(bytes: Buffer): Buffer {
  if (!startsWith(bytes, 0, "GIF8") || bytes.length < 13) throw new MalformedImageError("no GIF header");
  const tableSize = (flags: number): number => ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** Where the sub-blocks starting at `from` end (after their zero-length terminator). */
  const subBlocksEnd = (from: number): number => {
    let at = from;
    while (at < bytes.length && bytes[at] !== 0) at += 1 + (bytes[at] ?? 0);
    if (at >= bytes.length) throw new MalformedImageError("a GIF block runs past the end of the file");
    return at + 1;
  };
  let at = 13 + tableSize(bytes[10] ?? 0);
  const out = keptBytes(bytes, 0);
  let from = 0; // where the run of kept blocks starts
  let pixels = 0;
  while (at < bytes.length) {
    const introducer = bytes[at];
    if (introducer === 0x3b) {
      out.keep(from, at + 1);
      return out.result(); // the trailer: nothing after it is published
    }
    let end: number;
    let kept = true;
    if (introducer === 0x21) {
      const label = bytes[at + 1];
      end = subBlocksEnd(at + 2);
      if (label === 0xfe) kept = false;
      if (label === 0xff)
        kept = bytes[at + 2] === 11 && GIF_KEPT_APPLICATIONS.has(bytes.subarray(at + 3, at + 14).toString("latin1"));
    } else if (introducer === 0x2c) {
      const side = (of: number): number => (bytes[at + of] ?? 0) | ((bytes[at + of + 1] ?? 0) << 8);
      pixels = withFrame(pixels, side(5), side(7));
      // After the descriptor, its colour table and the LZW minimum code size: the image data.
      end = subBlocksEnd(at + 11 + tableSize(bytes[at + 9] ?? 0));
    } else throw new MalformedImageError(`no GIF block at byte ${at}`);
    if (!kept) {
      out.keep(from, at); // the kept run before this block
      from = end;
    }
    at = end;
  }
  // No trailer: browsers show the frames there are, and so does the copy.
  out.keep(from, at);
  return out.result();
}
