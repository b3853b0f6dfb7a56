import { lstatSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/*
 * The files of a one-off build, written by us rather than by Eleventy. `npm run build` asks
 * Eleventy for its results without writing them (`toJSON`, scripts/build.mjs), and the
 * after-build hook writes them here before it checks them.
 *
 * Why: a rebuild writes over the previous output (src/util/output-folder.mjs, the spare), and
 * most of its files come out byte for byte as they were. Overwriting a file costs its
 * truncation and a new allocation in the file system; reading it back and comparing costs
 * about a fifth of that (9,185 files, 172 MiB: 530-1,000 ms to overwrite, 105-120 ms to read
 * and compare). A file whose bytes are already there is left as it is, its time stamp too; any
 * other is written as Eleventy would write it. Writing on libuv's threads instead was no faster
 * here (570-910 ms with 4 or 16 at once).
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
    const file = resolve(result.outputPath);
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    report.files += 1;
    if (holdsAlready(file, bytes)) {
      report.unchanged += 1;
      continue;
    }
    const folder = dirname(file);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileSync(file, bytes);
  }
  return report;
}

/**
 * Whether `file` is a regular file holding exactly `bytes`. Not following a link: the reused
 * output holds none (src/util/output-folder.mjs), and what one points at is not this file.
 */
function holdsAlready(file: string, bytes: Buffer): boolean {
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (!stats?.isFile() || stats.size !== bytes.length) return false;
  return readFileSync(file).equals(bytes);
}
