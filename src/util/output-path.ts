import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { findControlCharacter } from "./control-characters.ts";
import { StacklessError } from "./stackless-error.ts";
import { escapeControlCharacters } from "./terminal-text.ts";

/*
 * The one function that makes output paths. Every file this build writes is named from
 * untrusted input (project names, slugs, tags, image names, `blog.url`), so each is checked
 * here, whatever was checked upstream: a path that could leave the output folder is refused.
 */

/** Raised when an output path would leave the output folder: a bug or a hostile name, never written. */
export class OutputPathError extends StacklessError {
  /** Why the path was refused, in words (`it contains a backslash`). */
  readonly reason: string;
  constructor(path: string, reason: string) {
    // The path is quoted for a terminal: a control character is shown as `\u001b`, never sent.
    super(
      `Refusing to write "${escapeControlCharacters(path)}": ${reason}; every output file must stay inside the output folder`,
    );
    this.reason = reason;
  }
}

/**
 * Checks a path relative to the output folder (`/`-separated, e.g. `projects/x/index.html`)
 * and returns it unchanged; throws `OutputPathError` when it could name anything outside.
 */
export function outputPath(path: string): string {
  const refuse = (reason: string) => new OutputPathError(path, reason);
  if (path === "") throw refuse("the path is empty");
  if (path.includes("\0")) throw refuse("it contains a NUL character");
  // A control character in a file name could rewrite the terminal of whoever lists the folder.
  const control = findControlCharacter(path);
  if (control) throw refuse(`it contains the control character ${control.codePoint}`);
  if (path.includes("\\")) throw refuse("it contains a backslash");
  if (path.startsWith("/") || isAbsolute(path)) throw refuse("it is an absolute path");
  const segments = path.split("/");
  if (segments.some((segment) => segment === ".." || segment === ".")) throw refuse("it has a `.` or `..` segment");
  if (segments.slice(0, -1).some((segment) => segment === "")) throw refuse("it has an empty segment");
  if (segments.at(-1) === "") throw refuse("it names a folder, not a file");
  return path;
}

/** Whether `path` is `folder` or inside it, both taken from the working folder when relative. */
export function isInside(path: string, folder: string): boolean {
  const rest = relative(resolve(folder), resolve(path));
  return rest === "" || (rest !== ".." && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

/** Files made with `outputFile` since `forgetOutputFiles`, absolute: what this build wrote itself. */
export const outputFilesMade = new Set<string>();
/** The output folder of the last file `outputFile` made. */
let root = "";
/** Of Eleventy's files, those found already holding this build's bytes, so not written again (paginated-output.ts). */
export const unchangedFiles = new Map<string, string | Buffer>();

/** The absolute file of a checked output path inside `outputDir`, remembered for src/eleventy/dev-output.ts. */
export function outputFile(outputDir: string, path: string): string {
  root = resolve(outputDir);
  const file = join(root, outputPath(path));
  outputFilesMade.add(file);
  return file;
}

/**
 * Writes `bytes` into `file` (from `outputFile`), making its folder first, unless it holds them
 * already. A file of other bytes is replaced by a new one, never written into: the output
 * folder can be an earlier build's (src/eleventy/output-folder.ts).
 */
export function writeOutputFile(file: string, bytes: Uint8Array): void {
  if (heldBytes(file, bytes.length)?.equals(bytes)) return;
  clearWayTo(file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

/**
 * Removes what stands in the way of writing `file` (from `outputFile`) in an earlier build's
 * output: the file or folder at its path, and a file where one of its folders is needed; then
 * makes its folder. Eleventy under `npm start` takes a folder it once found for there ever
 * after, and would not make it again once a refused build or a deleted post took it away.
 */
export function clearWayTo(file: string): void {
  rmSync(file, { recursive: true, force: true });
  const folder = dirname(file);
  for (let dir = folder; root !== "" && dir !== root && isInside(dir, root); dir = dirname(dir)) {
    const found = lstatSync(dir, { throwIfNoEntry: false });
    if (found?.isDirectory() && dir === folder) return;
    if (found?.isDirectory()) break;
    if (found) rmSync(dir);
  }
  mkdirSync(folder, { recursive: true });
}

/**
 * What `heldBytes` reads into, grown to the largest file compared: a new buffer a file made
 * reading back a 4,000-post site take 1.8 s instead of 0.5.
 */
let scratch = Buffer.alloc(0);

/** The bytes of `file` when it is a file (not a symbolic link) of `size` bytes, valid until the next call. */
export function heldBytes(file: string, size: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size !== size) return undefined;
    if (scratch.length < size) scratch = Buffer.allocUnsafe(size);
    const held = scratch.subarray(0, size);
    return readSync(fd, held, 0, size, 0) === size ? held : undefined;
  } finally {
    closeSync(fd);
  }
}

/** Starts a new build's record of made files. */
export function forgetOutputFiles(): void {
  outputFilesMade.clear();
  unchangedFiles.clear();
}
