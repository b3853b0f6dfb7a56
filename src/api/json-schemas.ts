import { KindGuard, Type, type TSchema } from "@sinclair/typebox";
import { UriString } from "../schemas/common.ts";
import { COMMON_API_PATHS } from "../config/site-paths.ts";
import { componentNames, toOpenApiSchema } from "./openapi.ts";
import { forModel, routeById, routeUrl, type ApiContext, type ApiDefinition, type Route } from "./route.ts";

/*
 * Every component schema of an API as its own JSON Schema 2020-12 document, so a client can
 * validate a file from URLs alone (docs/api-clients.md, "JSON Schemas"): converted from the
 * OpenAPI components' TypeBox objects by the same function; only where a `$ref` points differs.
 */

/** Operation id of the schema route; `meta.schema` is a URL of one of its files. */
export const SCHEMA_ROUTE_ID = "getSchema";
const DIALECT = "https://json-schema.org/draft/2020-12/schema";

/**
 * What a schema file promises about itself: a 2020-12 document naming its own URL. The full
 * rules are the 2020-12 meta-schema's; the e2e test compiles every file with a 2020-12 validator.
 */
export const JsonSchemaDocumentShape = Type.Object(
  {
    $schema: Type.Unsafe<string>({
      type: "string",
      const: DIALECT,
      description: "Always the JSON Schema 2020-12 dialect",
    }),
    $id: UriString("web", { description: "This file's own URL; `$ref`s to other schemas are their URLs" }),
    title: Type.String({ minLength: 1, description: "The schema's name, as in `{name}` and the OpenAPI components" }),
  },
  { additionalProperties: true, description: "A JSON Schema 2020-12 document" },
);

/**
 * The published schema name of what a route serves (`data`, or a raw body): a component's own
 * name, `{Component}List` for an array of one, else the operation id; none for a raw body that
 * is not a component (text, the OpenAPI document, a schema file), which another spec describes.
 */
export function schemaNameOf<M>(
  definition: ApiDefinition<M>,
  route: Route<M>,
  names: ReadonlyMap<unknown, string> = componentNames(definition),
): string | undefined {
  const own = names.get(route.schema);
  if (own) return own;
  if (route.body === "raw") return undefined;
  const itemName = KindGuard.IsArray(route.schema) ? names.get(route.schema.items) : undefined;
  return itemName ? `${itemName}List` : route.id;
}

/**
 * Every published schema by name: the components, then list and route schemas in route order.
 * From every route, not only those with files in this build: no URL comes and goes with content.
 */
export function publishedSchemas<M>(definition: ApiDefinition<M>): Map<string, TSchema> {
  const names = componentNames(definition);
  const schemas = new Map<string, TSchema>(Object.entries(definition.components));
  for (const route of definition.routes) {
    const name = schemaNameOf(definition, route, names);
    if (name === undefined || names.get(route.schema) === name) continue;
    const taken = schemas.get(name);
    // Two routes may share a list schema (projects.json and featured.json); a name may not mean two shapes.
    if (taken !== undefined && JSON.stringify(taken) !== JSON.stringify(route.schema)) {
      throw new Error(`Schema name ${name} of route ${route.id} is already another schema's`);
    }
    schemas.set(name, route.schema);
  }
  return schemas;
}

/** The URL of a published schema. */
export function schemaUrl<M>(definition: ApiDefinition<M>, context: ApiContext, name: string): string {
  return routeUrl(definition, context, routeById(definition, SCHEMA_ROUTE_ID), { name });
}

/** `meta.schema` of a route's files: the URL of the schema of their `data`. */
export function dataSchemaUrl<M>(definition: ApiDefinition<M>, context: ApiContext, route: Route<M>): string {
  const name = schemaNameOf(definition, route);
  if (name === undefined) throw new Error(`Route ${route.id} has an envelope but no schema name`);
  return schemaUrl(definition, context, name);
}

/**
 * One schema file: `$schema`, `$id` (its URL) and `title` (its name), then the schema as the
 * OpenAPI document has it, with every component reference made the URL of that component's file.
 */
export function jsonSchemaDocument<M>(
  definition: ApiDefinition<M>,
  context: ApiContext,
  name: string,
): Record<string, unknown> {
  const schema = publishedSchemas(definition).get(name);
  if (schema === undefined) throw new Error(`No published schema ${name}`);
  const converted = toOpenApiSchema(schema, componentNames(definition), name, (ref) =>
    schemaUrl(definition, context, ref),
  );
  return {
    $schema: DIALECT,
    $id: schemaUrl(definition, context, name),
    title: name,
    ...(converted as Record<string, unknown>),
  };
}

/**
 * The route of the schema files, one per published schema. `api` is a function because a
 * route table is built before the definition that holds it.
 */
export function schemaRoute<M>(api: () => ApiDefinition<M>): Route<M> {
  return {
    id: SCHEMA_ROUTE_ID,
    path: COMMON_API_PATHS.schema,
    group: "meta",
    body: "raw",
    schema: JsonSchemaDocumentShape,
    summary: "The JSON Schema of one resource",
    description:
      "A JSON Schema 2020-12 document per component of this description, plus one per list (`{Component}List`): what every file's `meta.schema` names. `$id` is the file's URL and `$ref`s are the other files' URLs, so any 2020-12 validator can load them by URL. Served as `application/json`, as every static host serves `.json`: tell a validator that expects `application/schema+json` to accept it.",
    param: {
      name: "name",
      description: "A schema's name: a component name, or `{Component}List` for a list's `data`",
      values: () => [...publishedSchemas(api()).keys()],
    },
    build: (model, params) => jsonSchemaDocument(forModel(api(), model), api().context(model), params.name ?? ""),
  };
}
