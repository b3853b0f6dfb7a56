import { createRequire } from "node:module";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Type, type TSchema } from "@sinclair/typebox";
import { blogApi } from "../../../src/api/blog/routes.ts";
import {
  JsonSchemaDocumentShape,
  jsonSchemaDocument,
  publishedSchemas,
  schemaNameOf,
  schemaRoute,
  SCHEMA_ROUTE_ID,
} from "../../../src/api/json-schemas.ts";
import { buildOpenApi, componentRef, toOpenApiSchema } from "../../../src/api/openapi.ts";
import { portfolioApi } from "../../../src/api/portfolio/routes.ts";
import { forModel, routeById, type ApiContext, type ApiDefinition, type Route } from "../../../src/api/route.ts";
import { handModel, siteConfig } from "../support/model.ts";

type Json = Record<string, unknown>;

const context: ApiContext = {
  name: "test-api",
  description: "A test API",
  docs: "https://x.example/docs/api/",
  config: siteConfig({ baseUrl: "https://x.example/sub", buildTime: new Date("2026-11-21T10:00:00Z") }),
  notes: {},
};
// Both APIs as plain definitions: the documents depend on the context and the route table only.
const apis = [portfolioApi, blogApi] as ApiDefinition<unknown>[];
const folder = (api: ApiDefinition<unknown>) => `https://x.example/sub${api.root}/api/v1/schemas/`;

/** Every `$ref` in a document, wherever it is. */
function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node))
    node.forEach((item) => {
      refsOf(item, found);
    });
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refsOf(value, found);
    }
  }
  return found;
}

/** A copy of a document with every `$ref` mapped. */
function withRefs(node: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => withRefs(item, map));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" ? map(value) : withRefs(value, map),
    ]),
  );
}

test("should publish every component of both APIs as a 2020-12 document whose $id is its URL", () => {
  for (const api of apis) {
    const names = [...publishedSchemas(api).keys()];
    assert.equal(names.slice(0, Object.keys(api.components).length), Object.keys(api.components));
    for (const name of names) {
      const doc = jsonSchemaDocument(api, context, name);
      assert.equal(
        [doc.$schema, doc.$id, doc.title],
        ["https://json-schema.org/draft/2020-12/schema", `${folder(api)}${name}.json`, name],
      );
    }
  }
  assert.is(
    jsonSchemaDocument(blogApi, context, "FullPost").$id,
    "https://x.example/sub/blog/api/v1/schemas/FullPost.json",
  );
});

test("should point every $ref at the URL of a sibling schema file of the same API", () => {
  for (const api of apis) {
    const names = new Set(publishedSchemas(api).keys());
    const refs = [...names].flatMap((name) => refsOf(jsonSchemaDocument(api, context, name)));

    assert.ok(refs.length > 10);
    for (const ref of refs) {
      assert.ok(ref.startsWith(folder(api)), ref);
      assert.ok(names.has(ref.slice(folder(api).length).replace(/\.json$/, "")), ref);
    }
  }
});

test("should be exactly the OpenAPI component, with references made URLs", () => {
  const openapi = buildOpenApi(portfolioApi, handModel()) as { components: { schemas: Record<string, unknown> } };
  const config = handModel().config;
  const base = config.baseUrl;
  const portfolioContext = { ...context, config };

  for (const name of Object.keys(portfolioApi.components)) {
    const {
      $schema: _dialect,
      $id: _id,
      title: _title,
      ...schema
    } = jsonSchemaDocument(forModel(portfolioApi, handModel()), portfolioContext, name);
    const asComponents = withRefs(schema, (ref) =>
      ref.replace(`${base}/api/v1/schemas/`, "#/components/schemas/").replace(/\.json$/, ""),
    );

    assert.equal(asComponents, openapi.components.schemas[name], name);
  }
});

test("should give a list route's data a {Component}List schema, shared by routes of the same shape", () => {
  const projects = schemaNameOf(portfolioApi, routeById(portfolioApi, "listProjects"));
  const featured = schemaNameOf(portfolioApi, routeById(portfolioApi, "listFeatured"));

  assert.equal([projects, featured], ["ProjectSummaryList", "ProjectSummaryList"]);
  assert.equal(jsonSchemaDocument(portfolioApi, context, "ProjectSummaryList").items, {
    $ref: `${folder(portfolioApi)}ProjectSummary.json`,
  });
});

