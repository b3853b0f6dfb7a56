import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  copyContent,
  listFiles,
  removeDir,
  stackTraceLines,
  type BuildResult,
  filesPromisedByIndex,
  portfolioFiles,
  readJson,
  type ApiIndex,
} from "./support/build-site.ts";
import { filesCarrying } from "./support/hostile.ts";

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

/** Adds a post to a content copy. */
function writePost(contentDir: string, name: string, frontMatter: string, body = "Hello.\n"): void {
  writeFileSync(
    join(contentDir, "blog/posts", name),
    `---\ntitle: A post\ndescription: About it.\n${frontMatter}\n---\n${body}`,
  );
}

const contentDirs: string[] = [];
let intact: BuildResult;
let unknownCluster: BuildResult;
let duplicateName: BuildResult;
let everywhere: BuildResult;
let together: BuildResult;

/** Appends Markdown to the body of a project file in a content copy. */
function appendToProject(contentDir: string, project: string, markdown: string): void {
  const file = join(contentDir, "projects", project);
  writeFileSync(file, `${readFileSync(file, "utf8")}\n${markdown}\n`);
}

/** Replaces text in a content copy's file, failing when the text is not there. */
function replaceIn(contentDir: string, name: string, from: string | RegExp, to: string): void {
  const file = join(contentDir, name);
  const text = readFileSync(file, "utf8");
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${name} has no ${String(from)} to change`);
  writeFileSync(file, changed);
}

test.before(async () => {
  const intactDir = copyContent();
  const clusterDir = copyContent();
  setFrontMatter(clusterDir, "PeakLog.md", "cluster", "nonexistent");
  const duplicateDir = copyContent();
  setFrontMatter(duplicateDir, "bramble.md", "name", "PeakLog");
  // One problem in the portfolio, one in the feed site.yaml names and three in the blog.
  const everywhereDir = copyContent();
  writeFileSync(
    join(everywhereDir, "now.yaml"),
    readFileSync(join(everywhereDir, "now.yaml"), "utf8").replace(/^updated: .*$/m, "updated: last week"),
  );
  writeFileSync(
    join(everywhereDir, "site.yaml"),
    readFileSync(join(everywhereDir, "site.yaml"), "utf8").replace(
      /^ {2}url: \/blog\/$/m,
      "  url: /blog/\n  feed: blog/cut-short.xml",
    ),
  );
  writeFileSync(
    join(everywhereDir, "blog/cut-short.xml"),
    '<?xml version="1.0"?><rss version="2.0"><channel><title>Cut',
  );
  writePost(everywhereDir, "bad-date.md", "date: 2026-04-31");
  writePost(everywhereDir, "shouting.md", "date: 2026-04-01\ntags: [RUST]");
  writePost(everywhereDir, "no-picture.md", "date: 2026-04-02", "![A map](../images/no-such-map.png)\n");
  // Refused links in a post, a writeup, a refused project's writeup and a /now item, beside a
  // bad project field, a post's date, now.yaml's date and three spellings of one name.
  const togetherDir = copyContent();
  writePost(togetherDir, "bad-link.md", "date: 2026-04-03", "See [this](javascript:alert('post'))\n");
  writePost(togetherDir, "bad-date.md", "date: 2026-04-31");
  appendToProject(togetherDir, "dnsquill.md", "[Try it](javascript:alert('writeup'))");
  setFrontMatter(togetherDir, "gitgraft.md", "languages", "[]");
  appendToProject(togetherDir, "gitgraft.md", "[Run it](javascript:alert('refused-project'))");
  replaceIn(togetherDir, "now.yaml", /^updated: .*$/m, "updated: last week");
  replaceIn(
    togetherDir,
    "now.yaml",
    "  - title: Reading\n    items:\n",
    "  - title: Reading\n    items:\n      - \"[Click](javascript:alert('now'))\"\n",
  );
  setFrontMatter(togetherDir, "dnsquill.md", "tags", "[library, CLI]");
  setFrontMatter(togetherDir, "bramble.md", "languages", "[zig]");
  replaceIn(togetherDir, "languages.yaml", /^Go:/m, "go:");
  contentDirs.push(intactDir, clusterDir, duplicateDir, everywhereDir, togetherDir);
  [intact, unknownCluster, duplicateName, everywhere, together] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: intactDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: clusterDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: duplicateDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: everywhereDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: togetherDir }),
  ]);
});

test.after(() => {
  for (const dir of contentDirs) removeDir(dir);
  for (const build of [intact, unknownCluster, duplicateName, everywhere, together]) removeDir(build.outDir);
});

test("should build an unbroken copy of the sample content from CONTENT_DIR", () => {
  assert.is(intact.status, 0, intact.output);
  // Exactly the files its index promises.
  assert.equal(
    portfolioFiles(intact.outDir),
    filesPromisedByIndex(readJson<{ data: ApiIndex }>(intact.outDir, "api/v1/index.json").data),
  );
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

test("should print content errors without Eleventy's wrapper around them", () => {
  for (const output of [unknownCluster.output, duplicateName.output]) {
    assert.not.match(output, "Problem writing Eleventy templates");
    assert.not.match(output, "(via ");
    assert.match(output, /^Invalid content/m);
  }
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

test("should report a now.yaml error, a broken feed, a post's date, a tag clash and a missing image in one build", () => {
  const output = everywhere.output;
  assert.is.not(everywhere.status, 0, output);
  assert.match(output, "Invalid content (5 problems)");
  assert.match(output, /now\.yaml: updated: expected/);
  assert.match(output, /blog\/cut-short\.xml: \(file\): expected well-formed RSS 2\.0 XML/);
  assert.match(
    output,
    /posts\/bad-date\.md: date: expected a real calendar date such as 2026-03-10, found "2026-04-31"/,
  );
  assert.match(
    output,
    /posts\/shouting\.md: tags\[0\]: expected one spelling per tag: "rust" \(.*\) and "RUST" \(.*\) differ only in case/,
  );
  assert.match(
    output,
    /posts\/no-picture\.md: body image \.\.\/images\/no-such-map\.png: expected an existing, readable image file/,
  );
  assert.equal(stackTraceLines(output), []);
  assert.equal(listFiles(everywhere.outDir, "api"), []);
});

test("should report refused links in a post, a writeup and a /now item with a bad field and two bad dates in one build", () => {
  const output = together.output;
  assert.is.not(together.status, 0, output);
  assert.match(output, "Invalid content (10 problems)");
  const refusedLink =
    'link: expected a relative link, an http(s) URL with a host (and no user name), or a mailto: address, found "javascript:"';
  assert.match(output, `posts/bad-link.md: line 6, ${refusedLink}`);
  assert.match(output, /posts\/bad-date\.md: date: expected a real calendar date/);
  assert.match(output, /projects\/dnsquill\.md: line \d+, link: expected a relative link/);
  assert.match(output, /projects\/gitgraft\.md: languages: expected a list of at least one language/);
  assert.match(output, `projects/gitgraft.md: line 12, ${refusedLink}`);
  assert.match(output, /now\.yaml: updated: expected/);
  assert.match(output, `now.yaml: sections[1].items[0], ${refusedLink}`);
  assert.equal(stackTraceLines(output), []);
  assert.equal(listFiles(together.outDir, "api"), []);
  assert.equal(filesCarrying(together.outDir, "javascript:alert"), []);
});

test("should refuse two spellings of a project tag or language, and a languages.yaml key spelt otherwise, naming both", () => {
  const output = together.output;
  assert.match(
    output,
    /projects\/dnsquill\.md: tags\[1\]: expected one spelling per tag: "cli" \(.*\) and "CLI" \(.*projects\/dnsquill\.md\) differ only in case; write it the same way in every project, found "CLI"/,
  );
  // The first spelling met (files in name order, then languages.yaml) is the one named first.
  assert.match(
    output,
    /projects\/kestrel-os\.md: languages\[0\]: expected one spelling per language: "zig" \(.*projects\/bramble\.md\) and "Zig" \(.*projects\/kestrel-os\.md, .*languages\.yaml\) differ only in case/,
  );
  assert.match(
    output,
    /languages\.yaml: go: expected one spelling per language: "Go" \(.*projects\/.*\.md.*\) and "go" \(.*languages\.yaml\) differ only in case/,
  );
});

test.run();
