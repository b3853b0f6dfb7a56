import { PIXEL_LIMIT } from "../blog/image-files.ts";
import { ENCODE_OPTIONS } from "./encoder-settings.ts";
import { MAX_WIDTH, type RenditionFormat } from "./rendition-plan.ts";

/*
 * What the image encoder is told to make of a source: how to decode it, and each rendition's
 * format, size and sharp options. sharp (libvips) itself runs in the encoder's own process
 * (src/images/encode-process.mjs says why); its output carries no metadata (no EXIF position
 * of where a photo was taken), is turned as the EXIF orientation says, and is in sRGB. The
 * settings are chosen here, in TypeScript, because that process is plain JavaScript that cannot
 * import them.
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

/**
 * Why a source was not encoded: it is no longer the file the build planned with (its bytes hash
 * to another digest, it was removed or replaced by something that is not a file), so its
 * renditions would publish other pixels under the planned names. Content's, not ours.
 */
export class ChangedSourceError extends Error {}

/**
 * How each source is decoded, once for all its renditions (encode-process.mjs): never wider than
 * the widest rendition (a JPEG shrinks while it loads), and under the pixel limit, checked on the
 * declared size already, in case a header lied.
 */
export const DECODE_SETTINGS = { maxWidth: MAX_WIDTH, pixelLimit: PIXEL_LIMIT } as const;

/** One rendition as the encoder's process makes it: sharp's output format and its options. */
export type Encoding = Omit<RenditionSpec, "drawing"> & { options: Readonly<Record<string, number | boolean>> };

/** The encoding of `spec`: ENCODE_OPTIONS of its format, a PNG source's AVIF as a drawing. */
export function encodingOf(spec: RenditionSpec): Encoding {
  const options =
    spec.format === "avif" && spec.drawing
      ? ENCODE_OPTIONS.avifDrawing
      : (ENCODE_OPTIONS[spec.format] as Encoding["options"]);
  return { format: spec.format, width: spec.width, height: spec.height, options };
}
