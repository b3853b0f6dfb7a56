import { appendFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  copyContent,
  listFiles,
  readJson,
  readText,
  removeDir,
  type BuildResult,
} from "./support/build-site.ts";
import { SAMPLE_EPOCH, SAMPLE_SITE_URL } from "./support/sample-site.ts";

// site.yaml's `leave_out` (docs/content-format.md): the sample built with all three parts left
// out still passes every check, and publishes, links and declares none of them.

let build: BuildResult;
let content: string;
let pages: string[];

test.before(async () => {
  content = copyContent();
  appendFileSync(join(content, "site.yaml"), "leave_out: [search, llms_txt, atom]\n");
  build = await buildSite({ siteUrl: SAMPLE_SITE_URL, epoch: SAMPLE_EPOCH, contentDir: content });
  pages = listFiles(build.outDir).filter((file) => file.endsWith(".html"));
});

test.after(() => {
  removeDir(build.outDir);
  removeDir(content);
});

test("should build with every part left out, every check passing", () => {
  assert.is(build.status, 0, build.output);
  assert.ok(pages.length > 50, `${pages.length} pages`);
});

test("should write no search index and name none on the pages when search is left out", () => {
  assert.not.ok(existsSync(join(build.outDir, "pagefind")));
  for (const page of pages) assert.not.match(readText(build.outDir, page), "search-fulltext", page);
  assert.match(readText(build.outDir, "index.html"), '<meta name="search-index"');
});

test("should write neither llms.txt nor llms-full.txt when they are left out", () => {
  assert.not.ok(existsSync(join(build.outDir, "llms.txt")));
  assert.not.ok(existsSync(join(build.outDir, "llms-full.txt")));
  assert.ok(existsSync(join(build.outDir, "robots.txt")));
});

test("should write, link and declare no Atom feed when Atom is left out, and keep RSS and JSON Feed", () => {
  const files = listFiles(build.outDir);
  assert.equal(
    files.filter((file) => file.endsWith("atom.xml")),
    [],
  );
  for (const page of pages) assert.not.match(readText(build.outDir, page), "application/atom+xml", page);
  const openapi = readText(build.outDir, "blog/api/openapi.json");
  assert.not.match(openapi, "atom.xml");
  const index = readJson<{ data: { endpoints: { id: string }[] } }>(build.outDir, "blog/api/v1/index.json");
  const ids = index.data.endpoints.map((endpoint) => endpoint.id);
  assert.not.ok(ids.includes("getAtom") || ids.includes("getTagAtom"), ids.join(", "));
  assert.ok(files.includes("blog/index.xml") && files.includes("blog/api/v1/feed.json"));
});

test.run();
