import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { isInside, writeOutputFile } from "../util/output-path.ts";
import { StacklessError } from "../util/stackless-error.ts";

/*
 * The output folder holds exactly one successful build (docs/deployment.md): `npm run build`
 * writes a staging folder beside it, renamed into place once every check passed; a failed or
 * killed build leaves the previous output. The replaced output is kept as `.{name}.spare`, the
 * next build's staging folder, so unchanged files are not written again (docs/performance.md).
 */

/** A problem with the output folder itself, said in one sentence (no stack trace). */
export class OutputFolderError extends StacklessError {}

/** The file at the top of every output: a folder carrying it is one a build may replace or clean. */
export const OUTPUT_MARKER = ".folio-output";

/** `.{name}.staging-{pid}-{random}` and `.{name}.old-{pid}-{random}` beside the output folder `{name}`. */
const BESIDE = /^\.(.+)\.(staging|old)-(\d+)-\w+$/;

/** Writes the marker at the top of `outputDir` (into `file`, when the caller named it). */
export function writeOutputMarker(outputDir: string, file: string = join(outputDir, OUTPUT_MARKER)): void {
  // writeOutputFile makes the folder when it is missing.
  const text = "This folder is the output of a build of this site; the next build replaces it.\n";
  writeOutputFile(file, Buffer.from(text));
}

/** True when `dir` is a staging folder made by `makeStagingFolder`: every file in it is this build's. */
export function isStagingFolder(dir: string): boolean {
  return BESIDE.exec(basename(resolve(dir)))?.[2] === "staging";
}

/**
 * Refuses an output folder the build may not replace as a whole: one holding the project (`keep`)
 * or the `content` folder, or inside it (read by the build, replaced by init), a symbolic link, a
 * file, or a folder of files no build of this site wrote.
 */
export function checkOutputFolder(outputDir: string, keep: readonly string[], content?: string): void {
  const out = resolve(outputDir);
  for (const folder of content === undefined ? keep : [...keep, content]) {
    if (isInside(folder, out))
      throw new OutputFolderError(
        `The output folder ${out} holds ${resolve(folder)}, and each build replaces it as a whole: pass --output=<a folder of its own, such as _site>.`,
      );
  }
  if (content !== undefined && isInside(out, content))
    throw new OutputFolderError(
      `The output folder ${out} is inside the content folder ${resolve(content)}, which the build reads: pass --output=<a folder outside it, such as _site>.`,
    );
  const found = lstatSync(out, { throwIfNoEntry: false });
  if (!found) return;
  if (found.isSymbolicLink())
    throw new OutputFolderError(
      `The output folder ${out} is a symbolic link, and a build replaces the link, not what it points to: pass --output=<the real folder>.`,
    );
  if (!found.isDirectory())
    throw new OutputFolderError(
      `The output folder ${out} is a file, not a folder: move the file away, or pass --output=<another folder>.`,
    );
  // `--output=docs` must not delete the docs.
  let names: string[] = [];
  try {
    names = readdirSync(out);
  } catch (error) {
    // Gone since the lstat: another build swapped it out.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (names.length > 0 && !names.includes(OUTPUT_MARKER))
    throw new OutputFolderError(
      `The output folder ${out} holds files no build of this site wrote: move them away or pass --output=<an empty or new folder>.`,
    );
}

/** Whether a process with this id runs (a build still writing its staging folder); our own id is a dead build's. */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Cleans up after killed builds: their staging folders and set-aside outputs are removed; a
 * build killed between its two renames left no output folder, and its set-aside one goes back.
 */
export function removeLeftovers(outputDir: string): void {
  const out = resolve(outputDir);
  let names: string[];
  try {
    names = readdirSync(dirname(out));
  } catch {
    return;
  }
  for (const name of names.sort()) {
    const match = BESIDE.exec(name);
    if (!match || match[1] !== basename(out) || isRunning(Number(match[3]))) continue;
    const leftover = join(dirname(out), name);
    const putBack =
      match[2] === "old" &&
      !lstatSync(out, { throwIfNoEntry: false }) &&
      lstatSync(leftover).isDirectory() &&
      readdirSync(leftover).includes(OUTPUT_MARKER);
    if (putBack) renameSync(leftover, out);
    else removeUnlessMounted(leftover);
  }
}

const spareOf = (out: string): string => join(dirname(out), `.${basename(out)}.spare`);

/**
 * A staging folder beside the output folder (whose parent it creates): the spare when there is
 * one a build may write over, else a new, empty folder. The build removes the files it did not
 * write (src/eleventy/dev-output.ts).
 */
export function makeStagingFolder(outputDir: string): string {
  const out = resolve(outputDir);
  mkdirSync(dirname(out), { recursive: true });
  const staging = mkdtempSync(join(dirname(out), `.${basename(out)}.staging-${process.pid}-`));
  const spare = spareOf(out);
  if (!lstatSync(spare, { throwIfNoEntry: false })) return staging;
  if (!isPlainOutput(spare)) {
    removeUnlessMounted(spare);
    return staging;
  }
  try {
    // Over the empty staging folder, in one step: a concurrent build may have taken the spare.
    renameSync(spare, staging);
  } catch {}
  return staging;
}

/**
 * Whether `dir` is a build's output that writing over cannot reach outside of: a folder (not a
 * link) carrying the marker, holding only folders and files of one link each (a symbolic link
 * or a second name of a file elsewhere would be written through), and no mount point.
 */
function isPlainOutput(dir: string): boolean {
  if (!lstatSync(dir).isDirectory() || !existsSync(join(dir, OUTPUT_MARKER)) || holdsMountPoint(dir)) return false;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).every(
    (entry) => entry.isDirectory() || (entry.isFile() && lstatSync(join(entry.parentPath, entry.name)).nlink === 1),
  );
}

