/*
 * Compares a freshly built OpenAPI 3.1 document with the published baseline of the same API
 * version and lists what would break a client written against the baseline. The spec's rule:
 * within v1, changes only add things; a breaking change ships under /api/v2/ with v1 kept.
 *
 * What is compared is the SHAPE a client depends on. Content is ignored: `info`, `servers`,
 * `tags`, `externalDocs`, operation ids, and every description, summary, title and example;
 * also the `enum` of a path parameter, which lists the owner's project names, domain ids and
 * so on (deleting a project removes a file, not a part of the API).
 *
 * Breaking, anywhere:
 *  - a path, an operation, a response status, a response media type or a response header removed;
 *  - a parameter removed, a new required parameter, a parameter that became required;
 *  - a request body removed, a new required request body, a request media type removed;
 *  - security required where none was;
 *  - an object property removed (a renamed field is a removed one plus an added one).
 * Values (types, `anyOf`/`oneOf` branches, `enum`/`const`, constraints) follow the issue's
 * rule for v1, "changes only add things": whatever the description allowed and no longer does
 * is breaking (a type, a branch, `null`, an enum value removed; a different `const`; a
 * constraint added or tightened); whatever it newly allows is an addition and passes (a new
 * enum value, a new branch, a looser bound). Requests read the same way: an old client's
 * request must stay valid.
 * Two things depend on the direction values travel:
 *  - `required`. Responses (server to client): a required property that became optional is
 *    breaking (clients rely on it); a new required property is an addition. Requests (client to
 *    server): a property or parameter that became required, and `additionalProperties` that
 *    became false, are breaking.
 *  - String and number constraints (RESPONSE_NARROWABLE: `pattern`, `format`, `minLength`,
 *    `maxLength`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`). In a response,
 *    one added or tightened only narrows what the server sends: every value a client receives
 *    was already one it accepted, so it is an addition (as oasdiff and other diff tools read
 *    response-side tightening), e.g. the scheme pattern on URL fields. A `pattern` or `format`
 *    replaced by a different one stays breaking: narrower cannot be told from different, and a
 *    new format changes how clients read the value. In a request (parameters, bodies) every
 *    tightening stays breaking: an old client's request may no longer pass. Type, `enum`,
 *    `const`, `required` and array/object constraints keep the strict rule in both directions.
 * Not compared: `patternProperties`, `prefixItems`, `if`/`then`/`else`, `not`, `dependentSchemas`
 * (the documents do not use them), and references outside the document.
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
type Direction = "response" | "request";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** Every difference between the baseline and the new document that a client could notice; additions are listed as not breaking. */
export function compareOpenApi(baseline: unknown, current: unknown, options: CompareOptions = {}): ApiChange[] {
  return new Comparer(asObject(baseline), asObject(current), options).compareDocuments();
}

/** Only the changes that break clients. */
export function breakingChanges(changes: readonly ApiChange[]): ApiChange[] {
  return changes.filter((change) => change.breaking);
}

class Comparer {
  private readonly changes: ApiChange[] = [];
  /** Schema pairs already compared, so a component used in many places is reported once (and cycles end). */
  private readonly seen = new Set<string>();

  private readonly oldDoc: Json;
  private readonly newDoc: Json;
  private readonly options: CompareOptions;

  constructor(oldDoc: Json, newDoc: Json, options: CompareOptions) {
    this.oldDoc = oldDoc;
    this.newDoc = newDoc;
    this.options = options;
  }

  compareDocuments(): ApiChange[] {
    const oldPaths = asObject(this.oldDoc.paths);
    const newPaths = asObject(this.newDoc.paths);
    const optional = new Set(this.options.contentDependentPaths ?? []);
    for (const [path, oldItem] of Object.entries(oldPaths)) {
      const newItem = newPaths[path];
      if (newItem === undefined) {
        if (optional.has(path)) this.note(false, path, "not in this build (it depends on the content)");
        else this.note(true, path, "path removed");
        continue;
      }
      this.comparePathItem(path, this.deref(this.oldDoc, oldItem), this.deref(this.newDoc, newItem));
    }
    for (const path of Object.keys(newPaths)) if (!(path in oldPaths)) this.note(false, path, "path added");
    if (requiresAuth(this.newDoc.security) && !requiresAuth(this.oldDoc.security))
      this.note(true, "security", "authentication now required");
    return this.changes;
  }