test("should name a published schema for the data of every envelope and list route of both APIs", () => {
  for (const api of apis) {
    const published = publishedSchemas(api);
    for (const route of api.routes.filter((r) => r.body !== "raw")) {
      const name = schemaNameOf(api, route);
      assert.ok(name !== undefined && published.has(name), `${api.title} ${route.id}`);
    }
  }
});

test("should describe the schema files in OpenAPI as one path with {name} over every published schema", () => {
  const doc = buildOpenApi(portfolioApi, handModel()) as { paths: Record<string, { get: Json }> };
  const get = doc.paths["/api/v1/schemas/{name}.json"]?.get as {
    operationId: string;
    parameters: { schema: { enum: string[] } }[];
    responses: Json;
  };

  assert.is(get.operationId, SCHEMA_ROUTE_ID);
  assert.equal(get.parameters[0]?.schema.enum, [...publishedSchemas(portfolioApi).keys()]);
  assert.ok(
    JSON.stringify(get.responses).includes(
      '"$schema":{"type":"string","const":"https://json-schema.org/draft/2020-12/schema"',
    ),
  );
});

test("should hold every schema file to the shape the after-build check reads, and refuse one that breaks it", () => {
  // The validator the after-build check uses (src/checks/standalone-validators.ts), on the shape as OpenAPI states it.
  const require = createRequire(import.meta.url);
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const addFormats = (require("ajv-formats") as typeof import("ajv-formats")).default;
  const ajv = new Ajv2020({ strict: true });
  addFormats(ajv);
  const check = ajv.compile(toOpenApiSchema(JsonSchemaDocumentShape, new Map()) as object);
  const good = jsonSchemaDocument(portfolioApi, context, "ProjectDetail");

  assert.ok(check(good), JSON.stringify(check.errors));
  assert.not.ok(check({ ...good, $schema: "http://json-schema.org/draft-07/schema#" }));
  assert.not.ok(check({ ...good, $id: "javascript:alert(1)//.json" }));
  assert.not.ok(check({ $schema: good.$schema, $id: good.$id }));
});

// A small API of our own, for the naming rules the two real ones do not exercise.
const Thing = Type.Object({ a: Type.Integer() });
function api(routes: Partial<Route<null>>[], components: Record<string, TSchema> = { Thing }): ApiDefinition<null> {
  const definition: ApiDefinition<null> = {
    title: "Test",
    version: "1.0.0",
    root: "",
    routes: [
      schemaRoute(() => definition),
      ...routes.map(
        (r, i): Route<null> => ({
          id: `r${i}`,
          path: `/r${i}.json`,
          summary: "R",
          description: "R",
          group: "g",
          mediaType: "application/json",
          body: "envelope",
          schema: Thing,
          build: () => null,
          ...r,
        }),
      ),
    ],
    groups: {},
    components,
    context: () => context,
  };
  return definition;
}

test("should name other envelope data after the route's operation id, and a raw body only when it is a component", () => {
  const definition = api([
    { id: "getOdd", schema: Type.Object({ b: Type.String() }) },
    { id: "getText", body: "raw", schema: Type.String() },
    { id: "getThing", body: "raw" },
  ]);

  assert.equal([...publishedSchemas(definition).keys()], ["Thing", "getOdd"]);
  assert.is(schemaNameOf(definition, routeById(definition, "getText")), undefined);
  assert.is(schemaNameOf(definition, routeById(definition, "getThing")), "Thing");
  assert.equal(jsonSchemaDocument(definition, context, "getOdd").properties, { b: { type: "string" } });
});

test("should refuse a schema name that two different shapes would share", () => {
  const other = Type.Object({ b: Type.String() });
  const definition = api([{ body: "list", schema: Type.Array(Thing) }], { Thing, ThingList: other });

  assert.throws(() => publishedSchemas(definition), /Schema name ThingList of route r0 is already another schema's/);
});

test("should keep component references in OpenAPI pointing inside the document", () => {
  assert.is(componentRef("Thing"), "#/components/schemas/Thing");
});

test.run();