/**
 * Puts a checked staging folder in the output folder's place: the old output is renamed aside,
 * the staging folder in, the old one kept as the spare; if the second rename fails, the old one
 * goes back.
 */
export function replaceOutputFolder(staging: string, outputDir: string): void {
  const out = resolve(outputDir);
  writeOutputMarker(staging);
  const old = lstatSync(out, { throwIfNoEntry: false })
    ? join(dirname(out), `.${basename(out)}.old-${process.pid}-${randomBytes(4).toString("hex")}`)
    : undefined;
  if (old) renameSync(out, old);
  try {
    renameSync(staging, out);
  } catch (error) {
    if (old) renameSync(old, out);
    throw error;
  }
  if (!old) return;
  if (holdsMountPoint(old)) return void removeUnlessMounted(old);
  // Kept as the next build's staging folder.
  rmSync(spareOf(out), { recursive: true, force: true });
  renameSync(old, spareOf(out));
}

/**
 * Deletes a set-aside output or a staging folder, unless a folder is mounted inside it: deleting
 * would reach through the mount, so it stays, with one warning.
 */
function removeUnlessMounted(dir: string): void {
  if (holdsMountPoint(dir))
    console.warn(`[build] ${dir} holds a mount point: it is left in place; unmount it, then delete it.`);
  else rmSync(dir, { recursive: true, force: true });
}

/** Whether a folder is mounted inside `dir` (Linux's mount table). */
function holdsMountPoint(dir: string): boolean {
  let table = "";
  try {
    table = readFileSync("/proc/self/mountinfo", "utf8");
  } catch {
    // Not Linux: no mount table to read.
  }
  return table.split("\n").some((line) => {
    // The fifth field, with space, tab, newline and backslash written as octal escapes.
    const point = line
      .split(" ")[4]
      ?.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
    return point !== undefined && isInside(point, dir);
  });
}

/** Removes a failed build's staging folder; never throws, since it runs while a failure is reported. */
export function removeStagingFolder(staging: string): void {
  try {
    rmSync(staging, { recursive: true, force: true });
  } catch {
    // The next build removes it.
  }
}