  private note(breaking: boolean, where: string, what: string): void {
    this.changes.push({ breaking, where, what });
  }

  private comparePathItem(path: string, oldItem: Json, newItem: Json): void {
    for (const method of METHODS) {
      const oldOp = oldItem[method];
      const newOp = newItem[method];
      const where = `${method.toUpperCase()} ${path}`;
      if (oldOp === undefined) {
        if (newOp !== undefined) this.note(false, where, "operation added");
        continue;
      }
      if (newOp === undefined) {
        this.note(true, where, "operation removed");
        continue;
      }
      const oldOperation = asObject(oldOp);
      const newOperation = asObject(newOp);
      this.compareParameters(
        where,
        this.parameters(this.oldDoc, oldItem, oldOperation),
        this.parameters(this.newDoc, newItem, newOperation),
      );
      this.compareRequestBody(where, oldOperation.requestBody, newOperation.requestBody);
      this.compareResponses(where, asObject(oldOperation.responses), asObject(newOperation.responses));
      if (
        newOperation.security !== undefined &&
        requiresAuth(newOperation.security) &&
        !requiresAuth(oldOperation.security ?? this.oldDoc.security)
      ) {
        this.note(true, where, "authentication now required");
      }
    }
  }

  /** Path-level and operation-level parameters, keyed by `in` and name (the operation's win). */
  private parameters(doc: Json, item: Json, operation: Json): Map<string, Json> {
    const found = new Map<string, Json>();
    for (const raw of [...asArray(item.parameters), ...asArray(operation.parameters)]) {
      const parameter = this.deref(doc, raw);
      found.set(`${String(parameter.in)} parameter "${String(parameter.name)}"`, parameter);
    }
    return found;
  }

  private compareParameters(where: string, oldParams: Map<string, Json>, newParams: Map<string, Json>): void {
    for (const [key, oldParam] of oldParams) {
      const newParam = newParams.get(key);
      if (!newParam) {
        this.note(true, where, `${key} removed`);
        continue;
      }
      if (newParam.required === true && oldParam.required !== true) this.note(true, where, `${key} became required`);
      const isPath = oldParam.in === "path";
      // A path parameter's enum lists the files of this build: content, not shape.
      const schema = (param: Json) => (isPath ? withoutEnum(param.schema) : param.schema);
      this.compareSchema(`${where} ${key}`, schema(oldParam), schema(newParam), "request");
    }
    for (const [key, newParam] of newParams) {
      if (oldParams.has(key)) continue;
      this.note(
        newParam.required === true,
        where,
        newParam.required === true ? `new required ${key}` : `optional ${key} added`,
      );
    }
  }

  private compareRequestBody(where: string, oldRaw: unknown, newRaw: unknown): void {
    if (oldRaw === undefined && newRaw === undefined) return;
    const newBody = newRaw === undefined ? undefined : this.deref(this.newDoc, newRaw);
    if (oldRaw === undefined) {
      this.note(
        newBody?.required === true,
        where,
        newBody?.required === true ? "new required request body" : "optional request body added",
      );
      return;
    }
    const oldBody = this.deref(this.oldDoc, oldRaw);
    if (!newBody) {
      this.note(true, where, "request body removed");
      return;
    }
    if (newBody.required === true && oldBody.required !== true) this.note(true, where, "request body became required");
    this.compareContent(`${where} request`, asObject(oldBody.content), asObject(newBody.content), "request");
  }

  private compareResponses(where: string, oldResponses: Json, newResponses: Json): void {
    for (const [status, oldRaw] of Object.entries(oldResponses)) {
      const newRaw = newResponses[status];
      if (newRaw === undefined) {
        this.note(true, where, `response ${status} removed`);
        continue;
      }
      const oldResponse = this.deref(this.oldDoc, oldRaw);
      const newResponse = this.deref(this.newDoc, newRaw);
      const at = `${where} ${status}`;
      const newHeaders = asObject(newResponse.headers);
      for (const [name, oldHeader] of Object.entries(asObject(oldResponse.headers))) {
        const newHeader = newHeaders[name];
        if (newHeader === undefined) this.note(true, at, `header ${name} removed`);
        else
          this.compareSchema(
            `${at} header ${name}`,
            this.deref(this.oldDoc, oldHeader).schema,
            this.deref(this.newDoc, newHeader).schema,
            "response",
          );
      }
      this.compareContent(at, asObject(oldResponse.content), asObject(newResponse.content), "response");
    }
    for (const status of Object.keys(newResponses))
      if (!(status in oldResponses)) this.note(false, where, `response ${status} added`);
  }

