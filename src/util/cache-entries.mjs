// @ts-check
// What the compiled-code loaders (src/eleventy/compiled-site.mjs, compiled-eleventy.mjs and
// src/util/code-cache.mjs) take from the one cache mechanism, src/util/build-cache.ts; it goes
// with them.
export {
  folderProblem,
  keepInBuildCache,
  readCacheFile,
  warnCacheOnce,
  warnUnusableCache,
} from "./build-cache.ts";
