import { resolve } from "node:path";
import { writeIfChanged } from "../util/write-if-changed.ts";

/*
 * The files of a one-off build, written by us rather than by Eleventy. `npm run build` asks
 * Eleventy for its results without writing them (`toJSON`, scripts/build.mjs), and the
 * after-build hook writes them here before it checks them, leaving alone each file a rebuild
 * finds already written byte for byte (src/util/write-if-changed.ts says why).
 */

/** One file Eleventy rendered, as `eleventy.after` reports it. */
export interface RenderedFile {
  outputPath: string | false;
  content: unknown;
}

export interface WriteReport {
  /** Files this build wrote or found already written. */
  files: number;
  /** Of those, the files whose bytes were already there. */
  unchanged: number;
}

/** Writes each rendered file that has an output path, leaving alone those already there byte for byte. */
export function writeResults(results: readonly RenderedFile[]): WriteReport {
  const folders = new Set<string>();
  const report: WriteReport = { files: 0, unchanged: 0 };
  for (const result of results) {
    if (!result.outputPath) continue;
    const { content } = result;
    if (typeof content !== "string" && !Buffer.isBuffer(content))
      throw new Error(`${result.outputPath} was rendered as ${typeof content}, not text or bytes`);
    report.files += 1;
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    if (!writeIfChanged(resolve(result.outputPath), bytes, folders)) report.unchanged += 1;
  }
  return report;
}
