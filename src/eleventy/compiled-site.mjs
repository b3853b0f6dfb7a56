// @ts-check
/*
 * Loads the site's TypeScript (src/, _data/ and the `.11ty.ts` templates) as one JavaScript
 * module that esbuild compiled, and compiles it again only when a source file changed.
 *
 * Why not a TypeScript loader at run time: Node 20 cannot strip types, and a loader (tsx) runs
 * every import of the build, Eleventy's and the packages' included, through a hook thread. That
 * cost about 0.6 s of every build, more than an empty Eleventy build takes in all (README,
 * "Performance"). The compiled module lives in .cache/compiled/ under a name derived from its
 * sources; this file is plain JavaScript because it runs before anything is compiled.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

/** Folders that hold the compiled sources besides the templates (watched by `npm start`). */
export const SOURCE_DIRS = ["src", "_data", "api-templates", "site-templates"];
/** Changes whenever the way we compile changes, so every earlier output is stale. */
const RECIPE = "compiled-site/2";
/** Top-level folders that hold no templates (the output, content, tests, tools). */
const SKIPPED_DIRS = new Set(["node_modules", "_site", "tests", "docs", "content", "scripts"]);

/**
 * @typedef {{ entries: string[], inputs: Record<string, string>, module: string }} Manifest
 * @typedef {{ templates: Record<string, unknown>, data: Record<string, unknown> } & Record<string, unknown>} CompiledSite
 */

/**
 * The compiled site module, compiled first if it is missing or older than its sources.
 * @param {string} root the project folder (where .eleventy.js is)
 * @param {{ cacheDir?: string }} [options]
 * @returns {Promise<CompiledSite>}
 */
export async function loadCompiledSite(root, options = {}) {
  const cacheDir = resolve(root, options.cacheDir ?? join(".cache", "compiled"));
  const entries = entryFiles(root);
  const manifestFile = join(cacheDir, "manifest.json");
  let manifest = readManifest(manifestFile);
  if (!manifest || !existsSync(join(cacheDir, manifest.module)) || !isCurrent(manifest, root, entries)) {
    manifest = await compile(root, cacheDir, entries);
    writeAtomically(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  }
  // The module's source map is written beside it but not read by default: parsing it took about
  // 40 ms of every build. `NODE_OPTIONS=--enable-source-maps` makes stack traces point at the
  // TypeScript lines.
  return /** @type {Promise<CompiledSite>} */ (import(pathToFileURL(join(cacheDir, manifest.module)).href));
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

/** @param {string} file @returns {Manifest | null} */
function readManifest(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
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

/** @param {string | Buffer} text */
function hashOf(text) {
  return createHash("sha256").update(text).digest("hex").slice(0, 20);
}

/**
 * Packages left as imports from node_modules: a native addon, and what a build loads only now
 * and then (the social-image renderer for an image not cached, openpgp for a key whose
 * fingerprint is not cached, the fetch cache for live data), or never (Eleventy, esbuild).
 * ajv is required only to compile a validator that is not cached, which esbuild does not follow.
 */
const EXTERNAL = ["@resvg/resvg-js", "satori", "openpgp", "@11ty/eleventy", "@11ty/eleventy-fetch", "esbuild"];
/** What stands for every package bundled in: a new install changes the lock file npm writes. */
const PACKAGE_STAMPS = ["package-lock.json", "node_modules/.package-lock.json"];

/**
 * Compiles the entries and the packages they use into one module. One file loads several times
 * faster than the few hundred files behind it (resolution and reading dominate).
 * @param {string} root @param {string} cacheDir @param {string[]} entries @returns {Promise<Manifest>}
 */
async function compile(root, cacheDir, entries) {
  const { build } = await import("esbuild");
  const templates = entries.filter((file) => file.endsWith(".11ty.ts"));
  const data = entries.filter((file) => file.startsWith("_data/"));
  const lines = [
    `export * from "./src/eleventy/site.ts";`,
    ...templates.map((file, index) => `import * as template${index} from "./${file}";`),
    ...data.map((file, index) => `import * as data${index} from "./${file}";`),
    `export const templates = { ${templates.map((file, index) => `${JSON.stringify(file)}: template${index}`).join(", ")} };`,
    `export const data = { ${data.map((file, index) => `${JSON.stringify(file)}: data${index}`).join(", ")} };`,
  ];
  const result = await build({
    stdin: { contents: lines.join("\n"), resolveDir: root, loader: "ts", sourcefile: "compiled-site-entry.ts" },
    absWorkingDir: root,
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    external: EXTERNAL,
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: { js: `import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);` },
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    logLevel: "silent",
    outfile: join(cacheDir, "site.mjs"),
    plugins: [keepModuleUrls(root)],
  });
  /** @type {Record<string, string>} */
  const inputs = {};
  const ours = Object.keys(result.metafile.inputs).filter((input) => input !== "compiled-site-entry.ts" && !input.startsWith("node_modules/"));
  for (const input of [...ours, ...PACKAGE_STAMPS.filter((file) => existsSync(join(root, file)))]) {
    inputs[input] = hashOf(readFileSync(join(root, input)));
  }
  const name = `site-${hashOf(RECIPE + root + JSON.stringify(inputs) + entries.join("\n"))}`;
  pruneOldModules(cacheDir, 4);
  for (const file of result.outputFiles) {
    const isMap = file.path.endsWith(".map");
    const text = isMap ? file.text : file.text.replace(/\/\/# sourceMappingURL=site\.mjs\.map/, `//# sourceMappingURL=${name}.mjs.map`);
    writeAtomically(join(cacheDir, `${name}${isMap ? ".mjs.map" : ".mjs"}`), text);
  }
  return { entries, inputs, module: `${name}.mjs` };
}

/**
 * Each module keeps its own `import.meta.url` (a file that reads or resolves beside itself
 * would otherwise see the compiled module's URL).
 * @param {string} root @returns {import("esbuild").Plugin}
 */
function keepModuleUrls(root) {
  return {
    name: "keep-module-urls",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.startsWith(root)) return undefined;
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
      });
    },
  };
}

/**
 * Keeps the newest `keep` compiled modules: a build still running (`npm start` beside a test,
 * say) may be about to import the one it found in the manifest.
 * @param {string} cacheDir @param {number} keep
 */
function pruneOldModules(cacheDir, keep) {
  if (!existsSync(cacheDir)) return;
  const modules = readdirSync(cacheDir)
    .filter((name) => /^site-\w+\.mjs$/.test(name))
    .map((name) => ({ name, time: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of modules.slice(keep)) {
    rmSync(join(cacheDir, name), { force: true });
    rmSync(join(cacheDir, `${name}.map`), { force: true });
  }
}

/** Written under another name and renamed, so a parallel build never reads half a file. @param {string} file @param {string} text */
function writeAtomically(file, text) {
  mkdirSync(resolve(file, ".."), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}
