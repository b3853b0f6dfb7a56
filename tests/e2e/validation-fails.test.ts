import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  listFiles,
  readJson,
  removeDir,
  stackTraceLines,
  type BuildResult,
  type Envelope,
} from "./support/build-site.ts";

const SITE_URL = "https://margo.example";
const EPOCH = 1_795_000_000;

let corrupted: BuildResult;
let stray: BuildResult;
let unmodified: BuildResult;
let broken: BuildResult;

test.before(async () => {
  [corrupted, stray, unmodified, broken] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, config: "tests/fixtures/corrupting.eleventy.js" }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, config: "tests/fixtures/stray-file.eleventy.js" }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, config: "tests/fixtures/unmodified.eleventy.js" }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, config: "tests/fixtures/broken-config.eleventy.js" }),
  ]);
});

test.after(() => {
  for (const build of [corrupted, stray, unmodified, broken]) removeDir(build.outDir);
});

test("should pass the build through the test config harness when nothing is changed", () => {
  assert.is(unmodified.status, 0, unmodified.output);
  assert.is(readJson<Envelope<{ projects: number }>>(unmodified.outDir, "api/v1/stats.json").data.projects, 36);
  assert.not.ok(existsSync(join(unmodified.outDir, "api/v1/stray.json")));
});

test("should have seen the corrupted stats.json and published none of the rejected build", () => {
  // The build is staged (scripts/build.mjs): the validator saw the file, the output folder never did.
  assert.match(corrupted.output, /api\/v1\/stats\.json: \/data\/projects: must be >= 0/);
  assert.equal(listFiles(corrupted.outDir), []);
});

test("should fail the build when a written file breaks its schema", () => {
  assert.is.not(corrupted.status, 0, corrupted.output);
});

test("should name the file, the JSON pointer and the undeclared field of a broken file", () => {
  assert.match(corrupted.output, "api/v1/stats.json");
  assert.match(corrupted.output, /api\/v1\/stats\.json: \/data\/projects: /);
  assert.match(corrupted.output, /api\/v1\/stats\.json: \/data: .*"bogus"/);
  assert.match(corrupted.output, /not declared/);
});

test("should name the résumé and its field when the official JSON Resume schema refuses it", () => {
  assert.match(
    corrupted.output,
    /api\/v1\/resume\.json: \/work\/0\/startDate: does not match pattern .*JSON Resume schema/,
  );
});

test("should fail the build when a file under api/ has no path in the OpenAPI description", () => {
  assert.not.ok(existsSync(join(stray.outDir, "api/v1/stray.json")), "a rejected build publishes nothing");
  assert.is.not(stray.status, 0, stray.output);
  assert.match(stray.output, /api\/v1\/stray\.json: .*declares this file/);
});

test("should report validation failures without a stack trace", () => {
  assert.equal(stackTraceLines(corrupted.output), []);
  assert.equal(stackTraceLines(stray.output), []);
});

test("should fail with the reason when the configuration cannot load, never in silence", () => {
  assert.is.not(broken.status, 0);
  assert.match(broken.output, "Eleventy could not start");
  assert.match(broken.output, "a plugin broke while loading (broken-config fixture)");
});

test.run();