  private compareContent(where: string, oldContent: Json, newContent: Json, direction: Direction): void {
    for (const [mediaType, oldMedia] of Object.entries(oldContent)) {
      const newMedia = newContent[mediaType];
      if (newMedia === undefined) {
        this.note(true, where, `media type ${mediaType} removed`);
        continue;
      }
      this.compareSchema(`${where} ${mediaType}`, asObject(oldMedia).schema, asObject(newMedia).schema, direction);
    }
    for (const mediaType of Object.keys(newContent))
      if (!(mediaType in oldContent)) this.note(false, where, `media type ${mediaType} added`);
  }

  /** Compares two schemas (or schema references) in the direction their values travel. */
  private compareSchema(where: string, oldRaw: unknown, newRaw: unknown, direction: Direction): void {
    const oldRef = refName(oldRaw);
    const newRef = refName(newRaw);
    if (oldRef || newRef) {
      const key = `${oldRef ?? JSON.stringify(oldRaw)}|${newRef ?? JSON.stringify(newRaw)}|${direction}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      // Inside a component, places are named after it, so a change is reported once, where it is.
      if (oldRef && oldRef === newRef) where = oldRef;
    }
    const oldSchema = this.resolveSchema(this.oldDoc, oldRaw);
    const newSchema = this.resolveSchema(this.newDoc, newRaw);
    if (oldSchema === undefined || newSchema === undefined) {
      // No schema allows any value: adding one narrows, removing one widens.
      if (oldSchema === undefined && newSchema !== undefined)
        this.note(true, where, "now constrained by a schema where any value was allowed");
      if (oldSchema !== undefined && newSchema === undefined)
        this.note(false, where, "schema removed: any value is now allowed");
      return;
    }

    const oldBranches = branches(this.oldDoc, oldSchema);
    const newBranches = branches(this.newDoc, newSchema);
    if (oldBranches.length === 1 && newBranches.length === 1) {
      this.compareBranch(where, oldBranches[0]!, newBranches[0]!, direction);
      return;
    }
    this.compareBranchSets(where, oldBranches, newBranches, direction);
  }

  /**
   * `anyOf`/`oneOf` branches and type arrays, matched by the kind of value each allows (a type,
   * a `const`). A branch only the new side has widens what is allowed; one only the old side
   * has narrows it.
   */
  private compareBranchSets(where: string, oldBranches: Branch[], newBranches: Branch[], direction: Direction): void {
    const oldKeys = new Map(oldBranches.map((branch) => [branch.kind, branch]));
    const newKeys = new Map(newBranches.map((branch) => [branch.kind, branch]));
    if (oldKeys.size !== oldBranches.length || newKeys.size !== newBranches.length) {
      // Two branches of one kind (two string formats, say): only sameness can be told.
      if (JSON.stringify(oldBranches.map((b) => b.schema)) !== JSON.stringify(newBranches.map((b) => b.schema))) {
        this.note(true, where, "alternatives (anyOf/oneOf) changed");
      }
      return;
    }
    const widened = newBranches.filter((branch) => !oldBranches.some((old) => covers(old.kind, branch.kind)));
    const narrowed = oldBranches.filter((branch) => !newBranches.some((fresh) => covers(fresh.kind, branch.kind)));
    for (const branch of narrowed)
      this.note(true, where, `${direction === "response" ? "is no longer" : "no longer accepts"} ${branch.kind}`);
    for (const branch of widened)
      this.note(false, where, `${direction === "response" ? "may now be" : "now also accepts"} ${branch.kind}`);
    for (const oldBranch of oldBranches) {
      const newBranch = newKeys.get(oldBranch.kind);
      if (newBranch) this.compareBranch(where, oldBranch, newBranch, direction);
    }
  }

  private compareBranch(where: string, oldBranch: Branch, newBranch: Branch, direction: Direction): void {
    if (oldBranch.kind !== newBranch.kind) {
      const narrows = !covers(newBranch.kind, oldBranch.kind);
      if (narrows) {
        this.note(true, where, `type changed from ${oldBranch.kind} to ${newBranch.kind}`);
        return;
      }
      this.note(false, where, `type changed from ${oldBranch.kind} to ${newBranch.kind}`);
    }
    if (oldBranch.ref || newBranch.ref) {
      const key = `${oldBranch.ref ?? "inline"}>${newBranch.ref ?? "inline"}|${JSON.stringify(oldBranch.ref ? "" : oldBranch.schema)}|${JSON.stringify(newBranch.ref ? "" : newBranch.schema)}|${direction}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      if (oldBranch.ref && oldBranch.ref === newBranch.ref) where = oldBranch.ref;
    }
    this.compareValues(where, oldBranch.schema, newBranch.schema, direction);
    this.compareConstraints(where, oldBranch.schema, newBranch.schema, direction);
    this.compareObjects(where, oldBranch.schema, newBranch.schema, direction);
    if (oldBranch.schema.items !== undefined || newBranch.schema.items !== undefined) {
      this.compareSchema(`${where}[]`, oldBranch.schema.items ?? {}, newBranch.schema.items ?? {}, direction);
    }
  }

