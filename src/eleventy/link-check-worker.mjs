// @ts-check
/*
 * The after-build link check on a thread of its own (src/eleventy/link-check.ts starts it as the
 * build starts). It runs the compiled site module the build runs, from the same text and code
 * cache, then waits: once the build's files are written, it is sent what the check needs, finds
 * the dead links in the files on disk (checks/check-links.ts, `findDeadLinks`) and sends them
 * back, while the main thread validates the APIs.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runWithCodeCache } from "../util/code-cache.mjs";

/** @typedef {{ file: string, code: string, codeDigest: string, cacheFile: string | undefined }} CompiledSiteRun */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const { file, code, codeDigest, cacheFile } = /** @type {CompiledSiteRun} */ (workerData);
const site = /** @type {{ findDeadLinks(request: unknown): unknown }} */ (
  /** @type {unknown} */ (runWithCodeCache(code, { file, cacheFile, codeDigest, resolveFrom: file }))
);
port.on("message", (request) => {
  try {
    port.postMessage({ dead: site.findDeadLinks(request) });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
