import { join } from "node:path";

/*
 * Where the build keeps what it derives from its inputs between runs (compiled validators, key
 * fingerprints), each under a folder of its own. The build sets it (src/eleventy/site.ts); left
 * unset, as in the unit tests, everything is computed afresh.
 */
let root: string | undefined;

export function useBuildCache(dir: string | undefined): void {
  root = dir;
}

/** A folder of the build cache (`validators`), or undefined when there is no cache. */
export function buildCacheDir(name: string): string | undefined {
  return root === undefined ? undefined : join(root, name);
}
