import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, copyContent, listFiles, removeDir, stackTraceLines, type BuildResult } from "./support/build-site.ts";

const SITE_URL = "https://margo.example";
const EPOCH = 1_795_000_000;

/** Replaces one front-matter line of a project file in a content copy. */
function setFrontMatter(contentDir: string, project: string, key: string, value: string): void {
  const file = join(contentDir, "projects", project);
  const text = readFileSync(file, "utf8");
  const changed = text.replace(new RegExp(`^${key}: .*$`, "m"), `${key}: ${value}`);
  if (changed === text) throw new Error(`${project} has no ${key} line to change`);
  writeFileSync(file, changed);
}

const contentDirs: string[] = [];
let intact: BuildResult;
let unknownCluster: BuildResult;
let duplicateName: BuildResult;

test.before(async () => {
  const intactDir = copyContent();
  const clusterDir = copyContent();
  setFrontMatter(clusterDir, "PeakLog.md", "cluster", "nonexistent");
  const duplicateDir = copyContent();
  setFrontMatter(duplicateDir, "bramble.md", "name", "PeakLog");
  contentDirs.push(intactDir, clusterDir, duplicateDir);
  [intact, unknownCluster, duplicateName] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: intactDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: clusterDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: duplicateDir }),
  ]);
});

test.after(() => {
  for (const dir of contentDirs) removeDir(dir);
  for (const build of [intact, unknownCluster, duplicateName]) removeDir(build.outDir);
});

test("should build an unbroken copy of the sample content from CONTENT_DIR", () => {
  assert.is(intact.status, 0, intact.output);
  assert.is(listFiles(intact.outDir, "api").length, 71);
});

test("should fail the build when a project names an unknown cluster", () => {
  assert.is.not(unknownCluster.status, 0, unknownCluster.output);
});

test("should name the file, the field and what was expected for an unknown cluster", () => {
  const output = unknownCluster.output;
  assert.match(output, "projects/PeakLog.md");
  assert.match(output, /PeakLog\.md: cluster: expected one of the domain ids/);
  assert.match(output, "nonexistent");
});

test("should fail the build when two projects share a name", () => {
  assert.is.not(duplicateName.status, 0, duplicateName.output);
});

test("should name the file, the field and what was expected for a duplicate name", () => {
  const output = duplicateName.output;
  assert.match(output, "projects/bramble.md");
  assert.match(output, /bramble\.md: name: expected a name used by no other project/);
  assert.match(output, "PeakLog.md");
});

test("should report content errors without a stack trace", () => {
  assert.equal(stackTraceLines(unknownCluster.output), []);
  assert.equal(stackTraceLines(duplicateName.output), []);
  assert.not.match(unknownCluster.output, "Original error stack trace");
  assert.not.match(duplicateName.output, "Original error stack trace");
});

test("should write no API file when the content is invalid", () => {
  assert.equal(listFiles(unknownCluster.outDir, "api"), []);
  assert.equal(listFiles(duplicateName.outDir, "api"), []);
});

test("should print each content problem once", () => {
  const times = (output: string, text: string) => output.split(text).length - 1;
  assert.is(times(unknownCluster.output, "PeakLog.md: cluster: expected"), 1, unknownCluster.output);
  assert.is(times(duplicateName.output, "bramble.md: name: expected"), 1, duplicateName.output);
});

test.run();
