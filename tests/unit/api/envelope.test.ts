import { test } from "uvu";
import * as assert from "uvu/assert";
import { Type } from "@sinclair/typebox";
import { envelope, sameButGenerated } from "../../../src/api/envelope.ts";
import { serializeJson } from "../../../src/api/render-file.ts";
import { schemaRoute } from "../../../src/api/json-schemas.ts";
import type { ApiContext, ApiDefinition, Route } from "../../../src/api/route.ts";
import { siteConfig } from "../support/model.ts";

const context: ApiContext = {
  name: "test-api",
  description: "A test API",
  docs: "https://x.example/docs/api/",
  config: siteConfig({ baseUrl: "https://x.example", buildTime: new Date("2026-11-21T10:00:00.500Z") }),
  notes: { repositories: "Stars are old.", pulls: "Pulls are old.", history: "Stars are old." },
};

const Thing = Type.Object({ a: Type.Integer() });

function route(changes: Partial<Route<null>>): Route<null> {
  return {
    id: "r",
    path: "/r.json",
    summary: "R",
    description: "R",
    group: "g",
    mediaType: "application/json",
    body: "envelope",
    schema: Thing,
    build: () => null,
    ...changes,
  };
}

const api: ApiDefinition<null> = {
  title: "Test",
  version: "1.0.0",
  root: "",
  routes: [schemaRoute(() => api)],
  groups: {},
  components: { Thing },
  context: () => context,
};

test("should write the meta keys in a fixed order: api, version, generated, self, docs, schema", () => {
  const { meta } = envelope(route({}), context, api, "https://x.example/r.json", { a: 1 }, null);

  assert.equal(Object.keys(meta), ["api", "version", "generated", "self", "docs", "schema"]);
  assert.equal(meta, {
    api: "test-api",
    version: "1.0.0",
    generated: "2026-11-21T10:00:00Z",
    self: "https://x.example/r.json",
    docs: "https://x.example/docs/api/",
    schema: "https://x.example/api/v1/schemas/Thing.json",
  });
});

test("should add count for list routes, then source, then note", () => {
  const listRoute = route({
    body: "list",
    schema: Type.Array(Thing),
    source: () => "https://github.com/x",
    notes: ["pulls"],
  });

  const { meta } = envelope(listRoute, context, api, "https://x.example/r.json", [1, 2, 3], null);

  assert.equal(Object.keys(meta), ["api", "version", "generated", "self", "docs", "schema", "count", "source", "note"]);
  assert.equal(
    [meta.schema, meta.count, meta.source, meta.note],
    ["https://x.example/api/v1/schemas/ThingList.json", 3, "https://github.com/x", "Pulls are old."],
  );
});

test("should not count items of an envelope route", () => {
  const { meta } = envelope(route({ body: "envelope" }), context, api, "https://x.example/r.json", [1, 2], null);

  assert.is("count" in meta, false);
});

test("should join the distinct notes of the route's topics", () => {
  const { meta } = envelope(
    route({ notes: ["repositories", "pulls", "history"] }),
    context,
    api,
    "https://x.example/r.json",
    {},
    null,
  );

  assert.is(meta.note, "Stars are old. Pulls are old.");
});

test("should leave out source and note when there are none", () => {
  const quiet = route({ notes: ["history"], source: () => undefined });

  const { meta } = envelope(quiet, { ...context, notes: {} }, api, "https://x.example/r.json", {}, null);

  assert.equal(Object.keys(meta), ["api", "version", "generated", "self", "docs", "schema"]);
});

test("should pass the payload through as data", () => {
  const data = { name: "x" };

  const result = envelope(route({}), context, api, "https://x.example/r.json", data, null);

  assert.is(result.data, data);
});

test("should know two texts of a file alike but for meta.generated, and no other difference", () => {
  const at = (buildTime: string, a = 1) =>
    serializeJson(
      envelope(
        route({}),
        { ...context, config: { ...context.config, buildTime: new Date(buildTime) } },
        api,
        "https://x.example/r.json",
        { a },
        null,
      ),
    );
  const kept = at("2026-11-21T10:00:00Z");
  assert.ok(sameButGenerated(at("2026-11-21T10:05:09Z"), kept));
  assert.ok(sameButGenerated(kept, kept));
  assert.not.ok(sameButGenerated(at("2026-11-21T10:05:09Z", 2), kept), "the data changed too");
  assert.not.ok(sameButGenerated(at("2026-11-21T10:00:00Z", 2), kept));
  assert.not.ok(sameButGenerated(kept.replace("test-api", "other-api"), kept), "a change before the time");
  assert.not.ok(
    sameButGenerated("<p>generated</p>\n", "<p>generated</p>\n"),
    "no envelope: the plain comparison decides",
  );
  const post = (time: string) =>
    `# A post\n\n\`\`\`json\n{\n  "meta": {\n    "generated": "${time}",\n  }\n}\n\`\`\`\n`;
  assert.not.ok(sameButGenerated(post("2026"), post("2027")), "a post's text holding the line is no envelope");
});

test.run();
