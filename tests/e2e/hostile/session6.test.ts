import slugify from "@sindresorhus/slugify";
import {
  appendFileSync,
  chmodSync,
  cpSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spareFolder } from "../../../src/util/output-folder.mjs";
import {
  type BuildResult,
  buildSite,
  copyContent,
  listFiles,
  makeTempDir,
  removeDir,
  snapshot,
} from "../support/build-site.ts";
import { assertPublishedWithout, assertRefused, filesCarrying, leftoversBeside } from "../support/hostile.ts";

/*
 * Session 6: the spare's check now runs on while Eleventy reads and renders, and the social
 * images, the icons and the copied assets are written in eleventy.before, each after awaiting
 * it (src/util/output-folder.mjs, outputWritable). A spare made slow to check (20,000 files)
 * holds a hard link, a symbolic link and a read-only file exactly where those writers write:
 * no byte outside the output may change. Without the awaits, this build wrote through all
 * four links (checked by hand with them removed). Then a build that fails on its content while
 * such a check runs, and two builds at once on one output folder. The headings of the first
 * builds carry the ASCII characters the compiled site's own transliteration handles (`^`, the
 * backtick, `&`), checked against @sindresorhus/slugify as published.
 */

const EPOCH = 1_790_000_000;
/** In every file planted outside the output: no output file may carry it. */
const OUTSIDE = "hostile-s6-outside-5k2w";
/** Headings whose ids the compiled site's slugify gives; each must be the published library's. */
const HEADINGS = ["C^2 & `wrap` it", "Zoë's ^caret^ & co", "R&D `--` ½ way", "a^b`c&d"];

const dirs: string[] = [];
let cacheDir: string;
let content: string;
let outDir: string;
let outside: string;
let first: Map<string, string>;
let raced: BuildResult;
let failedEarly: BuildResult;
let before: string[];
let twins: BuildResult[];
let twinsOut: string;

/** The files planted outside, by the output path each is linked at. */
const planted: Record<string, "hard" | "symbolic"> = {
  "og/site.png": "hard",
  "favicon.ico": "symbolic",
  "apple-touch-icon.png": "hard",
  "assets/palette.js": "hard",
};

/** Fills a spare with 20,000 empty files (the check's lstat of each is what is raced). */
function slowDown(spare: string): void {
  for (let d = 0; d < 40; d++) {
    const folder = join(spare, "zz-bulk", `d${d}`);
    mkdirSync(folder, { recursive: true });
    for (let f = 0; f < 500; f++) writeFileSync(join(folder, `f${f}.html`), "");
  }
}

/** Plants the outside files at their output paths in `spare`, a linked folder and a read-only asset. */
function plant(spare: string): void {
  for (const [path, kind] of Object.entries(planted)) {
    const target = join(outside, path.replaceAll("/", "_"));
    writeFileSync(target, `${OUTSIDE} ${path}`);
    rmSync(join(spare, path));
    if (kind === "hard") linkSync(target, join(spare, path));
    else symlinkSync(target, join(spare, path));
  }
  chmodSync(join(spare, "assets", "site.css"), 0o444);
  // A whole folder of social images linked to an empty folder outside.
  rmSync(join(outside, "og-projects"), { recursive: true, force: true });
  mkdirSync(join(outside, "og-projects"));
  rmSync(join(spare, "og", "projects"), { recursive: true });
  symlinkSync(join(outside, "og-projects"), join(spare, "og", "projects"));
}

/** Every outside file still holds its own bytes, and is linked nowhere else any more. */
function assertOutsideUntouched(): void {
  for (const path of Object.keys(planted)) {
    const target = join(outside, path.replaceAll("/", "_"));
    assert.is(readFileSync(target, "utf8"), `${OUTSIDE} ${path}`, `${path} was written through`);
    assert.is(lstatSync(target).nlink, 1, `${path}: no link left to it`);
  }
  assert.equal(readdirSync(join(outside, "og-projects")), [], "nothing written into a linked folder");
}

/**
 * The builds, started once and awaited by every test: uvu reports a failing `test.before` as
 * no test run and exits 0, so a broken setup must fail the tests themselves.
 */
