// @ts-check
/*
 * Loads the site's TypeScript (src/, _data/ and the `.11ty.ts` templates) as one JavaScript
 * module that esbuild compiled, and compiles it again only when a source file changed.
 *
 * Why not a TypeScript loader at run time: Node 20 cannot strip types, and a loader (tsx) runs
 * every import of the build, Eleventy's and the packages' included, through a hook thread. That
 * cost about 0.6 s of every build, more than an empty Eleventy build takes in all
 * (docs/performance.md). Node 24 strips types itself, but importing the sources one by one
 * measured slower than this one module and Node 20 would still need it (docs/performance.md,
 * "Node versions"). The compiled module lives in FOLIO_COMPILED_DIR (default .cache/compiled/)
 * under a name derived from its sources, beside a manifest that records its sources and its
 * digest; both are checked on every read, so a damaged cache costs a compile, never a build
 * (docs/robustness.md). This file is plain JavaScript because it runs before anything is compiled;
 * it keeps its files and warns as every cache kind does (src/util/cache-entries.mjs).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { folderProblem, keepInBuildCache, readCacheFile, warnUnusableCache } from "../util/cache-entries.mjs";
import { codeCacheFileOf, runWithCodeCache } from "../util/code-cache.mjs";
import {
  COMPILE_RECIPE,
  compiledDir,
  compileScript,
  hashOf,
  packageStamps,
  pruneOldScripts,
  withOwnUrl,
} from "./compile-script.mjs";
import { writeFileAtomically } from "../util/write-atomically.mjs";

/** Folders that hold the compiled sources besides the templates (watched by `npm start`). */
export const SOURCE_DIRS = ["src", "_data", "api-templates", "site-templates"];
/** Changes whenever the way we compile changes, so every earlier output is stale. */
const RECIPE = "compiled-site/5";
/** Top-level folders that hold no templates (the output, content, tests, tools). */
const SKIPPED_DIRS = new Set(["node_modules", "_site", "tests", "docs", "content", "scripts"]);

/**
 * @typedef {{ entries: string[], inputs: Record<string, string>, module: string, moduleHash: string }} Manifest
 * @typedef {{ files: Record<string, string>, manifest: Manifest, code: string }} Compiled
 * @typedef {{ templates: Record<string, unknown>, data: Record<string, unknown> } & Record<string, unknown>} CompiledSite
 */

/**
 * The compiled site module, compiled first if it is missing, damaged or older than its sources.
 * The folder is `options.cacheDir`, else FOLIO_COMPILED_DIR, else `.cache/compiled`; one that
 * cannot be used (a file stands in its way, it is not writable) or written (a full disk) is
 * ignored with one warning, and the module is compiled into a temporary folder for this build.
 * @param {string} root the project folder (where .eleventy.js is)
 * @param {{ cacheDir?: string }} [options]
 * @returns {Promise<CompiledSite>}
 */
export async function loadCompiledSite(root, options = {}) {
  const cacheDir = compiledDir(root, options.cacheDir);
  const entries = entryFiles(root);
  const problem = folderProblem(cacheDir);
  if (problem) {
    warnUnusableCache(problem.path, problem.reason);
    return compileIntoTemporaryFolder(root, entries);
  }
  const manifestFile = join(cacheDir, "manifest.json");
  const found = checkedModule(readManifest(manifestFile), cacheDir, root, entries);
  if (found) return runModule(join(cacheDir, found.name), found, true);
  const compiled = await compile(root, entries, cacheDir);
  pruneOldScripts(cacheDir, /^site-\w+\.[cm]js$/, 4);
  // A full disk, a folder where a file belongs that cannot be removed: warned, and compiled
  // where it can be written. The manifest comes last, so it never names a module not kept; one
  // not written costs the next build a compile.
  const kept = Object.entries(compiled.files).every(([name, text]) => keepInBuildCache(join(cacheDir, name), text));
  if (!kept) return compileIntoTemporaryFolder(root, entries);
  keepInBuildCache(manifestFile, `${JSON.stringify(compiled.manifest, null, 2)}\n`);
  return runModule(
    join(cacheDir, compiled.manifest.module),
    { code: compiled.code, digest: compiled.manifest.moduleHash },
    true,
  );
}

/**
 * Runs the compiled module from the text that was checked (or just compiled), not from a second
 * read of its file. With `keepCodeCache`, V8's code cache for it is kept beside it
 * (src/util/code-cache.mjs): parsing the module took about 60 ms of every build. Its source map
 * is written beside it but not read by default: parsing it took about 40 ms of every build.
 * `NODE_OPTIONS=--enable-source-maps` makes stack traces point at the TypeScript lines.
 * @param {string} file @param {{ code: string, digest: string }} module its text and the digest its manifest records
 * @param {boolean} keepCodeCache @returns {CompiledSite}
 */
