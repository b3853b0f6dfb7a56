import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, git } from "../unit/blog/support/blog-tree.ts";
import {
  buildSite,
  copyContent,
  listFiles,
  outputDifferences,
  makeTempDir,
  readJson,
  removeDir,
  sampleContentDir,
  stackTraceLines,
  type BuildResult,
  type Envelope,
} from "./support/build-site.ts";

/*
 * The blog under different build environments: the machine's time zone (which must not matter:
 * front-matter dates are read in site.yaml's zone), a shallow clone (no usable history for
 * `updated`), and content with a mistake in a post (a clean message, no stack trace).
 */

const SITE_URL = "https://margo.example";
/** 2026-11-18T11:06:40Z. */
const EPOCH = 1_795_000_000;
const BROKEN_POST = "what-hl7-v2-taught-me";

interface PostSummary {
  slug: string;
  published: string;
  updated: string;
}

let eastmost: BuildResult;
let westCoast: BuildResult;
let shallow: BuildResult;
let broken: BuildResult;
const tempDirs: string[] = [];

test.before(async () => {
  // A repository holding a copy of the sample content with two commits, cloned with --depth 1.
  const origin = makeTempDir("blog-origin");
  const clone = `${makeTempDir("blog-clone")}/repo`;
  tempDirs.push(origin, join(clone, ".."));
  mkdirSync(join(origin, "content"));
  cpSync(sampleContentDir, join(origin, "content"), { recursive: true });
  git(origin, ["init", "-q"]);
  commitAll(origin, "2026-04-01T10:00:00+00:00", "content");
  writeFileSync(
    join(origin, "content/blog/posts/zero-bars-design.md"),
    `${readFileSync(join(origin, "content/blog/posts/zero-bars-design.md"), "utf8")}\nEdited.\n`,
  );
  commitAll(origin, "2026-11-01T10:00:00+00:00", "edit");
  git(origin, ["clone", "-q", "--depth", "1", `file://${origin}`, clone]);

  const brokenDir = copyContent();
  tempDirs.push(brokenDir);
  const file = join(brokenDir, "blog/posts", `${BROKEN_POST}.md`);
  writeFileSync(file, readFileSync(file, "utf8").replace(/^date: .*$/m, "date: 2026-02-30"));

  [eastmost, westCoast, shallow, broken] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, env: { TZ: "Pacific/Kiritimati" } }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, env: { TZ: "America/Los_Angeles" } }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: join(clone, "content") }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: brokenDir }),
  ]);
});

test.after(() => {
  for (const dir of tempDirs) removeDir(dir);
  for (const build of [eastmost, westCoast, shallow, broken]) removeDir(build.outDir);
});

test("should build the sample with the process time zone set to Pacific/Kiritimati and to America/Los_Angeles", () => {
  assert.is(eastmost.status, 0, eastmost.output);
  assert.is(westCoast.status, 0, westCoast.output);
});

test("should write byte-identical blog files whatever the process time zone", () => {
  assert.ok(listFiles(eastmost.outDir, "blog").length > 0);
  assert.equal(outputDifferences(eastmost.outDir, westCoast.outDir, "blog"), []);
});

test("should read a front-matter date without time as midnight in site.yaml's zone", () => {
  const posts = readJson<Envelope<PostSummary[]>>(westCoast.outDir, "blog/api/v1/posts.json").data;

  assert.is(
    posts.find((post) => post.slug === "repairing-gps-tracks-whose-clocks-jumped")?.published,
    "2026-02-10T00:00:00+01:00",
  );
  assert.is(
    posts.find((post) => post.slug === "maintaining-alone-without-burning-out")?.published,
    "2026-08-11T00:00:00+02:00",
  );
  assert.is(posts.find((post) => post.slug === "booting-kestrel-on-risc-v")?.published, "2026-03-17T09:30:00+01:00");
});

test("should build from a shallow clone with exit code 0", () => {
  assert.is(shallow.status, 0, shallow.output);
});

test("should give every post updated equal to published in a shallow clone", () => {
  const posts = readJson<Envelope<PostSummary[]>>(shallow.outDir, "blog/api/v1/posts.json").data;

  assert.is(posts.length, 16);
  assert.equal(
    posts.filter((post) => post.updated !== post.published).map((post) => post.slug),
    [],
  );
});

test("should say in meta.note of every post-derived file that the history is unavailable in a shallow clone", () => {
  const files = [
    "blog/api/v1/posts.json",
    "blog/api/v1/latest.json",
    "blog/api/v1/stats.json",
    ...listFiles(shallow.outDir, "blog/api/v1/posts"),
    ...listFiles(shallow.outDir, "blog/api/v1/tags"),
  ];

  assert.ok(files.length > 30);
  for (const file of files) {
    const note = readJson<Envelope>(shallow.outDir, file).meta.note ?? "";
    assert.match(note, /shallow/, file);
    assert.match(note, /updated/, file);
  }
});

test("should fail the build when a post's date is not on the calendar", () => {
  assert.is.not(broken.status, 0, broken.output);
});

test("should name the post file, the date field and what was expected for an impossible date", () => {
  assert.match(
    broken.output,
    new RegExp(`blog/posts/${BROKEN_POST}\\.md: date: expected a real calendar date[^\\n]*2026-02-30`),
  );
});

test("should print no stack trace for an impossible date", () => {
  assert.equal(stackTraceLines(broken.output), []);
});

test("should write no blog file when a post is broken", () => {
  assert.equal(listFiles(broken.outDir, "blog/api"), []);
});

test.run();
