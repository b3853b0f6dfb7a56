import { test } from "uvu";
import * as assert from "uvu/assert";
import { Type } from "@sinclair/typebox";
import {
  availableRoutes,
  expandParams,
  outputPath,
  routeById,
  routeUrl,
  type ApiDefinition,
  type Route,
} from "../../../src/api/route.ts";
import { fillPath } from "../../../src/config/site-paths.ts";
import { siteConfig } from "../support/model.ts";

interface Model {
  names: string[];
  hidden: boolean;
}
const model: Model = { names: ["a", "b c"], hidden: true };

const route = (changes: Partial<Route<Model>>): Route<Model> => ({
  id: "r",
  path: "/r.json",
  summary: "R",
  description: "R",
  group: "g",
  mediaType: "application/json",
  body: "envelope",
  schema: Type.Null(),
  build: () => null,
  ...changes,
});

const definition: ApiDefinition<Model> = {
  title: "T",
  version: "1.0.0",
  root: "/blog",
  components: {},
  groups: { g: "Things" },
  routes: [
    route({ id: "plain", path: "/api/v1/plain.json" }),
    route({
      id: "item",
      path: "/api/v1/items/{name}.json",
      param: { name: "name", description: "n", values: (m) => m.names },
    }),
    route({ id: "secret", path: "/secret.txt", available: (m) => !m.hidden }),
  ],
  context: () => ({
    name: "t",
    description: "d",
    docs: "https://x.example/docs/",
    config: siteConfig({ baseUrl: "https://x.example/folio" }),
    notes: {},
  }),
};

test("should fill a path template with URL-encoded values", () => {
  const path = fillPath("/api/v1/projects/{name}.json", { name: "hl7 lint/x" });

  assert.is(path, "/api/v1/projects/hl7%20lint%2Fx.json");
});

test("should fail to fill a template when a value is missing", () => {
  assert.throws(() => fillPath("/api/v1/projects/{name}.json", {}), /No value for \{name\}/);
});

test("should expand a route's parameter into one set of parameters per value", () => {
  const combos = expandParams(routeById(definition, "item"), model);

  assert.equal(combos, [{ name: "a" }, { name: "b c" }]);
});

test("should expand a plain route into one empty combination", () => {
  const combos = expandParams(routeById(definition, "plain"), model);

  assert.equal(combos, [{}]);
});

test("should leave out routes that are not available in this build", () => {
  const ids = availableRoutes(definition, model).map((r) => r.id);

  assert.equal(ids, ["plain", "item"]);
});

test("should place a file under the API's root, relative to the output folder and as a URL under the base path", () => {
  const item = routeById(definition, "item");

  const where = [
    outputPath(definition, item, { name: "b c" }),
    routeUrl(definition, definition.context(model), item, { name: "a" }),
  ];

  assert.equal(where, ["blog/api/v1/items/b c.json", "https://x.example/folio/blog/api/v1/items/a.json"]);
});

test("should name a route's file as a host finds it from the URL: the value decoded, the URL encoded", () => {
  const item = routeById(definition, "item");
  const params = { name: "C++ C#" };

  const where = [outputPath(definition, item, params), routeUrl(definition, definition.context(model), item, params)];

  assert.equal(where, [
    "blog/api/v1/items/C++ C#.json",
    "https://x.example/folio/blog/api/v1/items/C%2B%2B%20C%23.json",
  ]);
});

test("should refuse a value that would open another folder in a route's file", () => {
  const item = routeById(definition, "item");

  assert.throws(() => outputPath(definition, item, { name: "../x" }), /a name in it holds a slash/);
});

test("should fail for an unknown route id", () => {
  assert.throws(() => routeById(definition, "nope"), /No route nope/);
});

test.run();
