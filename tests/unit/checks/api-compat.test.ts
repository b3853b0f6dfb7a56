import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compareOpenApi, type ApiChange } from "../../../src/checks/api-compat.ts";

// biome-ignore lint/suspicious/noExplicitAny: walks OpenAPI documents of any shape
type Json = Record<string, any>;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
/** The committed v1 baseline: the real document, so the rules are tried on what is published. */
const baseline = JSON.parse(readFileSync(join(repoRoot, "api-baseline/api/openapi.json"), "utf8")) as Json;

function changed(edit: (doc: Json) => void): Json {
  const doc = structuredClone(baseline);
  edit(doc);
  return doc;
}

const breakingChanges = (changes: ApiChange[]) => changes.filter((change) => change.breaking);
const describe = (changes: ApiChange[]) => changes.map((c) => `${c.where}: ${c.what}`);

test("should find nothing to report between the baseline and itself", () => {
  assert.equal(compareOpenApi(baseline, structuredClone(baseline)), []);
});

test("should report a renamed response field as breaking and name the field it was renamed to", () => {
  const doc = changed((d) => {
    const award = d.components.schemas.Award;
    award.properties.track_name = award.properties.track;
    delete award.properties.track;
    award.required = award.required.map((name: string) => (name === "track" ? "track_name" : name));
  });
  const broken = breakingChanges(compareOpenApi(baseline, doc));
  assert.equal(describe(broken), ["Award.track: removed (renamed? added here: track_name)"]);
});

test("should accept an additive release: a new path and a new response field", () => {
  const doc = changed((d) => {
    d.paths["/api/v1/talks.json"] = structuredClone(d.paths["/api/v1/posts.json"]);
    d.components.schemas.ProjectSummary.properties.forks = { type: "integer", minimum: 0 };
    d.components.schemas.ProjectSummary.required.push("forks");
  });
  const changes = compareOpenApi(baseline, doc);
  assert.equal(breakingChanges(changes), []);
  assert.equal(describe(changes), ["ProjectSummary.forks: added", "/api/v1/talks.json: path added"]);
});

test("should report a removed path, operation, response media type and response status as breaking", () => {
  const doc = changed((d) => {
    delete d.paths["/api/v1/featured.json"];
    d.paths["/api/v1/stats.json"] = { post: d.paths["/api/v1/stats.json"].get };
    const card = d.paths["/api/v1/card.txt"].get.responses["200"];
    card.content = { "text/markdown": card.content["text/plain"] };
    delete d.paths["/api/v1/projects/{name}.json"].get.responses["404"];
  });
  const broken = describe(breakingChanges(compareOpenApi(baseline, doc)));
  assert.equal(broken, [
    "GET /api/v1/projects/{name}.json: response 404 removed",
    "/api/v1/featured.json: path removed",
    "GET /api/v1/stats.json: operation removed",
    "GET /api/v1/card.txt 200: media type text/plain removed",
  ]);
});

test("should report a removed response header as breaking and a new one as an addition", () => {
  const doc = changed((d) => {
    const ok = d.paths["/api/v1/stats.json"].get.responses["200"];
    ok.headers = { "Cache-Control": { schema: { type: "string" } } };
  });
  assert.equal(describe(compareOpenApi(baseline, doc)), [
    "GET /api/v1/stats.json 200: header Access-Control-Allow-Origin removed",
    "GET /api/v1/stats.json 200: header Cache-Control added",
  ]);
  assert.equal(breakingChanges(compareOpenApi(baseline, doc)).length, 1);
});

test("should not count content as a change: a deleted project, parameters, descriptions, servers and info", () => {
  const doc = changed((d) => {
    // A static host answers a URL with a file or a 404: a path's parameters only list the files.
    d.paths["/api/v1/projects/{name}.json"].get.parameters[0].schema = { type: "string", pattern: "^[a-z]+$" };
    d.servers = [{ url: "https://elsewhere.example/portfolio" }];
    d.info = { title: "Renamed", version: "1.0.1", description: "New words" };
    d.components.schemas.Award.description = "Different words";
    d.components.schemas.Award.properties.medal.description = "Different words";
  });
  assert.equal(compareOpenApi(baseline, doc), []);
});

test("should not count a path the content leaves out as breaking when it depends on the content", () => {
  const doc = changed((d) => delete d.paths["/pgp.asc"]);
  assert.equal(breakingChanges(compareOpenApi(baseline, doc, { contentDependentPaths: ["/pgp.asc"] })), []);
  assert.equal(describe(breakingChanges(compareOpenApi(baseline, doc))), ["/pgp.asc: path removed"]);
});

test("should treat a response that loses a kind of value as breaking: no longer null, fewer enum values", () => {
  const doc = changed((d) => {
    d.components.schemas.ProjectSummary.properties.pushed_at = { type: "string", format: "date-time" };
    d.components.schemas.Award.properties.medal.enum = ["gold", "silver"];
  });
  assert.equal(describe(breakingChanges(compareOpenApi(baseline, doc))), [
    "ProjectSummary.pushed_at: is no longer null",
    'Award.medal: is no longer "bronze"',
  ]);
});

