import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PIXEL_LIMIT } from "../blog/image-files.ts";
import { contentKey } from "../util/build-cache.ts";
import { packageVersion } from "../util/package-version.ts";
import { MAX_WIDTH, type RenditionFormat } from "./rendition-plan.ts";

/*
 * What the image encoder's process (encode-process.mjs) is told to make of a source: how to
 * decode it, and each rendition's format, size and sharp options. Its output carries no metadata,
 * is turned as the EXIF orientation says, and is in sRGB. The settings are part of every
 * rendition's name and cache key, so a change republishes every image under new URLs. Nothing
 * here loads sharp: planning never needs it, and a warm build converts nothing.
 */

/**
 * sharp's output options by format: quality where a visible loss is hard to see on a photo. AVIF
 * at effort 0: 0.3-0.9 s a 1600-px photo on the build machine, against 1.5-6.5 s at effort 2 and
 * 18-21 s at sharp's default, for files 12-16% larger than at effort 2.
 */
export const ENCODE_OPTIONS = {
  avif: { quality: 50, effort: 0 },
  // A PNG is mostly a drawing: at effort 0 its AVIF outgrew the PNG (the sample's LoRa cover:
  // 21.5 KB against 13.4 KB), at effort 2 it is 5.7 KB. Drawings are small, so this is cheap.
  avifDrawing: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
} as const satisfies Record<RenditionFormat | "avifDrawing", object>;

let settings: string | undefined;

/** The encoder's process: its decode steps (turn upright, shrink, sRGB) are part of every rendition. */
export const ENCODE_PROCESS = fileURLToPath(new URL("./encode-process.mjs", import.meta.url));

/**
 * The encoder and its options as one string, for rendition names and cache keys: with the decode
 * limits and a digest of the encoder's process, whose pipeline makes the pixels.
 */
export function encoderSettings(): string {
  if (settings === undefined) {
    const pipeline = createHash("sha256").update(readFileSync(ENCODE_PROCESS)).digest("hex").slice(0, 16);
    settings = `sharp ${packageVersion("sharp")} ${JSON.stringify(ENCODE_OPTIONS)} max ${MAX_WIDTH} px, ${PIXEL_LIMIT} pixels, process ${pipeline}`;
  }
  return settings;
}

/** What to make: the format and the exact size (the plan rounded the height; the pages state it). */
export interface RenditionSpec {
  format: RenditionFormat;
  width: number;
  height: number;
  /** True for a PNG source: encoded as a drawing (ENCODE_OPTIONS.avifDrawing). */
  drawing: boolean;
}

/** The cache key of a rendition of the source whose bytes hash to `sourceDigest`. */
export function renditionKey(settings: string, sourceDigest: string, spec: RenditionSpec): string {
  return contentKey("rendition", settings, sourceDigest, spec.format, spec.width, spec.height, spec.drawing);
}

/** Why sharp could not read or encode a source image (a truncated or corrupt file): content's fault, not ours. */
export class UnreadableImageError extends Error {}

/** Why a source was not encoded: it is no longer the file the build planned with. Content's, not ours. */
export class ChangedSourceError extends Error {}

/** How each source is decoded, once for all its renditions: never wider than the widest, under the pixel limit. */
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
