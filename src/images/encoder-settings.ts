import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PIXEL_LIMIT } from "../blog/image-files.ts";
import { packageVersion } from "../util/package-version.ts";
import { MAX_WIDTH, type RenditionFormat } from "./rendition-plan.ts";

/*
 * How each rendition format is encoded (sharp's options). They are part of every rendition's
 * name and cache key (with sharp's version), so changing one here republishes every image under
 * new URLs and never reuses a rendition made the old way. Kept apart from the encoder so that
 * planning, which every build does, never loads sharp: a warm build converts nothing.
 */

/**
 * sharp's output options by format: quality where a visible loss is hard to see on a photo.
 * AVIF at effort 0: on this project's 2-core build machine a 1600-px photo took 0.3-0.9 s,
 * against 1.5-6.5 s at effort 2 and 18-21 s at sharp's default 4, for files 12-16% larger than
 * at effort 2 (still a sixth of the JPEG). Cold builds (CI, a cleared cache) pay this per image.
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
const ENCODE_PROCESS = fileURLToPath(new URL("./encode-process.mjs", import.meta.url));

/**
 * The encoder and its options as one string: what rendition names and cache keys hash. With
 * the decode limits and a digest of the encoder's process, whose pipeline makes the pixels: a
 * change there must not publish renditions made the old way under the same names.
 */
export function encoderSettings(): string {
  if (settings === undefined) {
    const pipeline = createHash("sha256").update(readFileSync(ENCODE_PROCESS)).digest("hex").slice(0, 16);
    settings = `sharp ${packageVersion("sharp")} ${JSON.stringify(ENCODE_OPTIONS)} max ${MAX_WIDTH} px, ${PIXEL_LIMIT} pixels, process ${pipeline}`;
  }
  return settings;
}
