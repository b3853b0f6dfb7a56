import { createRequire } from "node:module";
import vm from "node:vm";
import type { Ajv2020, Options, ValidateFunction } from "ajv/dist/2020.js";
import { packageVersion } from "../util/package-version.ts";
import { buildCacheDir, contentKey, keepEntry, pruneEntries, readEntry } from "../util/build-cache.ts";

const requireHere = createRequire(import.meta.url);
const AJV_VERSION = packageVersion("ajv");

/** What to compile: the schemas, the ajv options, and the ids of the schemas to hand back. */
export interface ValidatorSet {
  /** What the set checks (`validators`, `content`): part of its key. */
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
 * ajv validators, compiled once and then kept as ajv's standalone code in the build cache
 * (in memory only when there is none), keyed by ajv's version, the options and the schemas. Compiling is most of what checking costs
 * a small site (a tenth of a second a build); loading the code costs a few milliseconds. ajv
 * itself is loaded only to compile: a build whose validators are all cached never loads it.
 */
export function standaloneValidators(set: ValidatorSet): Map<string, ValidateFunction> {
  const key = contentKey("validators", AJV_VERSION, set.name, set.options, set.vocabulary ?? [], set.fingerprint);
  const cacheDir = buildCacheDir("validators");
  const fromCache = readEntry(cacheDir, key, (code) => validatorsOf(code.toString("utf8"), set.ids));
  if (fromCache) return fromCache;

  // CommonJS packages, required here and now so a cached build never loads them; under
  // NodeNext their callables sit on `.default`.
  const { Ajv2020: Ajv } = requireHere("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const addFormats = (requireHere("ajv-formats") as typeof import("ajv-formats")).default;
  const { _ } = requireHere("ajv/dist/compile/codegen/index.js") as typeof import("ajv/dist/compile/codegen/index.js");
  // Standalone code names the formats module instead of embedding the format functions.
  const ajv = new Ajv({
    ...set.options,
    ...(cacheDir ? { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } } : {}),
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
  if (cacheDir) {
    const standaloneCode = (
      requireHere("ajv/dist/standalone/index.js") as typeof import("ajv/dist/standalone/index.js")
    ).default;
    keepEntry(cacheDir, key, standaloneCode(ajv, Object.fromEntries(set.ids.map((id, index) => [`v${index}`, id]))));
    // A build uses a dozen sets (each content schema's, each API's): a few builds' worth.
    pruneEntries(cacheDir, 64);
  }
  return validators;
}

/**
 * The validators of ajv's standalone CommonJS code, one exported function per id (else
 * undefined), run with this module's `require` so that the modules it names (ajv's runtime, the
 * formats) resolve from the project wherever the cache folder is. The code is what ajv generated
 * from our own schemas in an earlier build, read only when its digest checks.
 */
function validatorsOf(code: string, ids: readonly string[]): Map<string, ValidateFunction> | undefined {
  const module = { exports: {} as Record<string, unknown> };
  vm.compileFunction(code, ["module", "exports", "require"])(module, module.exports, requireHere);
  const validators = ids.map((id, index) => [id, module.exports[`v${index}`]] as const);
  if (!validators.every(([, validate]) => typeof validate === "function")) return undefined;
  return new Map(validators as [string, ValidateFunction][]);
}
