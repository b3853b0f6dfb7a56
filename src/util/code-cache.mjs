// @ts-check
/*
 * Runs a CommonJS script (the compiled site module, the compiled validators) with V8's code
 * cache: the bytecode of every function the last build ran, kept in the build cache beside the
 * script. Without it V8 parses the whole script again on every build and compiles each function
 * the first time it runs: about 60 ms of a sample build for the 1.6 MB site module alone
 * (docs/performance.md, "The code cache").
 *
 * Node's own compile cache (`module.enableCompileCache`, Node 22 and later) does the same for
 * every module, but reads its entries itself: a FIFO planted there hangs the build. Here the
 * entry is read as every cache entry is (readCacheFile: no link, no FIFO, bounded) and must
 * start with the SHA-256 of the script's digest (which its caller checked, see `codeDigest`),
 * the wrapper below and the bytecode: V8 itself compares only the source's length, its own
 * version and its flags. An entry that does not check costs the parse it was to save, never a
 * build, and is written again at exit.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { keepInBuildCache, readCacheFile } from "./cache-entries.mjs";

const DIGEST_BYTES = 32;

/**
 * The name a compiled script calls instead of `import(…)` (src/eleventy/compile-script.mjs):
 * V8 loses a script's dynamic-import handler when it comes from the code cache on Node 20, and
 * Node 24 prints an experimental-feature warning for it. As long as `import`, so that columns
 * in stack traces and source maps stay right.
 */
export const DYNAMIC_IMPORT = "__load";

/**
 * What the script's text is wrapped in, on its first line so that line numbers in stack traces
 * are the file's own. Strict, as the ES modules it is compiled from are: the CommonJS packages
 * bundled into it run strict too, as they did in the ES module bundle before (debug, minimatch,
 * posthtml and others have no "use strict" of their own; no break was found, and every test runs
 * them). Part of every entry's digest, as the bytecode is its own.
 */
const WRAPPER = `(function (exports, require, module, __filename, __dirname, ${DYNAMIC_IMPORT}) {"use strict";`;

/**
 * The code cache entry's name for `file`: V8 accepts only its own version's bytecode, so each
 * Node release keeps its own entry (a CI matrix sharing one cache does not rewrite it each run).
 * @param {string} file the script's path
 * @returns {string}
 */
export function codeCacheFileOf(file) {
  return `${file}.${process.versions.v8}-${process.arch}.code`;
}

/**
 * Runs `code` as a CommonJS module named `file`, with `require`, and returns its exports. The
 * code cache `cacheFile` is used when it checks; when there was none, or it did not check, a new
 * one is written as the process exits, so that it holds every function this run compiled.
 * Without `cacheFile` the script is compiled from its source and nothing is kept. `codeDigest`
 * is a digest of `code` its caller already checked (the compiled module's manifest, compiled
 * Eleventy's last line, a validator set's first line), so that the text, megabytes of it, is
 * not hashed again. The script's `require` resolves as it would in the file `resolveFrom`, and
 * so does a relative dynamic import (`__load(…)`, DYNAMIC_IMPORT); a bare one resolves as from
 * this project (this file's folder).
 * @param {string} code
 * @param {{ file: string, cacheFile: string | undefined, codeDigest: string, resolveFrom: string }} options
 * @returns {Record<string, unknown>}
 */
export function runWithCodeCache(code, { file, cacheFile, codeDigest, resolveFrom }) {
  const base = pathToFileURL(resolveFrom);
  /** @param {string} specifier */
  const load = (specifier) => import(/^\.\.?\//.test(specifier) ? new URL(specifier, base).href : specifier);
  if (process.sourceMapsEnabled) return runWithSourceMaps(code, { file, resolveFrom, load });
  const cachedData = cacheFile === undefined ? undefined : readCodeCache(cacheFile, codeDigest);
  const script = new vm.Script(`${WRAPPER}${code}\n})`, { filename: file, cachedData });
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected)) {
    if (toKeep.size === 0) process.once("exit", keepCodeCaches);
    toKeep.set(cacheFile, { file, codeDigest, script });
  }
  const module = { exports: /** @type {Record<string, unknown>} */ ({}) };
  const require = createRequire(resolveFrom);
  script.runInThisContext().call(module.exports, module.exports, require, module, file, dirname(file), load);
  return module.exports;
}

