import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { folderProblem, removeEntry, warnUnusableCache } from "./cache-entries.mjs";

/*
 * Where the build keeps what it derives from its inputs between runs (compiled validators, key
 * fingerprints, social images, highlighted code), each under a folder of its own. The build sets
 * it (src/eleventy/site.ts); left unset, as in the unit tests, everything is computed afresh.
 *
 * The cache is an input like any other: a folder that cannot be used (a kind's folder that is a
 * symbolic link included) is ignored with one warning line and the build computes that kind
 * afresh; each reader checks every entry it reads, and every kind keeps its entries with
 * `keepInBuildCache` (docs/robustness.md). The folder check, the write and the warnings are
 * src/util/cache-entries.mjs, shared with the compiled module's loader
 * (src/eleventy/compiled-site.mjs).
 */
export {
  folderProblem,
  keepInBuildCache,
  MAX_CACHE_FILE_BYTES,
  markEntryUsed,
  readCacheFile,
  removeEntry,
  warnCacheOnce,
  warnUnusableCache,
} from "./cache-entries.mjs";

let root: string | undefined;
/** Each folder's verdict: its path, or undefined when it cannot be used. */
const folders = new Map<string, string | undefined>();

export function useBuildCache(dir: string | undefined): void {
  root = dir;
  folders.clear();
}

/**
 * A folder of the build cache (`validators`), created if need be; undefined when there is no
 * cache, or when the folder cannot be used (a file stands in its way, it is a symbolic link,
 * or it is not writable), which one warning line says. The root the owner set may be a link
 * (a CI cache mount); a kind's folder below it may not, or its entries would live elsewhere.
 */
export function buildCacheDir(name: string): string | undefined {
  if (root === undefined) return undefined;
  const dir = resolve(root, name);
  if (!folders.has(dir)) {
    const problem = folderProblem(dir, { root });
    if (problem) warnUnusableCache(problem.path, problem.reason);
    folders.set(dir, problem ? undefined : dir);
  }
  return folders.get(dir);
}

/**
 * Keeps the `keep` most recently used entries of `dir` whose names match `entry` (reading an
 * entry marks it used): each changed input is a new key, so without this a kind would only
 * grow. A file another build removes meanwhile is made again there, never read half-written.
 */
export function pruneCacheEntries(dir: string, entry: RegExp, keep: number): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => entry.test(name));
  } catch {
    return;
  }
  if (names.length <= keep) return;
  const entries = names.flatMap((name) => {
    const stats = statSync(join(dir, name), { throwIfNoEntry: false });
    return stats ? [{ name, used: stats.mtimeMs }] : [];
  });
  entries.sort((a, b) => b.used - a.used || a.name.localeCompare(b.name));
  for (const { name } of entries.slice(keep)) removeEntry(join(dir, name));
}
