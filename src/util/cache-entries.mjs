// @ts-check
/*
 * How every cache kind (compiled module, validators, social images, highlighted code, key
 * fingerprints, GitHub's answers) checks its folder, keeps an entry and says what went wrong:
 * one folder check, one atomic write, one warning channel. Plain JavaScript so that
 * src/eleventy/compiled-site.mjs, which runs before our TypeScript is compiled, uses it as it
 * is; the TypeScript side imports it through src/util/build-cache.ts.
 *
 * The cache is an input like any other: someone may delete it, fill its disk, or replace a
 * folder with a file. None of that fails a build: a folder that cannot be used is ignored, an
 * entry that cannot be written is not kept, each with one warning line (docs/robustness.md).
 */
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { withoutControlCharacters } from "./control-characters.mjs";
import { writeFileAtomically } from "./write-atomically.mjs";

/**
 * Larger than any entry a build keeps (the largest, a 4,000-post site's highlighted code, is
 * 3.3 MiB; an image rendition is made from a source of at most 64 MiB): a bigger file is
 * refused unread, where reading a planted 1 GiB file took 4 s and its memory.
 */
export const MAX_CACHE_FILE_BYTES = 64 * 1024 * 1024;

/**
 * The bytes of the cache file `file`: undefined when there is none; why it cannot be used when
 * it is not a regular file (a folder, a FIFO, a device, a symbolic link, whose target lies
 * outside the cache), is larger than MAX_CACHE_FILE_BYTES or cannot be read. Opened without
 * following a link and without waiting for a FIFO's writer (reading a FIFO or /dev/zero never
 * ends), then checked by what was opened, so nothing can be swapped in between.
 * @param {string} file
 * @returns {Buffer | undefined | string}
 */
export function readCacheFile(file) {
  let fd;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile()) return "is not a regular file";
    if (stats.size > MAX_CACHE_FILE_BYTES) return `is larger than ${MAX_CACHE_FILE_BYTES / 1024 / 1024} MiB`;
    return readFileSync(fd);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === "ENOENT") return undefined;
    return code === "ELOOP" ? "is not a regular file" : `cannot be read (${code ?? String(error)})`;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Why `dir` cannot hold cache entries (the path at fault and the reason), or null when it can;
 * creates it if need be. `root` is the folder the owner configured (FOLIO_CACHE_DIR, say),
 * `dir` itself by default: it may be a link or lie under one (a CI cache mount), but no folder
 * below it down to `dir` may be a symbolic link, or the kind's entries would be read from and
 * written to wherever that link points, outside the cache. Checked before creating anything,
 * since creating `dir` through a link would already write at its target.
 * @param {string} dir
 * @param {{ root?: string }} [options]
 * @returns {{ path: string, reason: string } | null}
 */
export function folderProblem(dir, options = {}) {
  const link = linkBelow(options.root ?? dir, dir);
  if (link !== undefined) return { path: link, reason: "is a symbolic link, not a folder" };
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    // The nearest existing ancestor names the culprit: `.cache` is a file, say.
    let blocker = dir;
    while (dirname(blocker) !== blocker && isFolder(blocker) === undefined) blocker = dirname(blocker);
    return isFolder(blocker) === false
      ? { path: blocker, reason: "is a file, not a folder" }
      : { path: dir, reason: `cannot be created (${codeOf(error)})` };
  }
  try {
    accessSync(dir, constants.R_OK | constants.W_OK);
  } catch {
    return { path: dir, reason: "is not writable" };
  }
  return null;
}

/**
 * The first path from below `root` down to `dir` that is a symbolic link, if any. What is
 * missing is made by `folderProblem` as a folder; a file or an unreadable path is left to its
 * mkdir to report.
 * @param {string} root
 * @param {string} dir
 * @returns {string | undefined}
 */
function linkBelow(root, dir) {
  const steps = relative(resolve(root), resolve(dir));
  if (steps === ".." || steps.startsWith(`..${sep}`) || isAbsolute(steps))
    throw new Error(`${dir} does not lie under ${root}`);
  let path = resolve(root);
  for (const step of steps.split(sep).filter(Boolean)) {
    path = join(path, step);
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      return undefined;
    }
    if (stats.isSymbolicLink()) return path;
    if (!stats.isDirectory()) return undefined;
  }
  return undefined;
}

/**
 * True for a folder, false for anything else, undefined when nothing (reachable) is there.
 * @param {string} path
 * @returns {boolean | undefined}
 */
export function isFolder(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return undefined;
  }
}

/**
 * Keeps an entry in the cache, written atomically (src/util/write-atomically.mjs). A write that
 * fails (a full disk, a folder where the file belongs that cannot be removed) costs only the
 * next build's time, so it is one warning line per folder, not a failed build.
 * @param {string} file
 * @param {string | Uint8Array} data
 * @returns {boolean} whether the entry was kept
 */
export function keepInBuildCache(file, data) {
  try {
    writeFileAtomically(file, data);
    return true;
  } catch (error) {
    const folder = dirname(file);
    warnCacheOnce(
      folder,
      (name) =>
        `The build cache ${name} cannot be written (${codeOf(error)}): this build goes on without keeping its entries there, and the next build computes them again.`,
    );
    return false;
  }
}

/**
 * Says that a cache folder cannot be used at all (`reason`, from `folderProblem`), once.
 * @param {string} path
 * @param {string} reason
 * @returns {void}
 */
export function warnUnusableCache(path, reason) {
  warnCacheOnce(
    path,
    (name) => `The build cache ${name} ${reason}: it is ignored and this build computes everything afresh.`,
  );
}

/*
 * One line per path at fault, however many caches it holds: `.cache` being a file is said
 * once, not once by the compiled module's loader and again by each cache kind. The set lives on
 * the global object because this module runs twice in a build: as itself, imported by
 * src/eleventy/compiled-site.mjs, and bundled into the compiled site module.
 */
const WARNED = Symbol.for("folio.cache-warnings");

/**
 * The one warning channel of the caches: prints `[folio] {sentence}` unless a line about
 * `path` was printed already in this process. `sentence` gets the path as shown (relative to
 * the working folder when inside it, quoted, without control characters).
 * @param {string} path
 * @param {(name: string) => string} sentence
 * @returns {void}
 */
export function warnCacheOnce(path, sentence) {
  const global = /** @type {{ [WARNED]?: Set<string> }} */ (/** @type {unknown} */ (globalThis));
  global[WARNED] ??= new Set();
  const warned = global[WARNED];
  if (warned.has(path)) return;
  warned.add(path);
  const shown = relative(process.cwd(), path);
  const name = shown && !shown.startsWith("..") ? shown : path;
  console.warn(`[folio] ${sentence(JSON.stringify(withoutControlCharacters(name)))}`);
}

/**
 * The error code of a file-system error, else the error as text.
 * @param {unknown} error
 * @returns {string}
 */
function codeOf(error) {
  return /** @type {NodeJS.ErrnoException} */ (error)?.code ?? String(error);
}

/**
 * Dates a cache entry now, so that pruning by last use keeps it; one another build has just
 * pruned is no matter (only the pruning order is at stake).
 * @param {string} file
 */
export function markEntryUsed(file) {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // Gone meanwhile: nothing to keep.
  }
}

/**
 * Removes a cache entry that did not check (whatever stands there, a folder included). One that
 * cannot be removed is still never used: it does not check the next time either.
 * @param {string} file
 */
export function removeEntry(file) {
  try {
    rmSync(file, { recursive: true, force: true });
  } catch {
    // See above.
  }
}
