// @ts-check
/*
 * Eleventy itself, for `npm run build`: compiled once with its packages into one CommonJS
 * script and run with V8's code cache (src/eleventy/compile-script.mjs). Importing Eleventy the
 * usual way resolves, reads and compiles about 400 files: 250 ms of every build on Node 20 and
 * 170 ms on Node 24, more than half of what an empty Eleventy build takes. From one script with
 * its bytecode cached it takes about 30 ms (docs/performance.md, "Loading the code").
 *
 * It is the same Eleventy, from the same installed files: the script is named after the lock
 * files and Eleventy's package.json, so an install or an upgrade compiles it again. Its last
 * line is the digest of the rest, checked on every read. Anything that stops it (the folder
 * cannot be used, the compile fails) falls back to importing Eleventy as it is, which only
 * costs the time. `npm start` and the `eleventy` command import Eleventy as they always do.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { folderProblem, keepInBuildCache, readCacheFile, warnCacheOnce } from "../util/cache-entries.mjs";
import { codeCacheFileOf, runWithCodeCache } from "../util/code-cache.mjs";
import { withoutControlCharacters } from "../util/control-characters.mjs";
import {
  COMPILE_RECIPE,
  compiledDir,
  compileScript,
  hashOf,
  packageStamps,
  pruneOldScripts,
  withOwnUrl,
} from "./compile-script.mjs";

/** Changes whenever the way Eleventy is compiled changes, so every earlier script is stale. */
const RECIPE = "compiled-eleventy/1";
/**
 * Left as imports: what only `npm start` loads (the dev server, the file watcher and its
 * optional macOS addon).
 */
const EXTERNAL = ["@11ty/eleventy-dev-server", "chokidar", "fsevents"];
/** Named, not written out: Eleventy ships no type declarations for TypeScript to find. */
const ELEVENTY = "@11ty/eleventy";
/** The script's last line, before the digest of its name and the rest. */
const DIGEST_PREFIX = "\n// folio-digest ";

/**
 * Eleventy's `Eleventy` class (as `import("@11ty/eleventy")` gives it), from the compiled script
 * in `options.cacheDir`, else FOLIO_COMPILED_DIR, else `.cache/compiled`; or the whole module as
 * installed when it cannot be compiled.
 * @param {string} root the project folder
 * @param {{ cacheDir?: string }} [options]
 * @returns {Promise<Record<string, unknown>>}
 */
export async function loadEleventy(root, options = {}) {
  const cacheDir = compiledDir(root, options.cacheDir);
  // Where Eleventy is installed: its own imports resolve from there, as they would unbundled.
  const entryUrl = import.meta.resolve(ELEVENTY);
  // The compiled site module says why a folder cannot be used, once (compiled-site.mjs).
  if (folderProblem(cacheDir)) return import(ELEVENTY);
  const name = `eleventy-${hashOf(
    COMPILE_RECIPE +
      RECIPE +
      root +
      JSON.stringify(packageStamps(root)) +
      readFileSync(new URL("../package.json", entryUrl), "utf8"),
  )}.cjs`;
  const file = join(cacheDir, name);
  let script = checkedScript(file, name);
  if (script === undefined) {
    try {
      script = await compile(root, cacheDir, name);
    } catch (error) {
      warnCacheOnce(
        file,
        (shown) =>
          // The reason may quote a path or a package's text: one line, and no control character
          // reaches the log.
          `Eleventy could not be compiled into ${shown} (${withoutControlCharacters(error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ")}): it is imported as it is, which takes longer.`,
      );
      return import(ELEVENTY);
    }
  }
  return runWithCodeCache(script.code, {
    file,
    cacheFile: codeCacheFileOf(file),
    codeDigest: script.digest,
    resolveFrom: fileURLToPath(entryUrl),
  });
}

/**
 * The script kept in `file`, and its digest, when it is a regular file whose last line is the
 * digest of its name and the rest; otherwise undefined (none yet, damaged, another install's
 * script, or not a file), and it is compiled again. Hashed as bytes: hashing the 3 MB as a
 * string took twice as long.
 * @param {string} file @param {string} name @returns {{ code: string, digest: string } | undefined}
 */
function checkedScript(file, name) {
  const read = readCacheFile(file);
  if (!Buffer.isBuffer(read)) return undefined;
  const at = read.lastIndexOf(DIGEST_PREFIX);
  const digest = at < 0 ? "" : read.toString("latin1", at + DIGEST_PREFIX.length);
  if (!/^[0-9a-f]{64}\n$/.test(digest)) return undefined;
  const code = read.subarray(0, at);
  return digestOf(name, code) === digest.slice(0, 64)
    ? { code: code.toString("utf8"), digest: digest.slice(0, 64) }
    : undefined;
}

/** @param {string} name @param {string | Uint8Array} code */
function digestOf(name, code) {
  return createHash("sha256").update(name).update("\0").update(code).digest("hex");
}

/**
 * Compiles Eleventy into `cacheDir` as `name` (with its source map), keeps it when it can, and
 * returns its code and digest.
 * @param {string} root @param {string} cacheDir @param {string} name
 * @returns {Promise<{ code: string, digest: string }>}
 */
async function compile(root, cacheDir, name) {
  const { code, map } = await compileScript({
    root,
    outDir: cacheDir,
    name,
    entry: {
      contents: `export { Eleventy } from "@11ty/eleventy";`,
      resolveDir: root,
      loader: "js",
      sourcefile: "compiled-eleventy-entry.js",
    },
    external: EXTERNAL,
    plugins: [ownUrls()],
  });
  pruneOldScripts(cacheDir, /^eleventy-\w+\.cjs$/, 2);
  // Not kept (a full disk, say): this build runs it from memory, the next compiles it again.
  const digest = digestOf(name, Buffer.from(code));
  if (keepInBuildCache(join(cacheDir, `${name}.map`), map)) {
    keepInBuildCache(join(cacheDir, name), `${code}${DIGEST_PREFIX}${digest}\n`);
  }
  return { code, digest };
}

/**
 * Gives each of Eleventy's modules its own `import.meta.url` (`withOwnUrl`): Eleventy finds its
 * own package.json and loads project files by it.
 * @returns {import("esbuild").Plugin}
 */
function ownUrls() {
  return {
    name: "own-urls",
    setup(build) {
      build.onLoad({ filter: /\.(js|mjs|cjs)$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        return source.includes("import.meta.url")
          ? { contents: withOwnUrl(source, args.path), loader: "js" }
          : undefined;
      });
    },
  };
}