function runModule(file, { code, digest }, keepCodeCache) {
  const exports = runWithCodeCache(code, {
    file,
    cacheFile: keepCodeCache ? codeCacheFileOf(file) : undefined,
    codeDigest: digest,
    resolveFrom: file,
  });
  return /** @type {CompiledSite} */ (exports);
}

/**
 * Compiles into a new folder under the system's temporary folder, removed when the process
 * ends, and runs the module from there.
 * @param {string} root @param {string[]} entries @returns {Promise<CompiledSite>}
 */
async function compileIntoTemporaryFolder(root, entries) {
  const dir = mkdtempSync(join(tmpdir(), "folio-compiled-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const result = await compile(root, entries, dir);
  // Not a cache: a write that fails here fails the build, as any other file it cannot write.
  for (const [name, text] of Object.entries(result.files)) writeFileAtomically(join(dir, name), text);
  // No code cache: the folder is gone at exit, when it would be written.
  return runModule(join(dir, result.manifest.module), { code: result.code, digest: result.manifest.moduleHash }, false);
}

/**
 * The modules the site is made of: the plugins' entry, the data files and every template.
 * Relative to the root, with forward slashes, sorted.
 * @param {string} root
 */
function entryFiles(root) {
  /** @type {string[]} */
  const found = ["src/eleventy/site.ts"];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || (dir === root && SKIPPED_DIRS.has(entry.name))) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".11ty.ts")) found.push(relative(root, path).split(sep).join("/"));
    }
  };
  walk(root);
  const dataDir = join(root, "_data");
  if (existsSync(dataDir)) {
    for (const name of readdirSync(dataDir)) if (name.endsWith(".ts")) found.push(`_data/${name}`);
  }
  return [...new Set(found)].sort();
}

