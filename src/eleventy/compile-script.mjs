// @ts-check
/*
 * What the two compiled scripts share: the site module (src/eleventy/compiled-site.mjs) and
 * Eleventy itself (src/eleventy/compiled-eleventy.mjs). Each is one CommonJS file esbuild made
 * from many modules, run through V8's code cache (src/util/code-cache.mjs); one file with its
 * bytecode cached loads several times faster than the few hundred files behind it, whose
 * resolving, reading and compiling dominated (docs/performance.md, "Loading the code").
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DYNAMIC_IMPORT } from "../util/code-cache.mjs";

/**
 * Changes whenever the way this module compiles changes: part of both scripts' names, so that
 * each is compiled again (each also has a recipe of its own).
 */
export const COMPILE_RECIPE = "compile-script/1";

/** What stands for every package bundled in: a new install changes the lock file npm writes. */
export const PACKAGE_STAMPS = ["package-lock.json", "node_modules/.package-lock.json"];

/**
 * Where the compiled scripts are kept: `cacheDir` when given (tests), else FOLIO_COMPILED_DIR,
 * else `.cache/compiled`, relative to the project folder `root`.
 * @param {string} root @param {string | undefined} cacheDir @returns {string}
 */
export function compiledDir(root, cacheDir) {
  return resolve(root, cacheDir ?? (process.env.FOLIO_COMPILED_DIR?.trim() || join(".cache", "compiled")));
}

/** @param {string | Buffer} text */
export function hashOf(text) {
  return createHash("sha256").update(text).digest("hex").slice(0, 20);
}

/**
 * The hash of each lock file that exists, by path relative to `root`.
 * @param {string} root @returns {Record<string, string>}
 */
export function packageStamps(root) {
  /** @type {Record<string, string>} */
  const stamps = {};
  for (const file of PACKAGE_STAMPS) {
    if (existsSync(join(root, file))) stamps[file] = hashOf(readFileSync(join(root, file)));
  }
  return stamps;
}

/**
 * `source` with each `import.meta.url` replaced by the URL of the file it was read from: a
 * CommonJS script has no `import.meta`, and a module that reads or resolves beside itself must
 * see its own URL, not the compiled script's.
 * @param {string} source @param {string} path @returns {string}
 */
export function withOwnUrl(source, path) {
  return source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(path).href));
}

/**
 * Compiles one entry and everything it imports into one CommonJS script, in memory: its code
 * (dynamic imports made calls the runner answers, see `withoutDynamicImport`) and its source
 * map, the script named `name` in the folder `outDir`.
 * @param {{ root: string, outDir: string, name: string, entry: import("esbuild").StdinOptions, plugins: import("esbuild").Plugin[], external?: string[], alias?: Record<string, string> }} options
 * @returns {Promise<{ code: string, map: string, inputs: string[] }>}
 */
export async function compileScript({ root, outDir, name, entry, plugins, external, alias }) {
  const { build } = await import("esbuild");
  const result = await build({
    stdin: entry,
    absWorkingDir: root,
    bundle: true,
    write: false,
    platform: "node",
    // CommonJS, not an ES module: only a script can be run with V8's code cache on Node 20 and
    // 22. Neither our sources nor the packages bundled await at the top level.
    format: "cjs",
    target: "node20",
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    logLevel: "silent",
    outfile: join(outDir, name),
    external,
    alias,
    plugins,
  });
  // A module that reads import.meta beyond its URL (`withOwnUrl`) would get an empty object in
  // a CommonJS script, and misbehave at run time: a compile error instead.
  const lost = result.warnings.find((warning) => warning.text.includes("import.meta"));
  if (lost) throw new Error(`${lost.location?.file ?? "a module"}: ${lost.text}`);
  let code = "";
  let map = "";
  for (const file of result.outputFiles) {
    if (file.path.endsWith(".map")) map = file.text;
    else code = file.text;
  }
  if (!code || !map) throw new Error("esbuild wrote no script");
  return { code: withoutDynamicImport(code), map, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * The script with every dynamic `import(…)` turned into a call of the function the runner
 * passes as DYNAMIC_IMPORT (src/util/code-cache.mjs): in a script run from V8's code cache,
 * `import()` fails on Node 20 ("A dynamic import callback was not specified") and warns that it
 * is experimental on Node 24. The name has as many characters as `import`, so every column of
 * the source map stays right. Found by parsing, not by searching the text: `import(` also
 * appears in strings, comments and method names.
 * @param {string} code @returns {string}
 */
export function withoutDynamicImport(code) {
  if (DYNAMIC_IMPORT.length !== "import".length) throw new Error("the dynamic import's stand-in must be 6 characters");
  /** @type {number[]} */
  const starts = [];
  // Loaded here, when a script is compiled, not by every build that finds its scripts compiled
  // (5-9 ms to load).
  const { parse } = /** @type {typeof import("acorn")} */ (createRequire(import.meta.url)("acorn"));
  /** @type {unknown[]} */
  const pending = [parse(code, { ecmaVersion: "latest", sourceType: "script" })];
  while (pending.length > 0) {
    const node = /** @type {Record<string, unknown>} */ (pending.pop());
    if (node.type === "ImportExpression") starts.push(/** @type {number} */ (node.start));
    // A name of the script's own would be shadowed by the runner's, or shadow it.
    if (node.type === "Identifier" && node.name === DYNAMIC_IMPORT)
      throw new Error(`the compiled script already uses the name ${DYNAMIC_IMPORT}`);
    for (const [field, value] of Object.entries(node)) {
      // A property's name (`object.__load`, `{ __load: 1 }`, a method) is no variable: it
      // neither shadows the runner's nor is shadowed.
      if (!node.computed && PROPERTY_NAMES[/** @type {string} */ (node.type)] === field) continue;
      if (Array.isArray(value)) {
        for (const item of value) if (item && typeof item === "object") pending.push(item);
      } else if (value && typeof value === "object" && "type" in value) pending.push(value);
    }
  }
  starts.sort((a, b) => a - b);
  const pieces = [];
  let from = 0;
  for (const start of starts) {
    pieces.push(code.slice(from, start), DYNAMIC_IMPORT);
    from = start + "import".length;
  }
  pieces.push(code.slice(from));
  return pieces.join("");
}

/** The field that holds a property's name, by the type of node that names one. */
const PROPERTY_NAMES = /** @type {Record<string, string>} */ ({
  MemberExpression: "property",
  Property: "key",
  MethodDefinition: "key",
  PropertyDefinition: "key",
});

/**
 * Keeps the newest `keep` compiled scripts whose names match `pattern` (a build still running,
 * `npm start` beside a test say, may be about to run the one it found), each with its source
 * map and code caches (`{script}.map`, `{script}.{v8}-{arch}.code`). Scripts an earlier recipe
 * wrote as ES modules (`.mjs`) go first.
 * @param {string} cacheDir @param {RegExp} pattern @param {number} keep
 */
export function pruneOldScripts(cacheDir, pattern, keep) {
  try {
    const names = readdirSync(cacheDir);
    const scripts = names
      .filter((name) => pattern.test(name))
      // One another build pruned meanwhile counts as the oldest.
      .map((name) => ({
        name,
        time: name.endsWith(".cjs") ? (statSync(join(cacheDir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0) : -1,
      }))
      .sort((a, b) => b.time - a.time);
    for (const { name } of scripts.slice(keep)) {
      for (const file of names) {
        if (file === name || file.startsWith(`${name}.`))
          rmSync(join(cacheDir, file), { recursive: true, force: true });
      }
    }
  } catch {
    // Old scripts cost only disk space; the next build prunes them.
  }
}
