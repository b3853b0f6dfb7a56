// A path parameter whose values need percent-encoding (`C++`, a space, non-ASCII): the manifest
// lists each file by its URL path, the build writes it under the decoded name, a static host
// serves the one for the other, and scripts/mirror-api.mjs keeps it under the build's name.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Type } from "@sinclair/typebox";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mirror } from "../../scripts/mirror-api.mjs";
import { isWrittenAfterBuild, writeManifest } from "../../src/api/manifest.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { renderRouteFile, routePermalink } from "../../src/api/render-file.ts";
import { availableRoutes, expandParams, type ApiDefinition } from "../../src/api/route.ts";
import { outputFileOf } from "../../src/config/site-paths.ts";
import type { PortfolioModel } from "../../src/model/portfolio-model.ts";
import type { Manifest } from "../../src/schemas/manifest.ts";
import { startStaticServer, type StaticServer } from "./support/static-server.ts";
import { fixtureModel } from "../unit/support/model.ts";
import { listFiles, makeTempDir, removeDir } from "./support/build-site.ts";

const NAMES = ["C++", "Objective C", "Français"];
const ENCODED = [
  "/api/v1/test-languages/C%2B%2B.json",
  "/api/v1/test-languages/Objective%20C.json",
  "/api/v1/test-languages/Fran%C3%A7ais.json",
];
const WRITTEN = [
  "api/v1/test-languages/C++.json",
  "api/v1/test-languages/Objective C.json",
  "api/v1/test-languages/Français.json",
];

// The portfolio API with one route of the "add an endpoint" recipe's kind, a file per language,
// under a path and id of its own so that it never meets a route the table gains.
const api: ApiDefinition<PortfolioModel> = {
  ...portfolioApi,
  routes: [
    ...portfolioApi.routes,
    {
      id: "getTestLanguage",
      path: "/api/v1/test-languages/{name}.json",
      group: "domains",
      mediaType: "application/json",
      body: "envelope",
      schema: Type.Object({ name: Type.String() }),
      summary: "One language",
      description: "One language.",
      param: { name: "name", description: "Language name", values: () => NAMES },
      build: (_, params) => ({ name: params.name }),
    },
  ],
};

const folders: string[] = [];
let server: StaticServer;
let site: string;
let manifest: Manifest;

test.before(async () => {
  site = makeTempDir("manifest-names-site");
  folders.push(site);
  server = await startStaticServer(site);
  const model = await fixtureModel({}, { SITE_URL: server.origin });
  // Every file where Eleventy writes it (the templates' permalinks), then the manifest as the after-build hook does.
  for (const route of availableRoutes(api, model).filter((route) => !isWrittenAfterBuild(route))) {
    for (const params of expandParams(route, model)) {
      const file = join(site, routePermalink(api, route.id, params));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, renderRouteFile(api, model, route.id, params));
    }
  }
  writeManifest(site, api, model, new Map());
  manifest = (JSON.parse(readFileSync(join(site, "api/v1/manifest.json"), "utf8")) as { data: Manifest }).data;
});

test.after(async () => {
  await server?.stop();
  for (const folder of folders) removeDir(folder);
});

test("should list a name that needs percent-encoding by its URL path, the file written under the decoded name", () => {
  const languages = manifest.files.filter((file) => file.path.startsWith("/api/v1/test-languages/"));

  assert.equal(languages.map((file) => file.path).sort(), [...ENCODED].sort());
  assert.equal(
    languages.map((file) => outputFileOf({ basePath: "" }, file.path)),
    languages.map((file) => WRITTEN[ENCODED.indexOf(file.path)]),
  );
  for (const file of languages) assert.is(file.url, `${server.origin}${file.path}`);
  assert.equal(listFiles(site, "api/v1/test-languages").sort(), [...WRITTEN].sort());
});

test("should mirror each such file under the name the build wrote, byte for byte, and keep it on the next run", async () => {
  const folder = makeTempDir("manifest-names-mirror");
  folders.push(folder);
  const url = `${server.origin}/api/v1/manifest.json`;

  const first = await mirror(url, folder);
  const second = await mirror(url, folder);

  assert.equal(
    first.fetched,
    manifest.files.map((file) => file.path),
  );
  assert.equal(listFiles(folder, "api/v1/test-languages").sort(), [...WRITTEN].sort());
  for (const file of WRITTEN) assert.ok(readFileSync(join(folder, file)).equals(readFileSync(join(site, file))), file);
  assert.equal(second.fetched, []);
  assert.equal(second.kept, first.fetched);
});

test.run();
