import type { Static, TSchema } from "@sinclair/typebox";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { standaloneValidators } from "../checks/standalone-validators.ts";
import { isObject } from "../util/is-object.ts";
import { memoByObject } from "../util/memo.ts";
import { expectedUrl, isSafeAbsoluteUrl } from "../util/safe-url.ts";
import { calendarDateProblem, type DateForm } from "./calendar-date.ts";
import { ContentError, type ContentProblem } from "./content-error.ts";
import { displayPath } from "./read-files.ts";

/** One validator per content schema, compiled (or loaded from the cache) on first use. */
const validatorFor = memoByObject((schema: TSchema): ValidateFunction => {
  const id = "urn:folio:content";
  return standaloneValidators({
    name: "content",
    // `verbose` gives errors their value and their parentSchema, where a content schema may
    // carry an `expected` annotation: the words an error shows instead of ajv's own.
    options: { allErrors: true, strict: true, verbose: true },
    vocabulary: ["expected", "url", "date", "languageTag"],
    fingerprint: schema,
    ids: [id],
    addSchemas: (ajv) => ajv.addSchema(schema, id),
  }).get(id) as ValidateFunction;
});

/**
 * Checks authored data against its content schema and returns it typed; every mismatch
 * becomes a problem naming the file, the field and what was expected.
 */
export function checkShape<T extends TSchema>(schema: T, value: unknown, file: string): Static<T> {
  const validate = validatorFor(schema);
  const valid = validate(value);
  const problems = valid ? [] : describeErrors(validate.errors ?? [], displayPath(file));
  // A value the schema already refused (a URL by its pattern) is not reported a second time.
  const reported = new Set(problems.map((problem) => problem.field));
  for (const problem of checksBeyondSchema(schema, value, displayPath(file)))
    if (!reported.has(problem.field)) problems.push(problem);
  if (problems.length === 0) return value as Static<T>;
  throw new ContentError(problems);
}

/**
 * What JSON Schema cannot say: a string marked `url` (else of `format: "uri"`, then "web") must
 * pass isSafeAbsoluteUrl; one marked `date`, or of format `date` or `date-time`, the content's
 * date rule (calendar-date.ts); one marked `languageTag`, a tag Intl reads (its pattern lets
 * `en-GB-GB` through). Schema and value are walked together; any union branch counts.
 */
function checksBeyondSchema(schema: TSchema, value: unknown, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const visit = (node: SchemaNode, data: unknown, pointer: string): void => {
    const use = node.url ?? (node.format === "uri" ? "web" : undefined);
    if ((use === "web" || use === "web-or-mail") && typeof data === "string" && !isSafeAbsoluteUrl(data, use)) {
      problems.push({ file, field: fieldName(pointer), expected: expectedUrl(use), actual: data });
    }
    const form =
      (node.date as DateForm | undefined) ??
      (node.format === "date" ? "date" : node.format === "date-time" ? "date or date-time" : undefined);
    if (form && typeof data === "string" && /^\d{4}/.test(data)) {
      const expected =
        data < "1970"
          ? `a ${form === "date or date-time" ? "date and time" : "date"} from 1970 on`
          : calendarDateProblem(data, form);
      if (expected !== null) problems.push({ file, field: fieldName(pointer), expected, actual: data });
    }
    if (node.languageTag === true && typeof data === "string" && !isLanguageTag(data))
      problems.push({ file, field: fieldName(pointer), expected: String(node.expected), actual: data });
    for (const list of [node.anyOf, node.allOf])
      if (Array.isArray(list)) for (const branch of list.filter(isObject)) visit(branch, data, pointer);
    if (Array.isArray(data) && isObject(node.items)) {
      for (const [index, item] of data.entries()) visit(node.items, item, `${pointer}/${index}`);
    } else if (data !== null && typeof data === "object" && !Array.isArray(data)) {
      const properties: SchemaNode = isObject(node.properties) ? node.properties : {};
      const patterns = isObject(node.patternProperties) ? Object.values(node.patternProperties).filter(isObject) : [];
      for (const [key, item] of Object.entries(data)) {
        const child = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
        const named = properties[key];
        if (isObject(named)) visit(named, item, child);
        else for (const pattern of patterns) visit(pattern, item, child);
      }
    }
  };
  visit(schema as SchemaNode, value, "");
  return problems;
}

