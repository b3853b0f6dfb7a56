import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { Ajv2020, Options, ValidateFunction } from "ajv/dist/2020.js";
import { _ } from "ajv/dist/compile/codegen/index.js";
import standaloneModule from "ajv/dist/standalone/index.js";

// CommonJS; under NodeNext its callable sits on `.default`.
const standaloneCode = standaloneModule.default;
const requireHere = createRequire(import.meta.url);
const AJV_VERSION = (requireHere("ajv/package.json") as { version: string }).version;

/** What to compile: an ajv holding the schemas, and the ids of the ones to hand back. */
export interface ValidatorSet {
  /** A folder that keeps compiled validators between builds; none compiles in memory only. */
  cacheDir: string | undefined;
  /** File name prefix in the cache folder (`site`, `content`). */
  name: string;
  /** Everything the generated code depends on besides ajv's version: the schemas, the options. */
  fingerprint: unknown;
  ids: readonly string[];
  /** Builds the ajv with every schema added; `codeOptions` must be spread into its options. */
  compile(codeOptions: Pick<Options, "code">): Ajv2020;
}

/**
 * ajv validators, compiled once and then kept as ajv's standalone code in the cache folder,
 * keyed by ajv's version and the fingerprint. Compiling is most of what checking costs a
 * small site (a tenth of a second a build); loading the code costs a few milliseconds.
 */
export function standaloneValidators(set: ValidatorSet): Map<string, ValidateFunction> {
  const key = createHash("sha256").update(JSON.stringify({ ajv: AJV_VERSION, fingerprint: set.fingerprint })).digest("hex").slice(0, 32);
  const cached = set.cacheDir ? join(resolve(set.cacheDir), `${set.name}-${key}.cjs`) : null;
  if (cached && existsSync(cached)) {
    const exported = loadStandalone(readFileSync(cached, "utf8"));
    return new Map(set.ids.map((id, index) => [id, exported[`v${index}`] as ValidateFunction]));
  }
  // Standalone code names the formats module instead of embedding the format functions.
  const ajv = set.compile(cached ? { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } } : {});
  const validators = new Map<string, ValidateFunction>();
  for (const id of set.ids) {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`ajv could not compile the schema ${id}`);
    validators.set(id, validate);
  }
  if (cached) {
    const code = standaloneCode(ajv, Object.fromEntries(set.ids.map((id, index) => [`v${index}`, id])));
    mkdirSync(dirname(cached), { recursive: true });
    // Written under another name and renamed: parallel builds never read half a file.
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, cached);
  }
  return validators;
}

/**
 * Runs ajv's standalone CommonJS code with this module's `require`, so the modules it names
 * (ajv's runtime, the formats) resolve from the project wherever the cache folder is. The code
 * is what ajv generated from our own schemas in an earlier build.
 */
function loadStandalone(code: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  new Function("require", "module", "exports", code)(requireHere, module, module.exports);
  return module.exports;
}
