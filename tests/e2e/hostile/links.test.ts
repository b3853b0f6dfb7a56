import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, copyContent, removeDir, type BuildResult } from "../support/build-site.ts";
import { assertPublishedWithout, assertRefused } from "../support/hostile.ts";

/*
 * Links to this site that lead nowhere, through real builds: a missing post, a missing
 * fragment and a draft are refused after the build, naming the file the link was written in;
 * a link to a scheduled post is published as its text alone until the post is out. At this
 * clock (2026-09-21) the sample's winter-mesh-report (2027-01-12) is scheduled and
 * half-written-thoughts-on-zig is a draft.
 */

const EPOCH = 1790000000;
const SCHEDULED = "winter-mesh-report";

let refusedContent: string;
let scheduledContent: string;
let refused: BuildResult;
let scheduled: BuildResult;
let alsoInvalid: BuildResult;

/** Adds a project `links` entry to a project file's front matter (its `links:` list exists). */
function addProjectLink(file: string, entry: string): void {
  const text = readFileSync(file, "utf8");
  writeFileSync(file, text.replace("links:\n", `links:\n  - ${entry}\n`));
}

test.before(async () => {
  refusedContent = copyContent();
  appendFileSync(
    join(refusedContent, "blog/posts/conflict-free-logbooks.md"),
    "\nSee [the missing post](/blog/posts/no-such-post/), [a missing section](/blog/posts/offline-maps-for-flood-teams/#no-such-section) and [the draft](/blog/posts/half-written-thoughts-on-zig/).\n",
  );
  appendFileSync(
    join(refusedContent, "projects/PeakLog.md"),
    "\nAlso see [this post](https://margo.example/blog/posts/no-such-post-either/).\n",
  );

  scheduledContent = copyContent();
  appendFileSync(
    join(scheduledContent, "blog/posts/a-year-of-lora-in-the-valley.md"),
    `\nNext: [the winter report](/blog/posts/${SCHEDULED}/), [its first section](../${SCHEDULED}.md#what-changed-before-the-snow), <https://margo.example/blog/posts/${SCHEDULED}/>.\n`,
  );
  addProjectLink(
    join(scheduledContent, "projects/PeakLog.md"),
    `{ label: Winter report, url: "https://margo.example/blog/posts/${SCHEDULED}/" }`,
  );
  appendFileSync(
    join(scheduledContent, "projects/PeakLog.md"),
    `\nHow it held up: [the winter report](https://margo.example/blog/posts/${SCHEDULED}/).\n`,
  );

  [refused, scheduled, alsoInvalid] = await Promise.all([
    buildSite({ contentDir: refusedContent, epoch: EPOCH }),
    buildSite({ contentDir: scheduledContent, epoch: EPOCH }),
    // The same dead links, and an API file the OpenAPI validation rejects.
    buildSite({ contentDir: refusedContent, epoch: EPOCH, config: "tests/fixtures/corrupting.eleventy.js" }),
  ]);
});

test.after(() => {
  for (const dir of [refusedContent, scheduledContent, refused.outDir, scheduled.outDir, alsoInvalid.outDir])
    removeDir(dir);
});

test("should not print the closing line of a build whose after-build link check failed", () => {
  assert.is.not(refused.status, 0);
  assert.not.match(refused.output, /Wrote \d+ files/);
  assert.match(refused.output, "Nothing was published: the output folder is as it was.");
});

test("should refuse a link to a missing post, naming the post and the project writeup it is in", () => {
  assertRefused(refused, {
    mentions: [
      "blog/posts/conflict-free-logbooks.md: link https://margo.example/blog/posts/no-such-post/: expected a page or file of this build",
      "projects/PeakLog.md: link https://margo.example/blog/posts/no-such-post-either/: expected a page or file of this build",
    ],
    hostile: "no-such-post",
  });
});

test("should refuse a link to a fragment its page does not have, in the same build", () => {
  assertRefused(refused, {
    mentions: [
      /conflict-free-logbooks\.md: link https:\/\/margo\.example\/blog\/posts\/offline-maps-for-flood-teams\/#no-such-section: expected an element with id "no-such-section"/,
    ],
    hostile: "no-such-section",
  });
});

test("should refuse a link to a draft, saying it is a draft", () => {
  assertRefused(refused, {
    mentions: [
      /conflict-free-logbooks\.md: link https:\/\/margo\.example\/blog\/posts\/half-written-thoughts-on-zig\/: expected a link to a published post \(.*half-written-thoughts-on-zig\.md is a draft/,
    ],
    hostile: "half-written-thoughts-on-zig",
  });
});

test("should report dead links in the same failure as the files the validation rejects", () => {
  assertRefused(alsoInvalid, {
    mentions: [
      /api\/v1\/stats\.json: .*bogus/,
      "blog/posts/conflict-free-logbooks.md: link https://margo.example/blog/posts/no-such-post/",
    ],
    hostile: "no-such-post",
  });
});

test("should publish links to a scheduled post as plain text, its URL and slug in no file", () => {
  assertPublishedWithout(scheduled, SCHEDULED);
  const page = readFileSync(join(scheduled.outDir, "blog/posts/a-year-of-lora-in-the-valley/index.html"), "utf8");
  const project = readFileSync(join(scheduled.outDir, "projects/PeakLog/index.html"), "utf8");

  assert.match(page, "Next: the winter report, its first section, .</p>");
  assert.match(project, "How it held up: the winter report.</p>");
  assert.not.match(project, "Winter report");
});

test("should warn once per held-back link, naming the file it is in", () => {
  const warnings = scheduled.output.split("\n").filter((line) => line.includes("[links]"));

  assert.is(warnings.length, 5, warnings.join("\n"));
  assert.is(warnings.filter((line) => line.includes("blog/posts/a-year-of-lora-in-the-valley.md:")).length, 3);
  assert.is(warnings.filter((line) => line.includes("projects/PeakLog.md:")).length, 2);
  assert.ok(
    warnings.every((line) => line.includes(`${SCHEDULED}.md is out (dated 2027-01-12)`)),
    warnings.join("\n"),
  );
});

test.run();
