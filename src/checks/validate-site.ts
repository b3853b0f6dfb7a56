import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { SaxesParser } from "saxes";
import type { OpenApiDocument } from "../api/openapi.ts";
import { JSON_RESUME_SCHEMA_URL } from "../api/portfolio/resume.ts";
import { checkResume, RESUME_FILE } from "./check-resume.ts";
import { standaloneValidators } from "./standalone-validators.ts";
import { filesUnder } from "../util/files-under.ts";
import { type WrittenFiles, writtenText } from "../util/written-files.ts";

/** One API to check: where its OpenAPI document is, and which folders only it may fill. */
export interface ApiOutput {
  /** The OpenAPI document, relative to the output folder (`api/openapi.json`). */
  openapi: string;
  /** Folder the document's paths are relative to (`""` for the site root, `blog`). */
  root: string;
  /** Folders (relative to the output folder) in which every file must be one of the document's paths... */
  owns: string[];
  /** ...or one of these HTML pages (relative to the output folder): the API's landing pages. */
  pages: string[];
}

/** Something wrong with a built file: which file, where in it, and which rule it broke. */
export interface ValidationProblem {
  file: string;
  pointer: string;
  rule: string;
}

interface ExpectedFile {
  file: string;
  mediaType: string;
  path: string;
  /** The file's URL: the document's server URL and the filled path. */
  url: string;
}

/**
 * Validates the built site against its OpenAPI documents: every file a path declares exists and
 * matches its response schema, and no file in an API's folders lacks a path. Stricter than the
 * published schemas: an undeclared field fails, so the description never falls behind the files.
 * A file in `written` (by absolute path) is checked from it; any other is read from disk.
 * `passed` (kept by `npm start` between builds): each file that passed, with its text and its
 * document's; a file whose text and document are the same again is not checked again. A file
 * this build does not have is forgotten, so the map holds one build's files at most.
 */
export function validateSite(
  outputDir: string,
  apis: readonly ApiOutput[],
  written?: WrittenFiles,
  passed?: Map<string, { text: string; document: string }>,
  listed = filesUnder(outputDir, (entry) => entry.isFile()),
): ValidationProblem[] {
  const checked = new Set<string>();
  // A file whose text passed against the same document in the last build passes again unchecked.
  const once = (target: string, document: string, text: string, check: (text: string) => ValidationProblem[]) => {
    checked.add(target);
    const before = passed?.get(target);
    if (before?.text === text && before.document === document) return [];
    const found = check(text);
    if (found.length === 0) passed?.set(target, { text, document });
    else passed?.delete(target);
    return found;
  };
  // One API's files, against its document; `checked`: the files of every API, found in the output.
  const validateApi = (api: ApiOutput): ValidationProblem[] => {
    const problems: ValidationProblem[] = [];
    const documentFile = join(outputDir, api.openapi);
    if (!existsSync(documentFile)) return [{ file: api.openapi, pointer: "", rule: "the OpenAPI document is missing" }];
    const documentText = readFileSync(documentFile, "utf8");
    let known = documents.get(documentFile);
    if (known?.text !== documentText) {
      const document = JSON.parse(documentText) as OpenApiDocument;
      const validators = compileValidators(document, `urn:openapi:${api.openapi}`);
      known = { text: documentText, expected: expectedFiles(document, api.root), validators };
      documents.set(documentFile, known);
    }
    const { expected, validators } = known;
    for (const entry of expected) {
      const target = join(outputDir, entry.file);
      if (!written?.has(resolve(target)) && !existsSync(target)) {
        problems.push({ file: entry.file, pointer: "", rule: `missing: ${entry.path} declares this file` });
        continue;
      }
      // One validator per path of the same document (compileValidators), which the entries come from.
      const validate = validators.get(entry.path)!;
      problems.push(
        ...once(target, documentText, writtenText(written, target), (text) => checkFile(entry, text, validate)),
      );
    }

    const declared = new Set([...expected.map((entry) => entry.file), ...api.pages]);
    for (const file of listed) {
      if (api.owns.some((folder) => file.startsWith(`${folder}/`)) && !declared.has(file))
        problems.push({ file, pointer: "", rule: `no path of ${api.openapi} declares this file` });
    }
    return problems;
  };
  const problems = apis.flatMap(validateApi);
  // The résumé is also held to the official JSON Resume schema, as its readers hold it (a missing
  // one is the OpenAPI check's to report).
  const resume = join(outputDir, RESUME_FILE);
  if (written?.has(resolve(resume)) || existsSync(resume))
    problems.push(
      ...once(`${resume} (JSON Resume)`, JSON_RESUME_SCHEMA_URL, writtenText(written, resume), checkResume),
    );
  for (const file of passed?.keys() ?? []) if (!checked.has(file)) passed?.delete(file);
  return problems;
}

/** Each document's files and validators, by its text: `npm start` reads an unchanged one once. */
const documents = new Map<
  string,
  { text: string; expected: ExpectedFile[]; validators: Map<string, ValidateFunction> }
