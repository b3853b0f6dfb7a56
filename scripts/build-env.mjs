// Imported first by scripts/build.mjs, before Eleventy loads: what a one-off build sets in its
// own environment.
//
// Eleventy registers a module resolver hook that adds a cache-busting query to the modules it
// imports again after a file changes. Only watching (`npm start`) re-imports anything; on Node
// 20 the hook runs on a thread of its own that every later import waits on (with the dev
// server's import, also gone, 60 ms of a sample build). Eleventy's documented switch turns it off.
process.env.ELEVENTY_SKIP_ESM_RESOLVER = "true";

// This script asks Eleventy for its results without writing them (`toJSON`), and the
// after-build hook writes them as UTF-8 bytes (src/eleventy/write-results.ts). Said here
// explicitly, so that anyone else's `eleventy --to=json` stays a dump of strings that writes
// nothing.
process.env.FOLIO_WRITE_RESULTS = "true";
