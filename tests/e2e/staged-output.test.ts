import { copyFileSync, existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  copyContent,
  leftoversBeside,
  listFiles,
  makeTempDir,
  removeDir,
  snapshot,
  stackTraceLines,
  type BuildResult,
} from "./support/build-site.ts";
import { OUTPUT_MARKER } from "../../src/eleventy/output-folder.ts";

/*
 * `_site` is the output of exactly one successful build: a second build into the same folder
 * leaves what a fresh build of the same content leaves (no stale page, API file, social image
 * or image), only published posts' images are copied, and a build that fails its checks
 * leaves the previous output as it was, with no staging folder behind.
 */

const SITE_URL = "https://margo.example";
const EPOCH = 1_795_000_000;

const content = copyContent();
const outDir = makeTempDir("staged");
const freshDir = makeTempDir("fresh");
let first: BuildResult;
let second: BuildResult;
let fresh: BuildResult;
let firstFiles: string[];

test.before(async () => {
  const images = join(content, "blog/images");
  // A draft that shows an image no published post shows, and an image no post names at all.
  copyFileSync(join(images, "contour-cover.png"), join(images, "draft-only.png"));
  copyFileSync(join(images, "contour-cover.png"), join(images, "unreferenced.png"));
  writeFileSync(
    join(content, "blog/posts/draft-with-image.md"),
    "---\ntitle: A draft\ndescription: Not published.\ndate: 2025-01-01\ntags: [zig]\ndraft: true\n---\n![A contour map](../images/draft-only.png)\n",
  );
  first = await buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: content, outDir });
  firstFiles = listFiles(outDir);

  // The owner removes a project and a post with its image, and builds again into the same folder.
  rmSync(join(content, "projects/bramble.md"));
  rmSync(join(content, "blog/posts/hangboard-timer-with-a-load-cell.md"));
  rmSync(join(images, "hangboard-force-curve.png"));
  // And something has put a file where the previous build had a folder.
  rmSync(join(outDir, "api"), { recursive: true, force: true });
  writeFileSync(join(outDir, "api"), "a file where a folder was");
  [second, fresh] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: content, outDir }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: content, outDir: freshDir }),
  ]);
});

test.after(() => {
  for (const dir of [content, outDir, freshDir]) removeDir(dir);
});

test("should copy the images of published posts and nothing else of blog/images", () => {
  assert.is(first.status, 0, first.output);
  const images = firstFiles.filter((file) => file.startsWith("blog/images/"));
  assert.ok(images.includes("blog/images/hangboard-force-curve.png"), images.join("\n"));
  assert.not.ok(images.includes("blog/images/draft-only.png"), "a draft's image is not published");
  assert.not.ok(images.includes("blog/images/unreferenced.png"), "an image no post shows is not published");
});

test("should still copy the site's own assets", () => {
  for (const file of ["assets/site.css", "assets/palette.js", "assets/favicon.svg"]) {
    assert.ok(firstFiles.includes(file), file);
  }
});

test("should leave exactly what a fresh build of the same content leaves", () => {
  assert.is(second.status, 0, second.output);
  assert.is(fresh.status, 0, fresh.output);
  assert.equal(listFiles(outDir), listFiles(freshDir));
  assert.ok(snapshot(outDir).size > 100);
  assert.equal(snapshot(outDir), snapshot(freshDir));
});

test("should name no removed project or post in any file the second build left", () => {
  for (const gone of [
    "projects/bramble/index.html",
    "og/projects/bramble.png",
    "api/v1/projects/bramble.json",
    "blog/posts/hangboard-timer-with-a-load-cell/index.html",
    "blog/api/v1/posts/hangboard-timer-with-a-load-cell.json",
    "blog/images/hangboard-force-curve.png",
  ]) {
    assert.ok(firstFiles.includes(gone), `the first build wrote ${gone}`);
    assert.not.ok(existsSync(join(outDir, gone)), `${gone} is gone`);
  }
});

test("should take the previous output as the spare, write only what changed, and leave a fresh build's files", async () => {
  // The spare holds the first build's output, which still names the removed project and post.
  const spare = join(dirname(outDir), `.${basename(outDir)}.spare`);
  const held = snapshot(spare);
  const inodes = new Map(listFiles(spare).map((file) => [file, statSync(join(spare, file)).ino]));
  assert.ok(held.has("projects/bramble/index.html"));
  const third = await buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: content, outDir });
  assert.is(third.status, 0, third.output);
  const now = snapshot(outDir);
  assert.equal(now, snapshot(freshDir));
  const kept = [...now.keys()].filter((file) => held.get(file) === now.get(file));
  assert.ok(kept.length > 100, `${kept.length} files kept their bytes`);
  for (const file of kept)
    assert.is(statSync(join(outDir, file)).ino, inodes.get(file), `${file} was not written again`);
});

test("should leave no staging folder or old output behind", () => {
  assert.equal(leftoversBeside(outDir), []);
  assert.equal(leftoversBeside(freshDir), []);
});

test("should leave the previous output untouched when the new build fails validation", async () => {
  const before = snapshot(outDir);
  const failed = await buildSite({
    siteUrl: SITE_URL,
    epoch: EPOCH,
    contentDir: content,
    outDir,
    config: "tests/fixtures/corrupting.eleventy.js",
  });
  assert.is.not(failed.status, 0, failed.output);
  assert.match(failed.output, /api\/v1\/stats\.json: \/data\/projects: /);
  assert.equal(stackTraceLines(failed.output), []);
  assert.equal(snapshot(outDir), before, "the output folder is byte-identical to before");
  assert.equal(leftoversBeside(outDir), []);
});

test("should leave one whole build and nothing half-done when two builds share an output folder", async () => {
  const twinsOut = makeTempDir("twins");
  try {
    const twins = await Promise.all(
      [1, 2].map(() => buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: content, outDir: twinsOut })),
    );
    assert.ok(
      twins.some((twin) => twin.status === 0),
      twins.map((twin) => twin.output).join("\n"),
    );
    for (const twin of twins.filter((one) => one.status !== 0)) assert.ok(twin.output.length > 0, "a failure says why");
    assert.equal(snapshot(twinsOut), snapshot(freshDir), "the output is one whole build");
    assert.equal(leftoversBeside(twinsOut), []);
  } finally {
    removeDir(twinsOut);
  }
});

test("should mark its output, and replace an empty folder and a previous build's", () => {
  // freshDir was a new, empty folder; outDir held the first build (and a file where `api` was).
  for (const dir of [outDir, freshDir]) assert.ok(existsSync(join(dir, OUTPUT_MARKER)), dir);
  assert.ok(firstFiles.includes(OUTPUT_MARKER), "the first build marked its output too");
});

test.run();
