import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isWrittenAfterBuild, writeManifest } from "../../../src/api/manifest.ts";
import { renderRouteFile, routePermalink, serializeJson } from "../../../src/api/render-file.ts";
import { availableRoutes, expandParams } from "../../../src/api/route.ts";
import { portfolioApi } from "../../../src/api/portfolio/routes.ts";
import { formatProblems, validateSite } from "../../../src/checks/validate-site.ts";
import { fixtureModel } from "../support/model.ts";

const model = await fixtureModel({}, { SITE_URL: "https://x.example/portfolio/" });

test("should serialize JSON with two-space indent and a final newline", () => {
  const text = serializeJson({ a: [1] });

  assert.is(text, '{\n  "a": [\n    1\n  ]\n}\n');
});

test("should write a project file at its permalink with meta.self pointing at it", () => {
  const body = JSON.parse(renderRouteFile(portfolioApi, model, "getProject", { name: "Delta" })) as {
    meta: { self: string };
    data: { name: string };
  };

  assert.is(routePermalink(portfolioApi, "getProject", { name: "Delta" }), "api/v1/projects/Delta.json");
  assert.is(body.meta.self, "https://x.example/portfolio/api/v1/projects/Delta.json");
  assert.is(body.data.name, "Delta");
});

test("should render every file of the fixture's portfolio API so that the validator accepts it", () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-api-"));
  try {
    for (const route of availableRoutes(portfolioApi, model).filter((route) => !isWrittenAfterBuild(route))) {
      for (const params of expandParams(route, model)) {
        const target = join(dir, routePermalink(portfolioApi, route.id, params));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, renderRouteFile(portfolioApi, model, route.id, params));
      }
    }
    writeManifest(dir, portfolioApi, model, new Map());

    const problems = validateSite(dir, [{ openapi: "api/openapi.json", root: "", owns: ["api"], pages: [] }]);

    assert.is(formatProblems(problems), "");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should put the feed's fallback note on the files built from its posts, and only there", () => {
  const note = "The blog's feed could not be read (HTTP 500): its posts are shown as last read.";
  const fallen = { ...model, notes: { ...model.notes, posts: note } };
  const noted: string[] = [];
  for (const route of availableRoutes(portfolioApi, fallen).filter((route) => !isWrittenAfterBuild(route))) {
    for (const params of expandParams(route, fallen)) {
      const text = renderRouteFile(portfolioApi, fallen, route.id, params);
      if (text.includes(note)) noted.push(routePermalink(portfolioApi, route.id, params));
    }
  }
  // now.json's latest post and the search index's posts are the feed's too (before: no note there).
  assert.equal(noted, ["api/v1/search.json", "api/v1/now.json", "api/v1/posts.json", "api/v1/stats.json"]);
});

test.run();