type SchemaNode = Record<string, unknown>;

function isLanguageTag(tag: string): boolean {
  try {
    // `und` (undetermined) reads as no language at all, which og:locale would guess as en_US.
    return Boolean(new Intl.Locale(tag).language);
  } catch {
    return false;
  }
}

function describeErrors(errors: readonly ErrorObject[], file: string): ContentProblem[] {
  // One problem per field and expectation, the first one met.
  const problems = new Map<string, ContentProblem>();
  const add = (problem: ContentProblem) => {
    const key = `${problem.field}\u0000${problem.expected}`;
    if (!problems.has(key)) problems.set(key, problem);
  };
  // A union (anyOf) reports each branch's complaint and then its own. When no branch got
  // deeper than the union's own value, one problem in the union's words says it best.
  const unions = errors.filter((error) => error.keyword === "anyOf");
  const insideUnion = (error: ErrorObject) =>
    unions.find(
      (union) =>
        error !== union &&
        error.schemaPath.startsWith(`${union.schemaPath}/`) &&
        error.instancePath === union.instancePath,
    );
  const deeper = (union: ErrorObject) =>
    errors.some(
      (error) =>
        error.schemaPath.startsWith(`${union.schemaPath}/`) && error.instancePath.length > union.instancePath.length,
    );
  for (const error of errors) {
    // A refused key is reported by the name rule's own error, which names the key.
    if (error.keyword === "propertyNames") continue;
    if (error.keyword === "anyOf") {
      if (deeper(error)) continue;
      const branches = errors
        .filter((other) => insideUnion(other) === error)
        .map((other) => describeError(other, file).expected);
      const annotated = (error.parentSchema as { expected?: string } | undefined)?.expected;
      const expected = annotated ?? [...new Set(branches)].join(" or ");
      add({ file, field: fieldName(error.instancePath), expected, actual: actualOf(error) });
      continue;
    }
    const union = insideUnion(error);
    if (union && !deeper(union)) continue;
    add(describeError(error, file));
  }
  return [...problems.values()];
}

function describeError(error: ErrorObject, file: string): ContentProblem {
  const annotated = (error.parentSchema as { expected?: string } | undefined)?.expected;
  // An error of a key's name (`propertyNames`) is about the key, not the object holding it.
  const field = fieldName(error.instancePath);
  if (error.propertyName !== undefined)
    return { file, field: join(field, error.propertyName), expected: annotated ?? "a valid name" };
  const actual = actualOf(error);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { file, field: join(field, String(params.missingProperty)), expected: "a value (this field is required)" };
    case "additionalProperties": {
      const known = (error.parentSchema as { properties?: object } | undefined)?.properties;
      const expected = `no such field (known fields: ${known ? Object.keys(known).join(", ") : "none"})`;
      return { file, field: join(field, String(params.additionalProperty)), expected };
    }
    case "format": {
      const format = String(params.format);
      return { file, field, expected: annotated ?? FORMAT_WORDS[format] ?? `a value in ${format} format`, actual };
    }
    case "type":
      return { file, field, expected: annotated ?? `${article(String(params.type))} ${params.type}`, actual };
    case "maxItems": {
      // A limit of the content format (content-limits.ts): the count, never the whole list.
      const count = (error.data as unknown[]).length.toLocaleString("en");
      return { file, field, expected: `at most ${params.limit} items (this list has ${count})` };
    }
    case "maxProperties": {
      const count = Object.keys(error.data as object).length.toLocaleString("en");
      return { file, field, expected: `at most ${params.limit} entries (this has ${count})` };
    }
    default:
      return { file, field, expected: annotated ?? error.message ?? "a valid value", actual };
  }
}

function fieldName(pointer: string): string {
  if (pointer === "") return "(top level)";
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join("");
}

function join(parent: string, child: string): string {
  return parent === "(top level)" ? child : `${parent}.${child}`;
}

/** The value an error is about (ajv's `verbose` gives it); none for the whole document. */
function actualOf(error: ErrorObject): unknown {
  return error.instancePath === "" ? undefined : error.data;
}

/** Words for the formats a value may miss without an `expected` annotation of its own. */
const FORMAT_WORDS: Readonly<Record<string, string>> = {
  date: "a date as YYYY-MM-DD",
  "date-time": "a date and time as in 2026-01-31T12:00:00Z",
};

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}
