import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkLinks } from "../../src/checks/check-links.ts";
import { listFiles, makeTempDir, removeDir } from "./support/build-site.ts";
import { SAMPLE_BASE_URL, SAMPLE_SITE_URL, sampleSite, sampleSiteAtBase } from "./support/sample-site.ts";

/*
 * The sample site's links, checked on real builds. Every build runs the link check itself
 * (src/checks/check-links.ts, from the after-build hook), so a build that succeeds has passed
 * it; these tests run it again over the finished folders to prove it reads every kind of file,
 * and check the APIs' page URLs independently of it. Refusals are in hostile/links.test.ts.
 */

/** Both builds are the run's shared ones (support/sample-site.ts), at the root and under a path. */
const ROOT = SAMPLE_SITE_URL;
const PATH_BASE = SAMPLE_BASE_URL;

/** The output file a URL of this site names, or null when the URL is not under the site. */
function fileOf(outDir: string, base: string, url: URL): string | null {
  const address = url.origin + url.pathname;
  if (address !== base && !address.startsWith(`${base}/`)) return null;
  let path = decodeURIComponent(address.slice(base.length)) || "/";
  if (path.endsWith("/")) path += "index.html";
  return join(outDir, path);
}

/** The product's link check over a finished output folder, one line per dead link. */
function deadLinks(outDir: string, base: string): string[] {
  return checkLinks({ outputDir: outDir, baseUrl: base }).map((p) => `${p.file}: ${p.field}: ${p.expected}`);
}

/** The shared builds: only their folders, to read; both resolve only once the build exited with 0. */
const root = { outDir: "" };
const pathBase = { outDir: "" };

test.before(async () => {
  [root.outDir, pathBase.outDir] = await Promise.all([sampleSite(), sampleSiteAtBase()]);
});

test("should resolve every internal link and every site URL in every file to a built file", () => {
  assert.ok(existsSync(join(root.outDir, "index.html")), root.outDir);

  assert.equal(deadLinks(root.outDir, ROOT), []);
});

test("should resolve every link under a base path too", () => {
  assert.ok(existsSync(join(pathBase.outDir, "index.html")), pathBase.outDir);

  assert.equal(deadLinks(pathBase.outDir, PATH_BASE), []);
});

test("should read links in every kind of file the sample builds: pages, API files, feeds, text", () => {
  // Remove pages and files that others link to from a copy of the build: each kind of file
  // must then report the link (every file named as its own source, so none is folded away).
  const copy = makeTempDir("links-copy");
  cpSync(root.outDir, copy, { recursive: true });
  for (const file of [
    "blog/posts/booting-kestrel-on-risc-v/index.html",
    "sitemap.xml",
    "api/v1/index.json",
    "assets/site.css",
  ])
    rmSync(join(copy, file));
  const everyFile = new Map(listFiles(copy).map((file) => [file, file]));

  const files = new Set(checkLinks({ outputDir: copy, baseUrl: ROOT, sourceOf: everyFile }).map((p) => p.file));
  removeDir(copy);

  for (const file of [
    "index.html",
    "blog/index.html",
    "api/v1/card.txt",
    "api/v1/card.ansi",
    "blog/api/v1/posts.json",
    "blog/api/v1/posts.txt",
    "blog/api/v1/feed.json",
    "blog/index.xml",
    "robots.txt",
  ]) {
    assert.ok(files.has(file), `${file} should report a link to a removed file`);
  }
});

test("should write a page for every page URL the APIs publish", () => {
  const projects = JSON.parse(readFileSync(join(root.outDir, "api/v1/projects.json"), "utf8")) as {
    data: { urls: { page: string } }[];
  };
  const posts = JSON.parse(readFileSync(join(root.outDir, "blog/api/v1/posts.json"), "utf8")) as {
    data: { url: string; tags: { url: string }[] }[];
  };
  const pages = [
    ...projects.data.map((p) => p.urls.page),
    ...posts.data.map((p) => p.url),
    ...posts.data.flatMap((p) => p.tags.map((t) => t.url)),
  ];

  const missing = pages.filter((url) => !existsSync(fileOf(root.outDir, ROOT, new URL(url)) ?? ""));

  assert.ok(pages.length > 50);
  assert.equal(missing, []);
});

test.run();