>();

function checkFile(entry: ExpectedFile, text: string, validate: ValidateFunction): ValidationProblem[] {
  let body: unknown = text;
  if (/^application\/(.+\+)?json$/.test(entry.mediaType)) {
    try {
      body = JSON.parse(text);
    } catch (error) {
      return [{ file: entry.file, pointer: "", rule: `not valid JSON (${(error as SyntaxError).message})` }];
    }
  } else if (/[/+]xml$/.test(entry.mediaType)) {
    const error = xmlError(text);
    if (error !== null) return [{ file: entry.file, pointer: "", rule: `not well-formed XML (${error})` }];
  }
  const problems: ValidationProblem[] = [];
  if (!validate(body)) {
    for (const error of validate.errors ?? [])
      problems.push({ file: entry.file, pointer: error.instancePath || "/", rule: describe(error) });
  }
  const self = (body as { meta?: { self?: unknown } } | null)?.meta?.self;
  if (typeof self === "string" && self !== entry.url) {
    const rule = `must be this file's own URL ${entry.url}, found ${self}`;
    problems.push({ file: entry.file, pointer: "/meta/self", rule });
  }
  return problems;
}

/**
 * The first well-formedness error of an XML document (`line:column: message`), or null. saxes
 * is a strict XML 1.0 parser: unlike fast-xml-parser's validator, which passed a feed with a
 * raw U+001B in a title, it refuses every character XML does not allow, as feed readers do.
 */
function xmlError(text: string): string | null {
  // Without an error handler, saxes throws its first error: one is enough to refuse the file.
  try {
    new SaxesParser({ xmlns: true }).write(text).close();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const detail =
    error.keyword === "additionalProperties"
      ? ` "${String(params.additionalProperty)}" (not declared in the OpenAPI description)`
      : "";
  return `${error.message ?? "is invalid"}${detail} [${error.keyword} at ${error.schemaPath}]`;
}

/** Every file the document's paths declare, with path parameters expanded over their enums. */
function expectedFiles(document: OpenApiDocument, root: string): ExpectedFile[] {
  const files: ExpectedFile[] = [];
  const server = document.servers?.[0]?.url ?? "";
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const content = item.get?.responses?.["200"]?.content ?? {};
    const mediaType = Object.keys(content)[0] ?? "";
    let combos: Record<string, string>[] = [{}];
    for (const param of (item.get?.parameters ?? []).filter((p) => p.in === "path")) {
      const values = param.schema?.enum ?? [];
      combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [param.name]: value })));
    }
    for (const combo of combos) {
      const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(combo[name] ?? ""));
      files.push({
        // The file a host serves for the URL: each name decoded (`C%2B%2B.json` is `C++.json`).
        file: join(root, ...filled.replace(/^\//, "").split("/").map(decodeURIComponent)),
        mediaType,
        path,
        url: server + filled,
      });
    }
  }
  return files;
}

/**
 * One validator per path of the document, in the strict reading (see `strictly`). With a build
 * cache, validators compiled by an earlier build from the same schemas are loaded as code.
 */
function compileValidators(document: OpenApiDocument, bundleId: string): Map<string, ValidateFunction> {
  const bundle = { $id: bundleId, $defs: strictly(pointRefsAt(document.components?.schemas ?? {}, bundleId)) };
  const paths = Object.entries(document.paths ?? {}).map(([path, item], index) => {
    const media = Object.values(item.get?.responses?.["200"]?.content ?? {})[0];
    return {
      path,
      id: `${bundleId}:path:${index}`,
      schema: strictly(pointRefsAt(media?.schema ?? {}, bundleId)) as object,
    };
  });
  const byId = standaloneValidators({
    name: "validators",
    options: { allErrors: true, strict: true, strictTypes: false, strictTuples: false },
    fingerprint: { bundle, paths },
    ids: paths.map((entry) => entry.id),
    addSchemas: (ajv) => {
      ajv.addSchema(bundle);
      for (const entry of paths) ajv.addSchema({ ...entry.schema, $id: entry.id });
    },
  });
  return new Map(paths.map((entry) => [entry.path, byId.get(entry.id) as ValidateFunction]));
}

/** Makes local component references resolve inside the bundle registered with ajv. */
function pointRefsAt(schema: unknown, bundleId: string): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${bundleId}#/$defs/`));
}

/** Closes every object that lists its properties and says nothing about others. */
function strictly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictly);
  if (schema === null || typeof schema !== "object") return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // Values of these keywords are data, not subschemas.
    copy[key] = key === "enum" || key === "const" || key === "examples" ? value : strictly(value);
  }
  if ("properties" in copy && !("additionalProperties" in copy)) copy.additionalProperties = false;
  return copy;
}

/** One line per problem, for the build log. */
export function formatProblems(problems: readonly ValidationProblem[]): string {
  return problems.map((p) => `${p.file}: ${p.pointer}: ${p.rule}`).join("\n");
}