/** @param {string} file @returns {unknown} */
function readManifest(file) {
  // Not through a link, a FIFO or unbounded (cache-entries.mjs).
  const read = readCacheFile(file);
  if (!Buffer.isBuffer(read)) return null;
  try {
    return JSON.parse(read.toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * The module the manifest names, with its text, when every claim in the manifest checks: its
 * shape; its sources are the current ones; the module's name is the one those sources make; the
 * module's bytes hash to what it recorded. Anything else (empty, truncated, garbled, another
 * project's, a module damaged since) is null, and the site is compiled again.
 * @param {unknown} value @param {string} cacheDir @param {string} root @param {string[]} entries
 * @returns {{ name: string, code: string, digest: string } | null}
 */
function checkedModule(value, cacheDir, root, entries) {
  if (
    !isManifest(value) ||
    !isCurrent(value, root, entries) ||
    value.module !== moduleName(root, value.inputs, entries)
  )
    return null;
  // Gone (another build pruned it), or not a regular file where the module belongs.
  const module = readCacheFile(join(cacheDir, value.module));
  return Buffer.isBuffer(module) && hashOf(module) === value.moduleHash
    ? { name: value.module, code: module.toString("utf8"), digest: value.moduleHash }
    : null;
}

/** @param {unknown} value @returns {value is Manifest} */
function isManifest(value) {
  if (typeof value !== "object" || value === null) return false;
  const { entries, inputs, module, moduleHash } = /** @type {Record<string, unknown>} */ (value);
  return (
    Array.isArray(entries) &&
    entries.every((entry) => typeof entry === "string") &&
    typeof inputs === "object" &&
    inputs !== null &&
    !Array.isArray(inputs) &&
    Object.values(inputs).every((hash) => typeof hash === "string") &&
    typeof module === "string" &&
    typeof moduleHash === "string"
  );
}

/**
 * True when the compiled module was made from exactly these entries and sources.
 * @param {Manifest} manifest @param {string} root @param {string[]} entries
 */
function isCurrent(manifest, root, entries) {
  if (manifest.entries.join("\n") !== entries.join("\n")) return false;
  for (const [file, hash] of Object.entries(manifest.inputs)) {
    let text;
    try {
      text = readFileSync(join(root, file));
    } catch {
      return false;
    }
    if (hashOf(text) !== hash) return false;
  }
  return true;
}

/** @param {string} root @param {Record<string, string>} inputs @param {string[]} entries */
function moduleName(root, inputs, entries) {
  return `site-${hashOf(COMPILE_RECIPE + RECIPE + root + JSON.stringify(inputs) + entries.join("\n"))}.cjs`;
}

/**
 * Packages left as imports from node_modules: a native addon, and what a build loads only now
 * and then (the social-image renderer for an image not cached, openpgp for a key whose
 * fingerprint is not cached, the fetch cache for live data), or never (Eleventy, esbuild).
 * ajv is required only to compile a validator that is not cached, which esbuild does not follow.
 */
const EXTERNAL = ["@resvg/resvg-js", "satori", "openpgp", "@11ty/eleventy", "esbuild", "sharp"];

/**
 * Compiles the entries and the packages they use into one module, in memory. One file loads
 * several times faster than the few hundred files behind it (resolution and reading dominate).
 * @param {string} root @param {string[]} entries @param {string} outDir where it will be (the source map's paths are relative to it)
 * @returns {Promise<Compiled>}
 */
async function compile(root, entries, outDir) {
  /** @type {Map<string, string>} the hash of each of our files as it was read for this compile */
  const compiledHashes = new Map();
  const templates = entries.filter((file) => file.endsWith(".11ty.ts"));
  const data = entries.filter((file) => file.startsWith("_data/"));
  const lines = [
    `export * from "./src/eleventy/site.ts";`,
    ...templates.map((file, index) => `import * as template${index} from "./${file}";`),
    ...data.map((file, index) => `import * as data${index} from "./${file}";`),
    `export const templates = { ${templates.map((file, index) => `${JSON.stringify(file)}: template${index}`).join(", ")} };`,
    `export const data = { ${data.map((file, index) => `${JSON.stringify(file)}: data${index}`).join(", ")} };`,
  ];
  const result = await compileScript({
    root,
    outDir,
    name: "site.cjs",
    entry: { contents: lines.join("\n"), resolveDir: root, loader: "ts", sourcefile: "compiled-site-entry.ts" },
    plugins: [readOurSources(root, compiledHashes), importFromProject(root)],
    // slugify's transliteration, loaded only for text beyond ASCII (the file says why).
    alias: { "@sindresorhus/transliterate": "./src/util/lazy-transliterate.ts" },
  });
  /** @type {Record<string, string>} */
  const inputs = {};
  const ours = result.inputs.filter(
    (input) => input !== "compiled-site-entry.ts" && !input.startsWith("node_modules/"),
  );
  for (const input of ours) {
    // The hash of the bytes esbuild compiled, not of the file now: one saved during the compile
    // must make the next build compile again, not find this module current.
    inputs[input] = compiledHashes.get(input) ?? hashOf(readFileSync(join(root, input)));
  }
  Object.assign(inputs, packageStamps(root));
  const module = moduleName(root, inputs, entries);
  // Named once its inputs are known; esbuild named the map after the script it was told of.
  const code = result.code.replace(/\/\/# sourceMappingURL=site\.cjs\.map/, `//# sourceMappingURL=${module}.map`);
  return {
    files: { [module]: code, [`${module}.map`]: result.map },
    manifest: { entries, inputs, module, moduleHash: hashOf(code) },
    code,
  };
}

/**
 * Reads our own sources for esbuild, so that what is hashed is exactly what is compiled
 * (`hashes`, by path relative to the project). Each module also keeps its own
 * `import.meta.url` (`withOwnUrl`).
 * @param {string} root @param {Map<string, string>} hashes @returns {import("esbuild").Plugin}
 */
function readOurSources(root, hashes) {
  return {
    name: "read-our-sources",
    setup(build) {
      build.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
        const path = relative(root, args.path).split(sep).join("/");
        if (path.startsWith("../") || path.startsWith("node_modules/")) return undefined;
        const source = readFileSync(args.path, "utf8");
        hashes.set(path, hashOf(source));
        return {
          contents: withOwnUrl(source, args.path),
          loader: args.path.endsWith(".ts") ? "ts" : "js",
        };
      });
    },
  };
}

/**
 * Leaves the EXTERNAL packages as imports of their files in the project's node_modules, by
 * absolute URL: a module in FOLIO_COMPILED_DIR or a temporary folder has no node_modules of its
 * own to find a package name in (the module's name includes the project's folder, so a moved
 * project compiles afresh).
 * @param {string} root @returns {import("esbuild").Plugin}
 */
function importFromProject(root) {
  const inProject = Symbol("resolved from the project");
  return {
    name: "import-from-project",
    setup(build) {
      const filter = new RegExp(
        `^(${EXTERNAL.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})(/|$)`,
      );
      build.onResolve({ filter }, async (args) => {
        if (args.pluginData === inProject) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: root, pluginData: inProject });
        if (found.errors.length > 0) return { errors: found.errors };
        // require() takes a path, import a URL (a Windows path is not one).
        return { path: args.kind === "require-call" ? found.path : pathToFileURL(found.path).href, external: true };
      });
    },
  };
}
