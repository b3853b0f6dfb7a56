import { isObject } from "../util/is-object.ts";

/*
 * Lists what in a freshly built OpenAPI 3.1 document would break a client written against the
 * published baseline of the same version: within v1, changes only add things; a breaking change
 * ships under /api/v2/ (docs/recipes.md, "Versioning").
 *
 * Compared: the SHAPE a client depends on, of documents as src/api/openapi.ts writes them (GET
 * operations, their responses' headers and content). Not compared: requests (a static host
 * answers a file or a 404; a path's parameters only list this build's files), and content:
 * `info`, `servers`, `tags`, `externalDocs`, operation ids, parameters, descriptions, summaries,
 * titles, examples.
 *
 * Breaking: a path, operation, response status, media type, header or object property removed
 * (a rename is a removal plus an addition), a required property become optional, and whatever
 * values the description allowed and no longer does (a type, a branch, `null`, an enum value
 * removed; a different `const`; a constraint added or tightened). What it newly allows is an
 * addition, and so is a string or number constraint added or tightened (CONSTRAINTS), which
 * only narrows what clients receive, as oasdiff reads it; a `pattern` or `format` replaced by
 * another stays breaking (narrower cannot be told from different). Not compared, since the
 * documents use none: `patternProperties`, `prefixItems`, `if`/`then`/`else`, `not`,
 * `dependentSchemas`, and references to anything but a component schema.
 */

export interface ApiChange {
  breaking: boolean;
  /** Where: `GET /api/v1/projects.json 200 application/json`, `Award.medal`, ... */
  where: string;
  what: string;
}

export interface CompareOptions {
  /**
   * Paths that exist only when the content has something for them (`/pgp.asc` without a key):
   * their absence is content, not a change of the API.
   */
  contentDependentPaths?: readonly string[];
}

type Json = Record<string, unknown>;

