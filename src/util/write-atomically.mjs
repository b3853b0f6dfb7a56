// @ts-check
// For src/eleventy/compiled-site.mjs, which goes; the one cache mechanism is src/util/build-cache.ts.
export { writeFileAtomically } from "./build-cache.ts";
