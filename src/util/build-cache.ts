import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { withoutControlCharacters } from "./control-characters.ts";
import { writeFileAtomically } from "./write-atomically.ts";

/*
 * Where the build keeps what it derives from its inputs between runs (compiled validators, key
 * fingerprints, social images, highlighted code), each under a folder of its own. The build sets
 * it (src/eleventy/site.ts); left unset, as in the unit tests, everything is computed afresh.
 *
 * The cache is an input like any other: someone may delete it, fill its disk, or replace a
 * folder with a file. A folder that cannot be used is ignored with one warning line and the
 * build computes everything afresh; each reader checks every entry it reads (docs/robustness.md).
 */
let root: string | undefined;
/** Each folder's verdict: its path, or undefined when it cannot be used. */
const folders = new Map<string, string | undefined>();

export function useBuildCache(dir: string | undefined): void {
  root = dir;
  folders.clear();
}

/**
 * A folder of the build cache (`validators`), created if need be; undefined when there is no
 * cache, or when the folder cannot be used (a file stands in its way, or it is not writable),
 * which one warning line says.
 */
export function buildCacheDir(name: string): string | undefined {
  if (root === undefined) return undefined;
  const dir = resolve(root, name);
  if (!folders.has(dir)) {
    const problem = folderProblem(dir);
    if (problem) warnCacheOnce(problem.path, problem.reason);
    folders.set(dir, problem ? undefined : dir);
  }
  return folders.get(dir);
}

/**
 * Keeps an entry in the cache, written atomically; a write that fails (a full disk, a folder
 * where the file belongs that cannot be removed) costs only the next build's time, so it is
 * one warning, not a failed build.
 */
export function keepInBuildCache(file: string, data: string | Uint8Array): void {
  try {
    writeFileAtomically(file, data);
  } catch (error) {
    warnCacheOnce(dirname(file), `cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** Why `dir` cannot hold cache entries (the path at fault and the reason), or null when it can. */
export function folderProblem(dir: string): { path: string; reason: string } | null {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    // The nearest existing ancestor names the culprit: `.cache` is a file, say.
    let blocker = dir;
    while (dirname(blocker) !== blocker && isFolder(blocker) === undefined) blocker = dirname(blocker);
    return isFolder(blocker) === false ? { path: blocker, reason: "is a file, not a folder" } : { path: dir, reason: `cannot be created (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  try {
    accessSync(dir, constants.R_OK | constants.W_OK);
  } catch {
    return { path: dir, reason: "is not writable" };
  }
  return null;
}

/** True for a folder, false for anything else, undefined when nothing (reachable) is there. */
function isFolder(path: string): boolean | undefined {
  try {
    return statSync(path).isDirectory();
  } catch {
    return undefined;
  }
}

/*
 * One line per folder at fault, however many caches it holds: `.cache` being a file is said
 * once, not once by the compiled module's loader and again by each cache kind. The set lives on
 * the global object because src/eleventy/compiled-site.mjs (plain JavaScript, run before this
 * module is compiled) warns through the same set, with the same words.
 */
const WARNED = Symbol.for("folio.cache-warnings");

export function warnCacheOnce(path: string, reason: string): void {
  const global = globalThis as { [WARNED]?: Set<string> };
  const warned = (global[WARNED] ??= new Set<string>());
  if (warned.has(path)) return;
  warned.add(path);
  const shown = relative(process.cwd(), path);
  const name = shown && !shown.startsWith("..") ? shown : path;
  console.warn(`[folio] The build cache ${JSON.stringify(withoutControlCharacters(name))} ${reason}: it is ignored and this build computes everything afresh.`);
}