test("should accept string and number constraints added or tightened in a response, as additions", () => {
  // The published page URL already states its scheme pattern: start from a document without it.
  const before = changed((d) => {
    delete d.components.schemas.ProjectUrls.properties.page.pattern;
  });
  const doc = structuredClone(before);
  const urls = doc.components.schemas.ProjectUrls.properties;
  urls.page = { ...urls.page, pattern: "^https?://" };
  const summary = doc.components.schemas.ProjectSummary.properties;
  summary.tagline = { ...summary.tagline, maxLength: 200, minLength: 1 };
  summary.stars = { ...summary.stars, maximum: 1_000_000, minimum: 1 };
  summary.name = { ...summary.name, format: "hostname" };
  const changes = compareOpenApi(before, doc);
  assert.equal(breakingChanges(changes), []);
  const narrows = " (narrows a response: clients accept every value it allows)";
  assert.equal(describe(changes), [
    `ProjectSummary.name: format "hostname" added${narrows}`,
    `ProjectSummary.tagline: minLength 1 added${narrows}`,
    `ProjectSummary.tagline: maxLength 200 added${narrows}`,
    `ProjectSummary.stars: minimum changed from 0 to 1${narrows}`,
    `ProjectSummary.stars: maximum 1000000 added${narrows}`,
    `ProjectUrls.page: pattern "^https?://" added${narrows}`,
  ]);
});

test("should still treat a response pattern or format replaced by another, or an array bound added, as breaking", () => {
  const doc = changed((d) => {
    const summary = d.components.schemas.ProjectSummary.properties;
    summary.pushed_at.anyOf[0].format = "date";
    d.components.schemas.Language.properties.color.anyOf[0].pattern = "^#[0-9a-f]{3}$";
    summary.tags = { ...summary.tags, maxItems: 5 };
  });
  assert.equal(describe(breakingChanges(compareOpenApi(baseline, doc))), [
    "ProjectSummary.tags: maxItems 5 added",
    'ProjectSummary.pushed_at: format changed from "date-time" to "date"',
    'Language.color: pattern changed from "^#[0-9a-f]{6}$" to "^#[0-9a-f]{3}$"',
  ]);
});

test("should accept a response that only adds allowed values: a new enum value, a new null branch", () => {
  const doc = changed((d) => {
    const stars = d.components.schemas.ProjectSummary.properties.stars;
    d.components.schemas.ProjectSummary.properties.stars = { anyOf: [stars, { type: "null" }] };
    d.components.schemas.Pull.properties.state.enum.push("draft");
  });
  const changes = compareOpenApi(baseline, doc);
  assert.equal(breakingChanges(changes), []);
  assert.equal(describe(changes), ["ProjectSummary.stars: may now be null", 'Pull.state: may now be "draft"']);
});

test("should treat a response field that is no longer required, or changed type, as breaking", () => {
  const doc = changed((d) => {
    const summary = d.components.schemas.ProjectSummary;
    summary.required = summary.required.filter((name: string) => name !== "tagline");
    summary.properties.stars = { type: "string" };
  });
  assert.equal(describe(breakingChanges(compareOpenApi(baseline, doc))), [
    "ProjectSummary.tagline: no longer required: clients may rely on it",
    "ProjectSummary.stars: type changed from integer to string",
  ]);
});

test("should treat a type put on a field that allowed any value as breaking, and its removal as an addition", () => {
  const untyped = changed((d) => {
    d.components.schemas.ProjectSummary.properties.tagline = { description: "Anything" };
  });
  assert.equal(describe(breakingChanges(compareOpenApi(untyped, baseline))), [
    "ProjectSummary.tagline: type changed from any to string",
  ]);
  assert.equal(breakingChanges(compareOpenApi(baseline, untyped)), []);
});

test("should make api:check fail on a breaking change and pass on an additive one", () => {
  // A "build" that is the baseline (every document of it) with the portfolio document edited.
  const site = mkdtempSync(join(tmpdir(), "folio-api-check-test-"));
  cpSync(join(repoRoot, "api-baseline"), site, { recursive: true });
  const run = (doc: Json) => {
    writeFileSync(join(site, "api/openapi.json"), JSON.stringify(doc));
    return spawnSync(process.execPath, ["scripts/api-check.ts", `--site=${site}`], {
      cwd: repoRoot,
      encoding: "utf8",
    });
  };
  try {
    const broken = run(changed((d) => delete d.components.schemas.Pull.properties.repo_stars));
    const additive = run(
      changed((d) => (d.components.schemas.Pull.properties.labels = { type: "array", items: { type: "string" } })),
    );
    assert.is(broken.status, 1, broken.stdout + broken.stderr);
    assert.match(broken.stdout, "✗ Pull.repo_stars: removed");
    assert.is(additive.status, 0, additive.stdout + additive.stderr);
    assert.match(additive.stdout, "+ Pull.labels: added");
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});

test.run();
