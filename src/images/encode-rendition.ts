import type { Sharp } from "sharp";
import { PIXEL_LIMIT } from "../blog/image-files.ts";
import { ENCODE_OPTIONS } from "./encoder-settings.ts";
import type { RenditionFormat } from "./rendition-plan.ts";

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
}

/** Why sharp could not read or encode a source image (a truncated or corrupt file): content's fault, not ours. */
export class UnreadableImageError extends Error {}

/** The encoded bytes of `spec` made from the source image `bytes`. */
export async function encodeRendition(bytes: Uint8Array, spec: RenditionSpec): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  // The pixel limit was checked on the declared size already; this holds if a header lied.
  const image = sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: "error" })
    .rotate()
    .resize(spec.width, spec.height, { fit: "fill" });
  try {
    return await encoded(image, spec.format).toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

function encoded(image: Sharp, format: RenditionFormat): Sharp {
  switch (format) {
    case "avif":
      return image.avif(ENCODE_OPTIONS.avif);
    case "webp":
      return image.webp(ENCODE_OPTIONS.webp);
    case "jpeg":
      return image.jpeg(ENCODE_OPTIONS.jpeg);
    case "png":
      return image.png(ENCODE_OPTIONS.png);
  }
}