/** Every difference between the baseline and the new document that a client could notice; additions are listed as not breaking. */
export function compareOpenApi(baseline: unknown, current: unknown, options: CompareOptions = {}): ApiChange[] {
  const oldDoc = asObject(baseline);
  const newDoc = asObject(current);
  const changes: ApiChange[] = [];
  /** Schema pairs already compared, so a component used in many places is reported once (and cycles end). */
  const seen = new Set<string>();
  const note = (breaking: boolean, where: string, what: string): void => {
    changes.push({ breaking, where, what });
  };
  /** Reports a pair once: false when it was compared before. */
  const firstTime = (key: string): boolean => !seen.has(key) && Boolean(seen.add(key));

  /**
   * Compares two maps by key (responses by status, headers, media types): an entry the new side
   * lacks is removed (breaking), one only it has is added.
   */
  const compareEntries = (
    where: string,
    label: string,
    oldEntries: unknown,
    newEntries: unknown,
    compare: (key: string, oldValue: Json, newValue: Json) => void,
  ): void => {
    const [before, after] = [asObject(oldEntries), asObject(newEntries)];
    for (const [key, value] of Object.entries(before)) {
      if (key in after) compare(key, asObject(value), asObject(after[key]));
      else note(true, where, `${label} ${key} removed`);
    }
    for (const key of Object.keys(after)) if (!(key in before)) note(false, where, `${label} ${key} added`);
  };

  // The documents have one operation per path, a GET (src/api/openapi.ts).
  const comparePathItem = (path: string, oldItem: Json, newItem: Json): void => {
    const where = `GET ${path}`;
    if (oldItem.get !== undefined && newItem.get === undefined) note(true, where, "operation removed");
    if (oldItem.get === undefined || newItem.get === undefined) return;
    const [oldResponses, newResponses] = [asObject(oldItem.get).responses, asObject(newItem.get).responses];
    compareEntries(where, "response", oldResponses, newResponses, (status, oldResponse, newResponse) => {
      const at = `${where} ${status}`;
      compareEntries(at, "header", oldResponse.headers, newResponse.headers, (name, oldHeader, newHeader) =>
        compareSchema(`${at} header ${name}`, oldHeader.schema, newHeader.schema),
      );
      compareEntries(at, "media type", oldResponse.content, newResponse.content, (mediaType, oldMedia, newMedia) =>
        compareSchema(`${at} ${mediaType}`, oldMedia.schema, newMedia.schema),
      );
    });
  };

  /** Compares two schemas (or schema references). */
  const compareSchema = (where: string, oldRaw: unknown, newRaw: unknown): void => {
    const oldRef = refName(oldRaw);
    const newRef = refName(newRaw);
    if (oldRef || newRef) {
      if (!firstTime(`${oldRef ?? JSON.stringify(oldRaw)}|${newRef ?? JSON.stringify(newRaw)}`)) return;
      // Inside a component, places are named after it, so a change is reported once, where it is.
      if (oldRef && oldRef === newRef) where = oldRef;
    }
    // No schema, `true` and `{}` allow any value: the branch kind `any`.
    const oldBranches = branches(oldDoc, deref(oldDoc, oldRaw));
    const newBranches = branches(newDoc, deref(newDoc, newRaw));
    if (oldBranches.length === 1 && newBranches.length === 1) compareBranch(where, oldBranches[0]!, newBranches[0]!);
    else compareBranchSets(where, oldBranches, newBranches);
  };

  /**
   * `anyOf`/`oneOf` branches and type arrays, matched by the kind of value each allows (a type,
   * a `const`). A branch only the new side has widens what is allowed; one only the old side
   * has narrows it.
   */
  const compareBranchSets = (where: string, oldBranches: Branch[], newBranches: Branch[]) => {
    const newKeys = new Map(newBranches.map((branch) => [branch.kind, branch]));
    if (new Set(oldBranches.map((b) => b.kind)).size !== oldBranches.length || newKeys.size !== newBranches.length) {
      // Two branches of one kind (two string formats, say): only sameness can be told.
      if (JSON.stringify(oldBranches.map((b) => b.schema)) !== JSON.stringify(newBranches.map((b) => b.schema)))
        note(true, where, "alternatives (anyOf/oneOf) changed");
      return;
    }
    const widened = newBranches.filter((branch) => !oldBranches.some((old) => covers(old.kind, branch.kind)));
    const narrowed = oldBranches.filter((branch) => !newBranches.some((fresh) => covers(fresh.kind, branch.kind)));
    for (const branch of narrowed) note(true, where, `is no longer ${branch.kind}`);
    for (const branch of widened) note(false, where, `may now be ${branch.kind}`);
    for (const oldBranch of oldBranches) {
      const newBranch = newKeys.get(oldBranch.kind);
      if (newBranch) compareBranch(where, oldBranch, newBranch);
    }
  };

  const compareBranch = (where: string, oldBranch: Branch, newBranch: Branch): void => {
    if (oldBranch.kind !== newBranch.kind) {
      const narrows = !covers(newBranch.kind, oldBranch.kind);
      note(narrows, where, `type changed from ${oldBranch.kind} to ${newBranch.kind}`);
      if (narrows) return;
    }
    if (oldBranch.ref || newBranch.ref) {
      const inline = (branch: Branch) => JSON.stringify(branch.ref ? "" : branch.schema);
      const key = `${oldBranch.ref ?? "inline"}>${newBranch.ref ?? "inline"}|${inline(oldBranch)}|${inline(newBranch)}`;
      if (!firstTime(key)) return;
      if (oldBranch.ref && oldBranch.ref === newBranch.ref) where = oldBranch.ref;
    }
    const [oldSchema, newSchema] = [oldBranch.schema, newBranch.schema];
    compareValues(where, oldSchema, newSchema);
    compareConstraints(where, oldSchema, newSchema);
    compareObjects(where, oldSchema, newSchema);
    if (oldSchema.items !== undefined || newSchema.items !== undefined)
      compareSchema(`${where}[]`, oldSchema.items ?? {}, newSchema.items ?? {});
  };

  /** `enum` and `const`: the listed values a field may take; no list on one side means any value of the type. */
  const compareValues = (where: string, oldSchema: Json, newSchema: Json): void => {
    const oldValues = allowedValues(oldSchema);
    const newValues = allowedValues(newSchema);
    if (!oldValues && !newValues) return;
    const show = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(", ");
    const missing = (from: unknown[], values: unknown[]) => {
      const kept = new Set(values.map((value) => JSON.stringify(value)));
      return from.filter((value) => !kept.has(JSON.stringify(value)));
    };
    if (!newValues) note(false, where, "may now take any value, not only the listed ones");
    else if (!oldValues) note(true, where, "now takes only listed values");
    else {
      const lost = missing(oldValues, newValues);
      const gained = missing(newValues, oldValues);
      if (lost.length > 0) note(true, where, `is no longer ${show(lost)}`);
      if (gained.length > 0) note(false, where, `may now be ${show(gained)}`);
    }
  };

  const compareConstraints = (where: string, oldSchema: Json, newSchema: Json): void => {
    for (const [keyword, bound, narrows] of CONSTRAINTS) {
      const before = oldSchema[keyword];
      const after = newSchema[keyword];
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      // A tighter (or different) constraint takes values away; a looser one only adds.
      const added = before === undefined;
      const changed = !added && after !== undefined;
      const tightened =
        changed &&
        (bound === "lower" ? Number(after) > Number(before) : bound === "upper" && Number(after) < Number(before));
      // Taking values away only narrows what clients receive (see the top of the file).
      const narrowsResponse = narrows !== undefined && (added || tightened);
      const breaking = (added || tightened || (changed && bound === "exact")) && !narrowsResponse;
      const what = added
        ? `${keyword} ${JSON.stringify(after)} added`
        : after === undefined
          ? `${keyword} ${JSON.stringify(before)} removed`
          : `${keyword} changed from ${JSON.stringify(before)} to ${JSON.stringify(after)}`;
      const why = narrowsResponse ? " (narrows a response: clients accept every value it allows)" : "";
      note(breaking, where, what + why);
    }
  };

  const compareObjects = (where: string, oldSchema: Json, newSchema: Json): void => {
    const oldProps = asObject(oldSchema.properties);
    const newProps = asObject(newSchema.properties);
    const newRequired = new Set(asArray(newSchema.required).map(String));
    const added = Object.keys(newProps).filter((name) => !(name in oldProps));
    for (const [name, oldProp] of Object.entries(oldProps)) {
      const at = `${where}.${name}`;
      if (!(name in newProps)) {
        note(true, at, added.length > 0 ? `removed (renamed? added here: ${added.join(", ")})` : "removed");
        continue;
      }
      if (asArray(oldSchema.required).includes(name) && !newRequired.has(name))
        note(true, at, "no longer required: clients may rely on it");
      compareSchema(at, oldProp, newProps[name]);
    }
    for (const name of added) note(false, `${where}.${name}`, "added");
    const [oldExtra, newExtra] = [oldSchema.additionalProperties, newSchema.additionalProperties];
    if (isObject(oldExtra) && isObject(newExtra)) compareSchema(`${where}{*}`, oldExtra, newExtra);
  };

  const paths = [asObject(oldDoc.paths), asObject(newDoc.paths)] as const;
  const optional = new Set(options.contentDependentPaths ?? []);
  for (const [path, oldItem] of Object.entries(paths[0])) {
    const newItem = paths[1][path];
    if (newItem !== undefined) comparePathItem(path, deref(oldDoc, oldItem), deref(newDoc, newItem));
    else if (optional.has(path)) note(false, path, "not in this build (it depends on the content)");
    else note(true, path, "path removed");
  }
  for (const path of Object.keys(paths[1])) if (!(path in paths[0])) note(false, path, "path added");
  return changes;
}