  /** `enum` and `const`: the listed values a field may take. */
  private compareValues(where: string, oldSchema: Json, newSchema: Json, direction: Direction): void {
    const oldValues = allowedValues(oldSchema);
    const newValues = allowedValues(newSchema);
    if (!oldValues && !newValues) return;
    const show = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(", ");
    const gained = newValues ? (oldValues ? newValues.filter((v) => !includesValue(oldValues, v)) : []) : undefined;
    const lost = oldValues ? (newValues ? oldValues.filter((v) => !includesValue(newValues, v)) : []) : undefined;
    // No list on one side means any value of the type.
    const [took, gave] =
      direction === "response" ? ["is no longer", "may now be"] : ["no longer accepts", "now also accepts"];
    if (lost === undefined) this.note(true, where, "now takes only listed values");
    else if (lost.length > 0) this.note(true, where, `${took} ${show(lost)}`);
    if (gained === undefined) this.note(false, where, "may now take any value, not only the listed ones");
    else if (gained.length > 0) this.note(false, where, `${gave} ${show(gained)}`);
  }

  private compareConstraints(where: string, oldSchema: Json, newSchema: Json, direction: Direction): void {
    for (const [keyword, bound] of CONSTRAINTS) {
      const before = oldSchema[keyword];
      const after = newSchema[keyword];
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      // A tighter (or different) constraint takes values away; a looser one only adds.
      const added = before === undefined;
      const tightened =
        !added &&
        after !== undefined &&
        (bound === "lower"
          ? Number(after) > Number(before)
          : bound === "upper"
            ? Number(after) < Number(before)
            : false);
      const replaced = !added && after !== undefined && bound === "exact";
      // In a response, taking values away only narrows what clients receive (see the top of the file).
      const narrowsResponse = direction === "response" && RESPONSE_NARROWABLE.has(keyword) && (added || tightened);
      const breaking = (added || tightened || replaced) && !narrowsResponse;
      const what = added
        ? `${keyword} ${JSON.stringify(after)} added`
        : after === undefined
          ? `${keyword} ${JSON.stringify(before)} removed`
          : `${keyword} changed from ${JSON.stringify(before)} to ${JSON.stringify(after)}`;
      this.note(
        breaking,
        where,
        narrowsResponse ? `${what} (narrows a response: clients accept every value it allows)` : what,
      );
    }
  }

  private compareObjects(where: string, oldSchema: Json, newSchema: Json, direction: Direction): void {
    const oldProps = asObject(oldSchema.properties);
    const newProps = asObject(newSchema.properties);
    const oldRequired = new Set(asArray(oldSchema.required).map(String));
    const newRequired = new Set(asArray(newSchema.required).map(String));
    const added = Object.keys(newProps).filter((name) => !(name in oldProps));
    for (const [name, oldProp] of Object.entries(oldProps)) {
      const at = `${where}.${name}`;
      if (!(name in newProps)) {
        this.note(true, at, added.length > 0 ? `removed (renamed? added here: ${added.join(", ")})` : "removed");
        continue;
      }
      if (direction === "response" && oldRequired.has(name) && !newRequired.has(name))
        this.note(true, at, "no longer required: clients may rely on it");
      if (direction === "request" && newRequired.has(name) && !oldRequired.has(name))
        this.note(true, at, "became required");
      this.compareSchema(at, oldProp, newProps[name], direction);
    }
    for (const name of added) {
      const required = direction === "request" && newRequired.has(name);
      this.note(required, `${where}.${name}`, required ? "new required property" : "added");
    }
    const oldExtra = oldSchema.additionalProperties;
    const newExtra = newSchema.additionalProperties;
    if (direction === "request" && newExtra === false && oldExtra !== false)
      this.note(true, where, "no longer accepts other properties");
    if (isObject(oldExtra) && isObject(newExtra)) this.compareSchema(`${where}{*}`, oldExtra, newExtra, direction);
  }

