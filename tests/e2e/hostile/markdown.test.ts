import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  copyContent,
  readJson,
  readText,
  removeDir,
  type BuildResult,
  type Envelope,
} from "../support/build-site.ts";
import { assertPublishedWithout, assertRefused, filesCarrying } from "../support/hostile.ts";
import { contentTypeFor, hostHeaders } from "../../../src/site/host-rules.ts";

/*
 * Markdown is untrusted: raw HTML, link schemes and heading ids through real builds: the
 * default (raw HTML escaped), `raw_html: sanitize`, a post that carries every kind of refused
 * URL at once (a document's problems are reported together), and a project writeup with one (the
 * blog is loaded before the portfolio model, so a refused post stops the build before the
 * writeups are rendered; /now items are covered by the unit tests for the same reason).
 *
 * The scripts are written `alert&#40;…)`: escaped as text, markdown-it decodes the entity, so
 * the page shows `alert(…)` and the plain-text fields say `<script>alert(1)</script>` (text is
 * text). Only raw HTML passed through as written carries `<script>alert&#40;` into a file, so
 * that needle finds a live script in any output (page, feed, content_html) and nothing else.
 */

const EPOCH = 1_795_000_000; // 2026-11-18T11:06:40Z
const SITE_URL = "https://margo.example";
const LIVE_SCRIPT = "<script>alert&#40;";
const RAW_HTML = [
  "",
  "<script>alert&#40;1)</script>",
  "",
  'Inline <script>alert&#40;2)</script> and <img src="https://img.example/x.png" onerror="alert&#40;3)"> and <a href="javascript:alert&#40;4)">a link</a>.',
  "",
  "<details>",
  "<summary>More</summary>",
  "",
  "Folded **text**.",
  "",
  "</details>",
  "",
  "## Main",
  "",
  "After the heading.",
  "",
].join("\n");

function post(name: string, body: string): [string, string] {
  return [
    name,
    `---\ntitle: Raw HTML\ndescription: A post that carries raw HTML.\ndate: 2026-05-01\n---\nIntro.\n${body}`,
  ];
}

function writePost(contentDir: string, [name, text]: [string, string]): void {
  writeFileSync(join(contentDir, "blog/posts", name), text);
}

/** The 1-based line of `file` (in a content copy) holding `needle`. */
function lineOf(contentDir: string, file: string, needle: string): number {
  const index = readFileSync(join(contentDir, file), "utf8")
    .split("\n")
    .findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`${file} has no line with ${needle}`);
  return index + 1;
}

const dirs: string[] = [];
let escaped: BuildResult;
let sanitized: BuildResult;
let postLinks: BuildResult;
let writeupLinks: BuildResult;
let postLinksDir: string;
let writeupLinksDir: string;

test.before(async () => {
  const escapeDir = copyContent();
  appendFileSync(join(escapeDir, "projects/bramble.md"), RAW_HTML);
  writePost(escapeDir, post("raw-html.md", RAW_HTML));

  const sanitizeDir = copyContent();
  appendFileSync(join(sanitizeDir, "projects/bramble.md"), RAW_HTML);
  writePost(sanitizeDir, post("raw-html.md", RAW_HTML));
  appendFileSync(join(sanitizeDir, "site.yaml"), "markdown:\n  raw_html: sanitize\n");

  postLinksDir = copyContent();
  const badLinks = [
    "A [script link](javascript:alert(1)) here.",
    "",
    "And an autolink <javascript:alert(2)>,",
    "then [upper case](JaVaScRiPt:alert(3)) and [a tab](<java\tscript:alert(4)>).",
    "",
    "![A chart](data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==)",
    "",
  ].join("\n");
  writePost(postLinksDir, post("bad-links.md", `\n${badLinks}`));

  writeupLinksDir = copyContent();
  appendFileSync(join(writeupLinksDir, "projects/bramble.md"), `\n${badLinks}`);

  dirs.push(escapeDir, sanitizeDir, postLinksDir, writeupLinksDir);
  [escaped, sanitized, postLinks, writeupLinks] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: escapeDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: sanitizeDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: postLinksDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: writeupLinksDir }),
  ]);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
  for (const build of [escaped, sanitized, postLinks, writeupLinks]) removeDir(build.outDir);
});

