import type { Sharp } from "sharp";
import { PIXEL_LIMIT } from "../blog/image-files.ts";
import { ENCODE_OPTIONS } from "./encoder-settings.ts";
import { MAX_WIDTH, type RenditionFormat } from "./rendition-plan.ts";

/*
 * Encodes one rendition with sharp (libvips). sharp is loaded on the first conversion only: a
 * build whose renditions all come from the cache never loads it. Its output carries no
 * metadata (no EXIF position of where a photo was taken), is turned as the EXIF orientation
 * says, and is converted to sRGB.
 */

/** What to make: the format and the exact size (the plan rounded the height; the pages state it). */
export interface RenditionSpec {
  format: RenditionFormat;
  width: number;
  height: number;
  /** True for a PNG source: encoded as a drawing (ENCODE_OPTIONS.avifDrawing). */
  drawing: boolean;
}

/** Why sharp could not read or encode a source image (a truncated or corrupt file): content's fault, not ours. */
export class UnreadableImageError extends Error {}

/** A source image decoded once, turned upright, in sRGB, at most MAX_WIDTH wide: what each of its renditions is made from. */
export interface DecodedImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Decodes a source image once for all its renditions (decoding a 3600-px JPEG nine times cost
 * more than encoding). Never wider than the widest rendition: a JPEG shrinks while it loads.
 */
export async function decodeSource(bytes: Uint8Array): Promise<DecodedImage> {
  const { default: sharp } = await import("sharp");
  try {
    // The pixel limit was checked on the declared size already; this holds if a header lied.
    const { data, info } = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: "error" })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

/** The encoded bytes of `spec` made from a decoded source. */
export async function encodeRendition(source: DecodedImage, spec: RenditionSpec): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp(source.data, { raw: source.info }).resize(spec.width, spec.height, { fit: "fill" });
  return encoded(image, spec.format, spec.drawing).toBuffer();
}

function encoded(image: Sharp, format: RenditionFormat, drawing: boolean): Sharp {
  switch (format) {
    case "avif":
      return image.avif(drawing ? ENCODE_OPTIONS.avifDrawing : ENCODE_OPTIONS.avif);
    case "webp":
      return image.webp(ENCODE_OPTIONS.webp);
    case "jpeg":
      return image.jpeg(ENCODE_OPTIONS.jpeg);
    case "png":
      return image.png(ENCODE_OPTIONS.png);
  }
}