async function setup(): Promise<void> {
  const root = makeTempDir("s6");
  dirs.push(root);
  cacheDir = join(root, "cache");
  outside = join(root, "outside");
  mkdirSync(outside);
  content = copyContent();
  dirs.push(content);
  const post = join(content, "blog", "posts", "faust-for-programmers.md");
  appendFileSync(post, HEADINGS.map((heading) => `\n## ${heading}\n\nText.\n`).join(""));
  outDir = makeTempDir("s6-site");
  dirs.push(outDir);
  const env = { FOLIO_CACHE_DIR: cacheDir };
  const warm = await buildSite({ epoch: EPOCH, env, contentDir: content, outDir });
  assert.is(warm.status, 0, warm.output);
  first = snapshot(outDir);

  // The spare: this output, copied beside with its modes, then made hostile and slow to check.
  const spare = spareFolder(outDir);
  cpSync(outDir, spare, { recursive: true });
  plant(spare);
  slowDown(spare);
  raced = await buildSite({ epoch: EPOCH, env, contentDir: content, outDir });

  // A content error while a slow, hostile spare is checked: the build fails, and leaves nothing beside the output.
  rmSync(spareFolder(outDir), { recursive: true, force: true });
  cpSync(outDir, spareFolder(outDir), { recursive: true });
  plant(spareFolder(outDir));
  slowDown(spareFolder(outDir));
  before = listFiles(outDir);
  const broken = copyContent(content);
  dirs.push(broken);
  const project = join(broken, "projects", "benchdiff.md");
  writeFileSync(project, readFileSync(project, "utf8").replace("cluster: devtools", `cluster: ${OUTSIDE}`));
  failedEarly = await buildSite({ epoch: EPOCH, env, contentDir: broken, outDir });

  // Two builds at once on one output folder that has a spare.
  twinsOut = makeTempDir("s6-twins");
  dirs.push(twinsOut);
  cpSync(outDir, twinsOut, { recursive: true });
  cpSync(outDir, spareFolder(twinsOut), { recursive: true });
  twins = await Promise.all([1, 2].map(() => buildSite({ epoch: EPOCH, env, contentDir: content, outDir: twinsOut })));
}
const built = setup();
// Awaited by each test; marked handled so that a failure is the tests' own, not the process's.
built.catch(() => {});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
});

test("should write no social image, icon or asset through a spare's links while its check runs", async () => {
  await built;
  assertPublishedWithout(raced, OUTSIDE);
  assertOutsideUntouched();
  assert.equal(snapshot(outDir), first, "the output is the first build's, byte for byte");
  assert.equal(filesCarrying(outDir, "zz-bulk"), []);
  assert.equal(leftoversBeside(outDir), []);
});

test("should give every heading the id the published slugify gives it", async () => {
  await built;
  const page = readFileSync(join(outDir, "blog", "posts", "faust-for-programmers", "index.html"), "utf8");
  for (const heading of HEADINGS) {
    const id = slugify(heading);
    assert.ok(page.includes(`<h2 id="${id}"`), `${heading} → ${id}`);
  }
});

test("should leave nothing beside the output when content fails while the spare is checked", async () => {
  await built;
  assertRefused(failedEarly, {
    mentions: ["benchdiff.md", "cluster"],
    hostile: OUTSIDE,
    outputBefore: before,
  });
  assertOutsideUntouched();
  assert.equal(snapshot(outDir), first, "the output is as it was");
  // The hostile spare was taken, emptied and removed with the staging folder: none is left.
  assert.is(lstatSync(spareFolder(outDir), { throwIfNoEntry: false }), undefined, "no spare is left");
});

test("should leave one whole build and nothing half-done when two builds share an output folder", async () => {
  await built;
  assert.ok(
    twins.some((twin) => twin.status === 0),
    twins.map((twin) => twin.output).join("\n"),
  );
  for (const twin of twins.filter((one) => one.status !== 0)) assert.ok(twin.output.length > 0, "a failure says why");
  assert.equal(snapshot(twinsOut), first, "the output is one whole build");
  assert.equal(leftoversBeside(twinsOut), []);
});

test.run();
