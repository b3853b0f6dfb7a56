import { test } from "uvu";
import { publishedSchemas } from "../../../src/api/json-schemas.ts";
import * as assert from "uvu/assert";
import { buildApiIndex } from "../../../src/api/api-index.ts";
import { portfolioApi } from "../../../src/api/portfolio/routes.ts";
import { portfolioBadges } from "../../../src/api/portfolio/badges.ts";
import { content, handModel, project, siteConfig } from "../support/model.ts";
import { PGP_FINGERPRINT } from "../support/content-tree.ts";

const pgp = { fingerprint: PGP_FINGERPRINT, armored: "-----BEGIN PGP PUBLIC KEY BLOCK-----\n" };
const projects = [project({ name: "beta" }), project({ name: "Alpha", cluster: "two" })];

test("should list every available route with its URL", () => {
  const model = handModel({ content: content({ projects, pgp }) });

  const index = buildApiIndex(portfolioApi, model);

  assert.equal(
    index.endpoints.map((e) => e.path),
    portfolioApi.routes.map((r) => r.path),
  );
  const profile = index.endpoints.find((e) => e.path === "/api/v1/profile.json");
  assert.equal(profile, {
    path: "/api/v1/profile.json",
    url: "https://fixture.example/api/v1/profile.json",
    summary: "Who the owner is and how to reach them",
    group: "profile",
    type: "application/json",
  });
});

test("should not list the key file when there is no key", () => {
  const model = handModel({ content: content({ projects, pgp: null }) });

  const index = buildApiIndex(portfolioApi, model);

  assert.not.ok(index.endpoints.some((e) => e.path === "/pgp.asc"));
  assert.is(index.endpoints.length, portfolioApi.routes.length - 1);
});

test("should give templated endpoints every valid value of each parameter", () => {
  const model = handModel({ content: content({ projects }) });

  const params = Object.fromEntries(
    buildApiIndex(portfolioApi, model)
      .endpoints.filter((e) => e.params)
      .map((e) => [e.path, e.params]),
  );

  // Every route with parameters, from the route table, so a new one is checked without a change here.
  const templated = portfolioApi.routes.filter((route) => route.param);
  assert.equal(
    Object.keys(params),
    templated.map((route) => route.path),
  );
  for (const { path, param } of templated)
    assert.equal(params[path], param ? { [param.name]: param.values(model) } : undefined);
  assert.equal(params["/api/v1/projects/{name}.json"], { name: ["Alpha", "beta"] });
  assert.equal(params["/api/v1/clusters/{id}.json"], { id: ["one", "two"] });
  assert.equal(params["/api/v1/badges/{metric}.json"], { metric: Object.keys(portfolioBadges) });
  assert.equal(params["/api/v1/schemas/{name}.json"], { name: [...publishedSchemas(portfolioApi).keys()] });
});

test("should name the API, its version, its docs and its OpenAPI document under the base URL", () => {
  const model = handModel({ config: siteConfig({ baseUrl: "https://x.example/portfolio" }) });

  const index = buildApiIndex(portfolioApi, model);

  assert.equal(
    { name: index.name, version: index.version, docs: index.docs, openapi: index.openapi },
    {
      name: "fixture-portfolio",
      version: "1.0.0",
      docs: "https://x.example/portfolio/docs/api/",
      openapi: "https://x.example/portfolio/api/openapi.json",
    },
  );
  assert.is(index.endpoints[0]?.url, "https://x.example/portfolio/api/v1/index.json");
  assert.is(
    index.endpoints.find((endpoint) => endpoint.path === "/api/v1/projects/{name}.json")?.url,
    "https://x.example/portfolio/api/v1/projects/{name}.json",
  );
});

test.run();