/**
 * Runs the script through Node's own CommonJS loader, without a code cache: Node applies source
 * maps (`--enable-source-maps`) to what its loaders compile, not to a `vm.Script`. The first
 * line gets the stand-in for `import()`; every other line and column stays as compiled.
 * @param {string} code
 * @param {{ file: string, resolveFrom: string, load: (specifier: string) => Promise<unknown> }} options
 * @returns {Record<string, unknown>}
 */
function runWithSourceMaps(code, { file, resolveFrom, load }) {
  const module = /** @type {Module & { _compile(code: string, file: string): void, [LOAD]?: unknown }} */ (
    new Module(file)
  );
  module.filename = file;
  // Where `require` looks for packages: as from `resolveFrom`, as the other way does.
  module.paths = /** @type {{ _nodeModulePaths(dir: string): string[] }} */ (
    /** @type {unknown} */ (Module)
  )._nodeModulePaths(dirname(resolveFrom));
  module[LOAD] = load;
  module._compile(
    `"use strict";const ${DYNAMIC_IMPORT} = module[Symbol.for("folio.load")];${withSourceMapInline(code, file)}`,
    file,
  );
  return module.exports;
}

/** The last line esbuild writes: the source map's name, beside the script. */
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=(\S+)\s*$/;
/** Stands for a source map that cannot be used: Node reads no file for it and maps nothing. */
const NO_SOURCE_MAP = { version: 3, sources: [], names: [], mappings: "" };

/**
 * `code` with the source map its last line names given inline, read as every cache entry is
 * (readCacheFile: no link, no FIFO, at most 64 MiB): Node would read the file itself, with no
 * such check, and a FIFO there hung the build. A map that cannot be read so is replaced by an
 * empty one (stack traces then point at the compiled script), so that no other
 * `sourceMappingURL` the script may carry in a string is the one Node reads. Only the last line
 * changes: every line and column before it stays.
 * @param {string} code @param {string} file @returns {string}
 */
function withSourceMapInline(code, file) {
  const comment = SOURCE_MAP_COMMENT.exec(code);
  if (!comment) return code;
  const read = readCacheFile(join(dirname(file), /** @type {string} */ (comment[1])));
  const map = Buffer.isBuffer(read) ? read : Buffer.from(JSON.stringify(NO_SOURCE_MAP));
  return `${code.slice(0, comment.index)}\n//# sourceMappingURL=data:application/json;base64,${map.toString("base64")}\n`;
}

const LOAD = Symbol.for("folio.load");

/**
 * The scripts whose code cache is written at exit, by the entry's path.
 * @type {Map<string, { file: string, codeDigest: string, script: vm.Script }>}
 */
const toKeep = new Map();

/**
 * Writes the code cache of each script run without a usable one: at exit, when it holds most.
 * Not for a script gone meanwhile (`npm start` compiled the site again, another build pruned
 * it): nothing would ever read or prune an entry beside no script.
 */
function keepCodeCaches() {
  for (const [cacheFile, entry] of toKeep) {
    const { file, codeDigest, script } = entry;
    if (statSync(file, { throwIfNoEntry: false })?.isFile() !== true) continue;
    const data = script.createCachedData();
    keepInBuildCache(cacheFile, codeCacheEntry(codeDigest, data));
  }
  toKeep.clear();
}

/**
 * The bytecode kept in `cacheFile` for the script whose digest is `codeDigest`, when it is a
 * regular file that starts with the digest of that, the wrapper and the rest; otherwise
 * undefined (none yet, damaged, or made for another script). Either way the script runs, and a
 * new entry is written at exit.
 * @param {string} cacheFile @param {string} codeDigest
 * @returns {Buffer | undefined}
 */
export function readCodeCache(cacheFile, codeDigest) {
  const read = readCacheFile(cacheFile);
  if (!Buffer.isBuffer(read) || read.length <= DIGEST_BYTES) return undefined;
  const data = read.subarray(DIGEST_BYTES);
  return digestOf(codeDigest, data).equals(read.subarray(0, DIGEST_BYTES)) ? data : undefined;
}

/**
 * An entry as it is kept: its digest, then V8's bytecode for the script whose digest is `codeDigest`.
 * @param {string} codeDigest @param {Uint8Array} data @returns {Buffer}
 */
export function codeCacheEntry(codeDigest, data) {
  return Buffer.concat([digestOf(codeDigest, data), data]);
}

/** @param {string} codeDigest @param {Uint8Array} data @returns {Buffer} */
function digestOf(codeDigest, data) {
  return createHash("sha256").update(codeDigest).update("\0").update(WRAPPER).update("\0").update(data).digest();
}