  private deref(doc: Json, value: unknown): Json {
    let current = value;
    for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === "string"; hops += 1)
      current = pointer(doc, current.$ref);
    return asObject(current);
  }

  /** A schema with its references followed; `true` and `{}` allow anything (undefined here). */
  private resolveSchema(doc: Json, value: unknown): Json | undefined {
    if (value === undefined || value === true) return undefined;
    if (value === false) return { not: {} };
    const schema = this.deref(doc, value);
    return Object.keys(withoutAnnotations(schema)).length === 0 ? undefined : schema;
  }
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
      let resolved: unknown = alternative;
      for (let hops = 0; hops < 20 && isObject(resolved) && typeof resolved.$ref === "string"; hops += 1)
        resolved = pointer(doc, resolved.$ref);
      return branches(doc, asObject(resolved)).map((branch) => (ref ? { ...branch, ref } : branch));
    });
  }
  if (Array.isArray(schema.type))
    return schema.type.map((type) => ({ kind: String(type), schema: { ...schema, type } }));
  if (typeof schema.type === "string") return [{ kind: schema.type, schema }];
  if ("const" in schema) return [{ kind: `const ${JSON.stringify(schema.const)}`, schema }];
  return [{ kind: "any", schema }];
}

/** Whether values of kind `sub` are all values of kind `whole`. */
function covers(whole: string, sub: string): boolean {
  return whole === sub || whole === "any" || (whole === "number" && sub === "integer");
}

/** Keyword, and which way is looser: a lower bound down, an upper bound up, any change of the others. */
const CONSTRAINTS: [string, "lower" | "upper" | "exact"][] = [
  ["minimum", "lower"],
  ["exclusiveMinimum", "lower"],
  ["minLength", "lower"],
  ["minItems", "lower"],
  ["minProperties", "lower"],
  ["maximum", "upper"],
  ["exclusiveMaximum", "upper"],
  ["maxLength", "upper"],
  ["maxItems", "upper"],
  ["maxProperties", "upper"],
  ["format", "exact"],
  ["pattern", "exact"],
  ["multipleOf", "exact"],
  ["uniqueItems", "exact"],
];

/** String and number constraints whose addition or tightening in a response breaks no client. */
const RESPONSE_NARROWABLE: ReadonlySet<string> = new Set([
  "pattern",
  "format",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
]);

const ANNOTATIONS = new Set([
  "description",
  "title",
  "summary",
  "examples",
  "example",
  "default",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
  "externalDocs",
  "xml",
]);

function withoutAnnotations(schema: Json): Json {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith("x-")));
}

function allowedValues(schema: Json): unknown[] | undefined {
  if ("const" in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

function includesValue(values: unknown[], value: unknown): boolean {
  const wanted = JSON.stringify(value);
  return values.some((v) => JSON.stringify(v) === wanted);
}

function withoutEnum(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const { enum: _enum, ...rest } = schema;
  return rest;
}

/** `Award` for `#/components/schemas/Award`; undefined for anything else. */
function refName(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.$ref !== "string") return undefined;
  return /^#\/components\/schemas\/(.+)$/.exec(value.$ref)?.[1] ?? value.$ref;
}

/** Security that every request must satisfy: a non-empty list without the empty (anonymous) alternative. */
function requiresAuth(security: unknown): boolean {
  const alternatives = asArray(security);
  return (
    alternatives.length > 0 &&
    !alternatives.some((alternative) => isObject(alternative) && Object.keys(alternative).length === 0)
  );
}

function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), doc);
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function asObject(value: unknown): Json {
  return isObject(value) ? value : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
