// Imported first by scripts/build.mjs, before Eleventy loads: what a one-off build sets in its
// own environment.
//
// Eleventy registers a module resolver hook that adds a cache-busting query to the modules it
// imports again after a file changes. Only watching (`npm start`) re-imports anything; on Node
// 20 the hook runs on a thread of its own that every later import waits on, which cost a sample
// build about 90 ms (docs/performance.md). Eleventy's documented switch turns it off.
process.env.ELEVENTY_SKIP_ESM_RESOLVER = "true";