test("should show raw HTML as text by default, in pages, feeds and content_html alike", () => {
  assertPublishedWithout(escaped, LIVE_SCRIPT);
  // llms-full.txt holds each post's text as written, raw HTML shown as text included: a text file,
  // sent as text/plain with nosniff by every host rule, where nothing is markup.
  assert.equal(filesCarrying(escaped.outDir, 'onerror="alert'), ["llms-full.txt"], "no live event handler");
  assert.is(contentTypeFor("/llms-full.txt"), "text/plain; charset=utf-8");
  assert.is(hostHeaders["X-Content-Type-Options"], "nosniff");
  const shown = "&lt;script&gt;alert(1)&lt;/script&gt;";
  assert.match(readText(escaped.outDir, "projects/bramble/index.html"), shown);
  assert.match(readText(escaped.outDir, "blog/posts/raw-html/index.html"), shown);
  const detail = readJson<Envelope<{ content_html: string }>>(escaped.outDir, "blog/api/v1/posts/raw-html.json");
  assert.match(detail.data.content_html, shown);
  assert.match(readText(escaped.outDir, "blog/index.xml"), shown);
});

test("should not give a heading the id of the page's main element", () => {
  for (const page of ["projects/bramble/index.html", "blog/posts/raw-html/index.html"]) {
    const html = readText(escaped.outDir, page);
    assert.is(html.match(/id="main"/g)?.length, 1, `${page}: one element with id="main"`);
    assert.match(html, '<h2 id="main-2"><a class="anchor" href="#main-2">Main</a></h2>');
  }
});

test("should publish sanitized raw HTML without scripts, handlers or unsafe links, keeping its structure", () => {
  assertPublishedWithout(sanitized, "alert&#40;");
  assert.equal(filesCarrying(sanitized.outDir, "javascript:alert"), []);
  for (const page of ["projects/bramble/index.html", "blog/posts/raw-html/index.html"]) {
    const html = readText(sanitized.outDir, page);
    assert.match(html, "<details>\n<summary>More</summary>\n<p>Folded <strong>text</strong>.</p>\n</details>");
    assert.match(html, '<img src="https://img.example/x.png" />');
    assert.match(html, "<a>a link</a>");
  }
});

/** What a build that refuses `badLinks` in `file` must say: each URL's file line and scheme, nothing more. */
function assertLinksRefused(build: BuildResult, contentDir: string, file: string): void {
  const line = (needle: string): number => lineOf(contentDir, file, needle);
  const name = file.split("/").pop() ?? file;
  assertRefused(build, {
    mentions: [
      `${name}: line ${line("[script link]")}, link: expected a relative link, an http(s) URL with a host (and no user name), or a mailto: address, found "javascript:"`,
      `${name}: line ${line("<javascript:")}, autolink: expected`,
      `${name}: line ${line("[upper case]")}, link: expected`,
      'found "JaVaScRiPt:"',
      'found "java%09script:"',
      `${name}: line ${line("data:image")}, image: expected`,
      'found "data:"',
    ],
    hostile: "alert(",
  });
  // The scheme is named, never the rest of the URL.
  assert.not.match(build.output, "alert(");
  assert.not.match(build.output, "iVBORw0KGgo");
}

test("should refuse every unsafe link, image and autolink of a post at once, naming file, line and scheme", () => {
  assertLinksRefused(postLinks, postLinksDir, "blog/posts/bad-links.md");
});

test("should refuse the same in a project writeup", () => {
  assertLinksRefused(writeupLinks, writeupLinksDir, "projects/bramble.md");
});

test.run();
