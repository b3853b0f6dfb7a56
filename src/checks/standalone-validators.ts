import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type { Ajv2020, Options, ValidateFunction } from "ajv/dist/2020.js";
import { packageVersion } from "../util/package-version.ts";
import { keepInBuildCache, readCacheFile } from "../util/build-cache.ts";

const requireHere = createRequire(import.meta.url);
const AJV_VERSION = packageVersion("ajv");

/** What to compile: the schemas, the ajv options, and the ids of the schemas to hand back. */
export interface ValidatorSet {
  /** A folder that keeps compiled validators between builds; none compiles in memory only. */
  cacheDir: string | undefined;
  /** File name prefix in the cache folder (`validators`, `content`). */
  name: string;
  /** ajv's options (the code options are set here); formats are always added. */
  options: Options;
  /** Keywords ajv must accept as annotations (`expected`). */
  vocabulary?: string[];
  /** Everything else the generated code depends on: the schemas. */
  fingerprint: unknown;
  ids: readonly string[];
  /** Adds the schemas to a fresh ajv. */
  addSchemas(ajv: Ajv2020): void;
}

/**
 * ajv validators, compiled once and then kept as ajv's standalone code in the cache folder,
 * keyed by ajv's version, the options and the schemas. Compiling is most of what checking costs
 * a small site (a tenth of a second a build); loading the code costs a few milliseconds. ajv
 * itself is loaded only to compile: a build whose validators are all cached never loads it.
 */
export function standaloneValidators(set: ValidatorSet): Map<string, ValidateFunction> {
  const fingerprint = {
    ajv: AJV_VERSION,
    options: set.options,
    vocabulary: set.vocabulary ?? [],
    schemas: set.fingerprint,
  };
  const key = createHash("sha256").update(JSON.stringify(fingerprint)).digest("hex").slice(0, 32);
  const cached = set.cacheDir ? join(resolve(set.cacheDir), `${set.name}-${key}.cjs`) : null;
  const fromCache = cached ? readCachedValidators(cached, key, set.ids) : null;
  if (fromCache) return fromCache;

  // CommonJS packages, required here and now so a cached build never loads them; under
  // NodeNext their callables sit on `.default`.
  const { Ajv2020: Ajv } = requireHere("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const addFormats = (requireHere("ajv-formats") as typeof import("ajv-formats")).default;
  const { _ } = requireHere("ajv/dist/compile/codegen/index.js") as typeof import("ajv/dist/compile/codegen/index.js");
  // Standalone code names the formats module instead of embedding the format functions.
  const ajv = new Ajv({
    ...set.options,
    ...(cached ? { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } } : {}),
  });
  addFormats(ajv);
  if (set.vocabulary) ajv.addVocabulary(set.vocabulary);
  set.addSchemas(ajv);
  const validators = new Map<string, ValidateFunction>();
  for (const id of set.ids) {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`ajv could not compile the schema ${id}`);
    validators.set(id, validate);
  }
  if (cached) {
    const standaloneCode = (
      requireHere("ajv/dist/standalone/index.js") as typeof import("ajv/dist/standalone/index.js")
    ).default;
    const code = standaloneCode(ajv, Object.fromEntries(set.ids.map((id, index) => [`v${index}`, id])));
    keepInBuildCache(cached, `${header(key, code)}\n${code}`);
  }
  return validators;
}

/*
 * A cached file's first line names its key and the digest of the code below it: an empty,
 * truncated or garbled file, or another set's valid code copied over it, fails the check, and
 * is compiled again and overwritten. Code that passes runs: it is what ajv generated from our
 * own schemas in an earlier build.
 */
function header(key: string, code: string): string {
  return `// folio-validators ${key} ${createHash("sha256").update(key).update("\0").update(code).digest("hex")}`;
}

/** The validators of a cached file that checks and exports one function per id; else null. */
function readCachedValidators(file: string, key: string, ids: readonly string[]): Map<string, ValidateFunction> | null {
  // Missing, or not a regular file (a folder, a FIFO, a link): compiled afresh, and replaced.
  const read = readCacheFile(file);
  if (!Buffer.isBuffer(read)) return null;
  const text = read.toString("utf8");
  const newline = text.indexOf("\n");
  const code = text.slice(newline + 1);
  if (newline < 0 || text.slice(0, newline) !== header(key, code)) return null;
  let validators: [string, unknown][];
  try {
    const exported = loadStandalone(code);
    validators = ids.map((id, index) => [id, exported[`v${index}`]]);
  } catch {
    return null;
  }
  if (!validators.every(([, validate]) => typeof validate === "function")) return null;
  return new Map(validators as [string, ValidateFunction][]);
}

/**
 * Runs ajv's standalone CommonJS code with this module's `require`, so the modules it names
 * (ajv's runtime, the formats) resolve from the project wherever the cache folder is. The code
 * is what ajv generated from our own schemas in an earlier build, its digest just checked.
 */
function loadStandalone(code: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", "require", code)(module, module.exports, createRequire(import.meta.url));
  return module.exports;
}
