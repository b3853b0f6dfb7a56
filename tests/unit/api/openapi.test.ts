import { test } from "uvu";
import * as assert from "uvu/assert";
import { Type } from "@sinclair/typebox";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApi, toOpenApiSchema } from "../../../src/api/openapi.ts";
import { portfolioApi } from "../../../src/api/portfolio/routes.ts";
import { portfolioBadges } from "../../../src/api/portfolio/badges.ts";
import { content, handModel, project, siteConfig } from "../support/model.ts";
import { PGP_FINGERPRINT } from "../support/content-tree.ts";

const model = handModel({
  content: content({
    projects: [project({ name: "alpha" }), project({ name: "hl7.lint", cluster: "two" })],
    pgp: { fingerprint: PGP_FINGERPRINT, armored: "-----BEGIN PGP PUBLIC KEY BLOCK-----\n" },
  }),
});
// biome-ignore lint/suspicious/noExplicitAny: walks an OpenAPI document of any shape
type Json = Record<string, any>;
const doc = buildOpenApi(portfolioApi, model) as Json;

test("should build a valid OpenAPI 3.1 document", async () => {
  const result = await new Validator().validate(structuredClone(doc));

  assert.equal(result.errors, undefined);
  assert.is(result.valid, true);
  assert.is(doc.openapi, "3.1.0");
});

test("should describe every route of the portfolio API under paths", () => {
  const paths = Object.keys(doc.paths);

  assert.equal(
    paths,
    portfolioApi.routes.map((route) => route.path),
  );
  assert.ok(paths.includes("/api/v1/schemas/{name}.json"));
});

test("should leave out routes that have no file in this build", () => {
  const withoutKey = buildOpenApi(portfolioApi, handModel()) as Json;

  assert.not.ok("/pgp.asc" in withoutKey.paths);
  assert.ok("/pgp.asc" in doc.paths);
});

test("should list every valid value of each path parameter as an enum", () => {
  const parameters = Object.fromEntries(
    ["/api/v1/projects/{name}.json", "/api/v1/clusters/{id}.json", "/api/v1/badges/{metric}.json"].map((path) => [
      path,
      doc.paths[path].get.parameters,
    ]),
  );

  assert.equal(parameters["/api/v1/projects/{name}.json"][0].schema, { type: "string", enum: ["alpha", "hl7.lint"] });
  assert.equal(parameters["/api/v1/clusters/{id}.json"][0].schema, { type: "string", enum: ["one", "two"] });
  assert.equal(parameters["/api/v1/badges/{metric}.json"][0].schema, {
    type: "string",
    enum: Object.keys(portfolioBadges),
  });
  assert.equal(parameters["/api/v1/projects/{name}.json"][0].in, "path");
  assert.equal(parameters["/api/v1/projects/{name}.json"][0].required, true);
});

test("should answer 404 as HTML only on templated paths", () => {
  const templated = doc.paths["/api/v1/projects/{name}.json"].get.responses;
  const plain = doc.paths["/api/v1/projects.json"].get.responses;

  assert.equal(Object.keys(templated["404"].content), ["text/html"]);
  assert.not.ok("404" in plain);
});

test("should refer to nested components with $ref", () => {
  const detail = doc.components.schemas.ProjectDetail;

  assert.equal(detail.properties.cluster, { $ref: "#/components/schemas/ClusterRef" });
  assert.equal(detail.properties.urls, { $ref: "#/components/schemas/ProjectUrls" });
  assert.equal(detail.properties.links.items, { $ref: "#/components/schemas/Link" });
});

test("should write a component itself in full, not as a $ref to itself", () => {
  const clusterRef = doc.components.schemas.ClusterRef;

  assert.equal(Object.keys(clusterRef.properties), ["id", "title"]);
  assert.not.ok("$ref" in clusterRef);
});

test("should wrap envelope payloads as {meta, data} with the list meta on lists", () => {
  const list = doc.paths["/api/v1/projects.json"].get.responses["200"].content["application/json"].schema;
  const single = doc.paths["/api/v1/profile.json"].get.responses["200"].content["application/json"].schema;

  assert.equal(list.required, ["meta", "data"]);
  assert.equal(list.properties.meta, { $ref: "#/components/schemas/ListMeta" });
  assert.equal(list.properties.data.items, { $ref: "#/components/schemas/ProjectSummary" });
  assert.equal(single.properties.meta, { $ref: "#/components/schemas/Meta" });
  assert.equal(single.properties.data, { $ref: "#/components/schemas/Profile" });
});

test("should write the medal as an enum", () => {
  const medal = doc.components.schemas.Award.properties.medal;

  assert.equal(medal.type, "string");
  assert.equal(medal.enum, ["gold", "silver", "bronze"]);
  assert.not.ok("anyOf" in medal);
});

test("should keep a union of different types as anyOf", () => {
  const converted = toOpenApiSchema(Type.Union([Type.String(), Type.Null()]), new Map()) as Json;

  assert.equal(converted.anyOf, [{ type: "string" }, { type: "null" }]);
});

test("should point servers at the base URL and the docs at the documentation page", () => {
  const server = doc.servers[0].url;

  assert.is(server, "https://fixture.example");
  assert.is(doc.externalDocs.url, "https://fixture.example/docs/api/");
});

test("should point servers at the base URL under a base path, without a trailing slash", () => {
  const config = siteConfig({ baseUrl: "https://fixture.example/folio" });

  const served = buildOpenApi(portfolioApi, handModel({ config })) as Json;

  assert.is(served.servers[0].url, "https://fixture.example/folio");
});

test.run();
