import { Type, type TSchema } from "@sinclair/typebox";
import { apiServerUrl } from "../config/site-paths.ts";
import { availableRoutes, forModel, mediaTypeOf, type ApiDefinition, type Route } from "./route.ts";

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  items?: Schema;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
}
export interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema?: { enum?: string[] };
}
export interface OperationDoc {
  operationId: string;
  summary: string;
  description: string;
  tags?: string[];
  parameters?: Parameter[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
}
/** The document buildOpenApi writes, typed for its readers: the reference page and the after-build validation. */
export interface OpenApiDocument {
  info: { title: string; version: string; summary?: string; description?: string };
  servers: { url: string }[];
  paths: Record<string, { get: OperationDoc }>;
  components: { schemas: Record<string, Schema> };
}

/** The little an OpenAPI file promises about itself; the full rules live in the OpenAPI 3.1 specification. */
export const OpenApiDocumentShape = Type.Object(
  {
    openapi: Type.String({ pattern: "^3\\.1\\.\\d+$", description: "OpenAPI version, 3.1.x" }),
    info: Type.Object({ title: Type.String(), version: Type.String() }, { additionalProperties: true }),
    paths: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: true, description: "An OpenAPI 3.1 document" },
);

type JsonObject = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of an API as this site publishes it (`forModel`): nested component
 * schemas become `$ref`s, unions of literals `enum`s.
 */
export function buildOpenApi<M>(general: ApiDefinition<M>, model: M): JsonObject {
  const definition = forModel(general, model);
  const context = definition.context(model);
  const names = componentNames(definition);
  const convert = (schema: TSchema, self?: string) => toOpenApiSchema(schema, names, self);
  const routes = availableRoutes(definition, model);
  const groups = [...new Set(routes.map((route) => route.group))];
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: definition.title,
      version: definition.version,
      summary: context.name,
      ...(definition.license ? { license: definition.license } : {}),
      description: `${context.description}\n\nEvery endpoint is a GET of a static file: no authentication, no key, no query parameters. CORS is open to every origin (\`*\`). The host may cache a file for up to ten minutes. Within v1, changes only add things; clients must tolerate unknown fields.`,
    },
    externalDocs: { description: "Documentation page", url: context.docs },
    servers: [{ url: apiServerUrl(context.config, definition.root), description: "This site" }],
    security: [],
    tags: groups.map((name) => ({
      name,
      ...(definition.groups[name] ? { description: definition.groups[name] } : {}),
    })),
    paths: Object.fromEntries(routes.map((route) => [route.path, { get: operation(route, model, convert) }])),
    components: {
      schemas: Object.fromEntries(
        Object.entries(definition.components).map(([name, schema]) => [name, convert(schema, name)]),
      ),
    },
  };
}

/** Each component schema object with its name: how a nested one is recognised and referenced. */
export function componentNames<M>(definition: ApiDefinition<M>): Map<unknown, string> {
  return new Map<unknown, string>(Object.entries(definition.components).map(([name, schema]) => [schema, name]));
}

function operation<M>(route: Route<M>, model: M, convert: (schema: TSchema) => unknown): JsonObject {
  const op: JsonObject = {
    operationId: route.id,
    summary: route.summary,
    description: route.description,
    tags: [route.group],
  };
  if (route.param) {
    const { name, description, values } = route.param;
    op.parameters = [
      { name, in: "path", required: true, description, schema: { type: "string", enum: values(model) } },
    ];
  }
  const responses: JsonObject = {
    "200": {
      description: route.summary,
      headers: {
        "Access-Control-Allow-Origin": {
          description: "Always `*`: any origin may fetch",
          schema: { type: "string", const: "*" },
        },
      },
      content: { [mediaTypeOf(route)]: { schema: responseSchema(route, convert) } },
    },
  };
  if (op.parameters) {
    responses["404"] = {
      description: "Not one of the allowed values: the host answers with its own HTML 404 page, not JSON.",
      content: { "text/html": { schema: { type: "string" } } },
    };
  }
  op.responses = responses;
  return op;
}

function responseSchema<M>(route: Route<M>, convert: (schema: TSchema) => unknown): unknown {
  if (route.body === "raw") return convert(route.schema);
  return {
    type: "object",
    required: ["meta", "data"],
    properties: {
      meta: { $ref: componentRef(route.body === "list" ? "ListMeta" : "Meta") },
      data: convert(route.schema),
    },
  };
}

/** Where a `$ref` to a component points inside the OpenAPI document. */
export const componentRef = (name: string): string => `#/components/schemas/${name}`;

/**
 * Deep-copies a schema as plain JSON, nested components as `$ref`s to `refTo(name)`: the OpenAPI
 * components by default, the schema files for json-schemas.ts (same objects, same code).
 */
export function toOpenApiSchema(
  schema: unknown,
  names: ReadonlyMap<unknown, string>,
  self?: string,
  refTo: (name: string) => string = componentRef,
): unknown {
  const visit = (node: unknown, isRoot: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, false));
    if (node === null || typeof node !== "object") return node;
    const name = names.get(node);
    if (name && !(isRoot && name === self)) return { $ref: refTo(name) };
    const literalEnum = asEnum(node as JsonObject);
    if (literalEnum) return literalEnum;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value, false)]));
  };
  return visit(schema, true);
}

/** `anyOf` of same-typed `const`s reads better, and generates better client code, as an `enum`. */
function asEnum(node: JsonObject): JsonObject | null {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length === 0) return null;
  const consts = branches as JsonObject[];
  if (!consts.every((b) => "const" in b && b.type === consts[0]?.type)) return null;
  const { anyOf: _anyOf, ...rest } = node;
  return { type: consts[0]?.type, enum: consts.map((b) => b.const), ...rest };
}
