import { resolve } from "node:path";
import { writeIfChanged } from "../util/write-if-changed.ts";
import type { WrittenFiles } from "../util/written-files.ts";

/*
 * The files of a one-off build, written by us rather than by Eleventy. `npm run build` asks
 * Eleventy for its results without writing them (`toJSON`, scripts/build.mjs), and the
 * after-build hook writes them here before it checks them, leaving alone each file a rebuild
 * finds already written byte for byte (src/util/write-if-changed.ts says why).
 */

/** One file Eleventy rendered (and wrote, unless asked for its results only), as `eleventy.after` reports it. */
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

/**
 * The files Eleventy rendered, by absolute path: what the after-build steps take instead of
 * reading them back. A template that rendered something other than text or bytes is a bug.
 */
export function renderedFiles(results: readonly RenderedFile[]): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>();
  for (const { outputPath, content } of results) {
    if (!outputPath) continue;
    if (typeof content !== "string" && !Buffer.isBuffer(content))
      throw new Error(`${outputPath} was rendered as ${typeof content}, not text or bytes`);
    files.set(resolve(outputPath), content);
  }
  return files;
}

/** Writes each rendered file, leaving alone those already there byte for byte. */
export function writeResults(files: WrittenFiles): WriteReport {
  const folders = new Set<string>();
  const report: WriteReport = { files: 0, unchanged: 0 };
  for (const [file, content] of files) {
    report.files += 1;
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    if (!writeIfChanged(file, bytes, folders)) report.unchanged += 1;
  }
  return report;
}
