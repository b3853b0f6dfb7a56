// A client validates every API file from URLs alone: meta.schema, then the schema files' $refs,
// fetched over HTTP from the built sample served on loopback, with a validator other than ajv.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { addMediaTypePlugin } from "@hyperjump/browser";
import { validate, type Output, type SchemaObject, type Validator } from "@hyperjump/json-schema/draft-2020-12";
import { buildSchemaDocument } from "@hyperjump/json-schema/experimental";
import { blogApi } from "../../src/api/blog/routes.ts";
import { schemaNameOf } from "../../src/api/json-schemas.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import type { ApiDefinition, Route } from "../../src/api/route.ts";
import { listFiles } from "./support/build-site.ts";
import { servedSampleSite } from "./support/sample-site.ts";
import { startStaticServer, type StaticServer } from "./support/static-server.ts";

const DIALECT = "https://json-schema.org/draft/2020-12/schema";

// Static hosts serve `.json` as application/json; hyperjump accepts only application/schema+json
// unless told otherwise: what docs/api-clients.md tells a client to do.
addMediaTypePlugin("application/json", {
  parse: async (response) => buildSchemaDocument((await response.json()) as SchemaObject, response.url),
  fileMatcher: async () => false,
});

let server: StaticServer;
/** The run's shared build for a loopback origin (support/sample-site.ts): read and served, never written. */
const build = { outDir: "" };
const validators = new Map<string, Promise<Validator>>();
/** One compiled validator per schema URL: hyperjump fetches the schema and every `$ref` over HTTP. */
const validatorFor = (url: string): Promise<Validator> => {
  let found = validators.get(url);
  if (!found) {
    found = validate(url);
    validators.set(url, found);
  }
  return found;
};

test.before(async () => {
  // Served on the port of the build's SITE_URL; servedSampleSite() rejects unless the build exited with 0.
  const served = await servedSampleSite();
  build.outDir = served.dir;
  server = await startStaticServer(served.dir, { port: served.port });
});

test.after(async () => {
  await server?.stop();
});

interface ApiFile {
  file: string;
  route: Route<unknown>;
  api: ApiDefinition<unknown>;
}

/** Every JSON file of both APIs, with the route that wrote it (found by its path template). */
function apiFiles(): ApiFile[] {
  const apis = [portfolioApi, blogApi] as ApiDefinition<unknown>[];
  const files = [...listFiles(build.outDir, "api"), ...listFiles(build.outDir, "blog/api")].filter((file) =>
    file.endsWith(".json"),
  );
  return files.map((file) => {
    for (const api of apis) {
      for (const route of api.routes) {
        const template = `${api.root}${route.path}`
          .replace(/^\//, "")
          .replace(/[.]/g, "\\.")
          .replace(/\{[^}]+\}/g, "[^/]+");
        if (new RegExp(`^${template}$`).test(file)) return { file, route, api };
      }
    }
    throw new Error(`No route writes ${file}`);
  });
}

const read = (file: string): unknown => JSON.parse(readFileSync(join(build.outDir, file), "utf8"));
const urlOf = (file: string) => `${server.origin}/${file}`;

/** The first few errors of an output, for a failure message. */
const errorsOf = (output: Output): string => JSON.stringify(output.valid ? [] : output.errors?.slice(0, 3));

async function assertValid(schemaUrl: string, value: unknown, file: string): Promise<void> {
  const output = (await validatorFor(schemaUrl))(value as never, "BASIC");
  assert.ok(output.valid, `${file} against ${schemaUrl}: ${errorsOf(output)}`);
}

test("should validate every envelope file's data against the schema its meta.schema names, loaded over HTTP", async () => {
  const envelopes = apiFiles().filter(({ route }) => route.body !== "raw");

  assert.ok(envelopes.length > 100, `${envelopes.length} envelope files`);
  for (const { file, route, api } of envelopes) {
    const { meta, data } = read(file) as { meta: { schema: string }; data: unknown };
    const root = api.root.replace(/^\//, "");
    assert.is(meta.schema, urlOf(`${root ? `${root}/` : ""}api/v1/schemas/${schemaNameOf(api, route)}.json`), file);
    await assertValid(meta.schema, data, file);
  }
  // Reached only through a `$ref` of ProjectSummaryList.json: hyperjump followed it over HTTP.
  assert.ok(server.requests.includes("/api/v1/schemas/ProjectSummary.json"));
  assert.ok(server.requests.includes("/blog/api/v1/schemas/PostSummary.json"));
});

test("should validate every raw file whose route has a published schema against it", async () => {
  const raw = apiFiles().filter(({ route, api }) => route.body === "raw" && schemaNameOf(api, route) !== undefined);

  // Seven portfolio badges, four blog badges, the JSON Feed.
  assert.ok(raw.length >= 12, `${raw.length} raw files`);
  for (const { file, route, api } of raw) {
    await assertValid(`${server.origin}${api.root}/api/v1/schemas/${schemaNameOf(api, route)}.json`, read(file), file);
  }
});

test("should publish every schema file as a 2020-12 schema whose $id is the URL it is served from", async () => {
  const schemaFiles = apiFiles().filter(({ file }) => /(^|\/)api\/v1\/schemas\//.test(file));

  assert.ok(schemaFiles.length > 50, `${schemaFiles.length} schema files`);
  for (const { file } of schemaFiles) {
    const doc = read(file) as { $schema: string; $id: string };
    assert.equal([doc.$schema, doc.$id], [DIALECT, urlOf(file)], file);
    await assertValid(DIALECT, doc, file);
  }
});

test("should reject a file whose data breaks a schema reached through a $ref", async () => {
  const { meta, data } = read("api/v1/projects.json") as { meta: { schema: string }; data: Record<string, unknown>[] };
  const broken = data.map((project, index) => (index === 0 ? { ...project, stars: -1 } : project));

  const output = (await validatorFor(meta.schema))(broken as never, "BASIC");

  assert.is(output.valid, false);
  assert.ok(errorsOf(output).includes("/0/stars"), errorsOf(output));
});

test.run();