/** A value with its `$ref` followed: the documents refer to component schemas only (src/api/openapi.ts). */
function deref(doc: Json, value: unknown): Json {
  const name = refName(value);
  return asObject(name === undefined ? value : asObject(asObject(doc.components).schemas)[name]);
}

interface Branch {
  /** What kind of value the branch allows: `string`, `null`, `object`, `const "gold"`, `any`. */
  kind: string;
  /** The component the branch was a reference to, if it was one. */
  ref?: string;
  schema: Json;
}

/** The alternatives a schema allows: its `anyOf`/`oneOf` branches and the members of a type array. */
function branches(doc: Json, schema: Json): Branch[] {
  const alternatives = asArray(schema.anyOf ?? schema.oneOf);
  if (alternatives.length > 0) {
    return alternatives.flatMap((alternative) => {
      const ref = refName(alternative);
      return branches(doc, deref(doc, alternative)).map((branch) => (ref ? { ...branch, ref } : branch));
    });
  }
  if (Array.isArray(schema.type))
    return schema.type.map((type) => ({ kind: String(type), schema: { ...schema, type } }));
  if (typeof schema.type === "string") return [{ kind: schema.type, schema }];
  if ("const" in schema) return [{ kind: `const ${JSON.stringify(schema.const)}`, schema }];
  return [{ kind: "any", schema }];
}

/** Whether values of kind `sub` are all values of kind `whole`. */
const covers = (whole: string, sub: string): boolean =>
  whole === sub || whole === "any" || (whole === "number" && sub === "integer");

/**
 * Keyword; which way is looser: a lower bound down, an upper bound up, any change of the
 * others; and whether adding or tightening it only narrows a response (see the top of the file).
 */
const CONSTRAINTS: [string, "lower" | "upper" | "exact", narrows?: "narrows a response"][] = [
  ["minimum", "lower", "narrows a response"],
  ["exclusiveMinimum", "lower", "narrows a response"],
  ["minLength", "lower", "narrows a response"],
  ["minItems", "lower"],
  ["minProperties", "lower"],
  ["maximum", "upper", "narrows a response"],
  ["exclusiveMaximum", "upper", "narrows a response"],
  ["maxLength", "upper", "narrows a response"],
  ["maxItems", "upper"],
  ["maxProperties", "upper"],
  ["format", "exact", "narrows a response"],
  ["pattern", "exact", "narrows a response"],
  ["multipleOf", "exact"],
  ["uniqueItems", "exact"],
];

function allowedValues(schema: Json): unknown[] | undefined {
  if ("const" in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

/** `Award` for `#/components/schemas/Award`; undefined for anything else. */
function refName(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.$ref !== "string") return undefined;
  return /^#\/components\/schemas\/(.+)$/.exec(value.$ref)?.[1];
}

const asObject = (value: unknown): Json => (isObject(value) ? value : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
