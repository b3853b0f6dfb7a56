import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  copyContent,
  readJson,
  removeDir,
  sampleContentDir,
  type BuildResult,
  type Envelope,
} from "./support/build-site.ts";
import { assertPublishedWithout, assertRefused, filesCarrying } from "./support/hostile.ts";
import { keepOnlyProjects } from "./support/small-images.ts";

/*
 * Links written to the site's canonical address (site.yaml's `url`, https://margo.example) in a
 * build at another address (a preview: SITE_URL) lead to that build's pages: written with
 * SITE_URL's base, checked by the link check, and held back while their post is scheduled, as a
 * site-relative link is. The sample's winter-mesh-report is dated 2027-01-12.
 */

const PREVIEW = "https://preview.example/pr-7";
/** 2026-09-21: winter-mesh-report is scheduled. */
const BEFORE = 1_790_000_000;
/** 2027-01-13T00:00:00Z: it is out. */
const AFTER = 1_799_798_400;
const SCHEDULED = "winter-mesh-report";
const PEAKLOG = "projects/PeakLog.md";
const POST = "blog/posts/a-year-of-lora-in-the-valley.md";
const PEAKLOG_PAGE = `${PREVIEW}/projects/PeakLog/`;

let content: string;
let deadContent: string;
let before: BuildResult;
let after: BuildResult;
let dead: BuildResult;

/** Adds a project `links` entry to a project file's front matter (its `links:` list exists). */
function addProjectLink(file: string, entry: string): void {
  const text = readFileSync(file, "utf8");
  writeFileSync(file, text.replace("links:\n", `links:\n  - ${entry}\n`));
}

/**
 * The sample's projects whose files name the canonical address (PeakLog among them): the others
 * have nothing to rewrite, and each project is a social image to render at PREVIEW's address.
 */
const CANONICAL_PROJECTS = readdirSync(join(sampleContentDir, "projects"))
  .filter((file) => readFileSync(join(sampleContentDir, "projects", file), "utf8").includes("margo.example"))
  .map((file) => file.replace(/\.md$/, ""));

type Projects = Envelope<{ name: string; links: { label: string; url: string }[] }[]>;
const peakLogLinks = (result: BuildResult) =>
  readJson<Projects>(result.outDir, "api/v1/projects.json").data.find((project) => project.name === "PeakLog")?.links;

test.before(async () => {
  content = copyContent();
  keepOnlyProjects(content, CANONICAL_PROJECTS);
  addProjectLink(
    join(content, PEAKLOG),
    `{ label: Winter report, url: "https://margo.example/blog/posts/${SCHEDULED}/" }`,
  );
  appendFileSync(
    join(content, PEAKLOG),
    `\nHow it held up: [the winter report](https://margo.example/blog/posts/${SCHEDULED}/).\n`,
  );
  // A post and a /now item link to the canonical address too.
  appendFileSync(
    join(content, POST),
    `\nLogged with [PeakLog](https://margo.example/projects/PeakLog/); next: [the winter report](https://margo.example/blog/posts/${SCHEDULED}/).\n`,
  );
  const now = join(content, "now.yaml");
  writeFileSync(
    now,
    readFileSync(now, "utf8").replace(
      "    items:\n",
      '    items:\n      - "Syncing [PeakLog](https://margo.example/projects/PeakLog/) over the mesh"\n',
    ),
  );
  deadContent = copyContent();
  keepOnlyProjects(deadContent, CANONICAL_PROJECTS);
  addProjectLink(join(deadContent, PEAKLOG), `{ label: Gone, url: "https://margo.example/blog/posts/no-such-post/" }`);

  [before, after, dead] = await Promise.all([
    buildSite({ contentDir: content, epoch: BEFORE, siteUrl: PREVIEW }),
    buildSite({ contentDir: content, epoch: AFTER, siteUrl: PREVIEW }),
    buildSite({ contentDir: deadContent, epoch: BEFORE, siteUrl: PREVIEW }),
  ]);
});

test.after(() => {
  for (const dir of [content, deadContent, before.outDir, after.outDir, dead.outDir]) removeDir(dir);
});

test("should hold back a canonical link to a scheduled post: its URL and slug in no file", () => {
  assertPublishedWithout(before, SCHEDULED);
  const page = readFileSync(join(before.outDir, "projects/PeakLog/index.html"), "utf8");

  assert.match(page, "How it held up: the winter report.</p>");
  assert.not.match(page, "Winter report");
});

test("should write every canonical link with the build's base URL, the canonical address in no file", () => {
  const post = readFileSync(join(before.outDir, "blog/posts/a-year-of-lora-in-the-valley/index.html"), "utf8");
  const now = readFileSync(join(before.outDir, "now/index.html"), "utf8");

  assert.equal(peakLogLinks(before), [{ label: "Blog post", url: `${PREVIEW}/blog/posts/conflict-free-logbooks/` }]);
  assert.match(post, `Logged with <a href="${PEAKLOG_PAGE}">PeakLog</a>; next: the winter report.</p>`);
  assert.match(now, `Syncing <a href="${PEAKLOG_PAGE}">PeakLog</a> over the mesh`);
  // Nor in the blog's settings (blog.yaml links to the portfolio and the feed by that address).
  assert.equal(filesCarrying(before.outDir, "://margo.example"), []);
});

test("should publish the canonical link with the build's base URL once the post is out", () => {
  const page = readFileSync(join(after.outDir, "projects/PeakLog/index.html"), "utf8");

  assert.is(after.status, 0, after.output);
  assert.equal(peakLogLinks(after), [
    { label: "Winter report", url: `${PREVIEW}/blog/posts/${SCHEDULED}/` },
    { label: "Blog post", url: `${PREVIEW}/blog/posts/conflict-free-logbooks/` },
  ]);
  assert.match(page, `<a href="${PREVIEW}/blog/posts/${SCHEDULED}/">the winter report</a>`);
  assert.equal(filesCarrying(after.outDir, "://margo.example"), []);
});

test("should refuse a canonical link to a page the build does not have, as the link check does any", () => {
  assertRefused(dead, {
    mentions: [`${PEAKLOG}: link ${PREVIEW}/blog/posts/no-such-post/: expected a page or file of this build`],
    hostile: "no-such-post",
  });
});

test.run();
