import {
  appendFileSync,
  cpSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  listFiles,
  makeTempDir,
  outputDifferences,
  readText,
  removeDir,
  repoRoot,
  type BuildResult,
} from "./support/build-site.ts";
import { copyContentWithSmallImages, keepOnlyProjects } from "./support/small-images.ts";

/*
 * The Markdown render cache (src/markdown/render-markdown.ts) gives what rendering gives. One
 * build of a copy of the sample fills a cache; the copy then changes in every way an owner
 * changes content, each in another file: a post edited, one added, one deleted, one renamed,
 * one's tags changed, an image replaced by one of another size (same name), a project edited.
 * The build from the warm cache and one without its renders must write the same bytes, and the
 * warm one must have rendered again only the documents whose source or resolvers' answers
 * changed. Then the renderer's code changes (in a copy of the project): a build from the warm
 * cache must write what one without its renders writes. Five builds in all.
 */

const SITE_URL = "https://margo.example";
const EPOCH = 1_795_000_000;

const work = makeTempDir("render-cache");
const contentDir = await copyContentWithSmallImages();
// Three of the sample's projects, the edited one among them: the first build, from an empty
// cache, renders a social image for each, and every build renders each one's page and JSON.
keepOnlyProjects(contentDir, ["benchdiff", "kestrel-os", "hl7.lint"]);
const posts = join(contentDir, "blog/posts");
const warmCache = join(work, "warm");
const noRenders = join(work, "no-renders");
const noRendersAgain = join(work, "no-renders-again");
let first: BuildResult;
let warm: BuildResult;
let clean: BuildResult;
/** Built by the project whose renderer changed, from the warm cache and without its renders. */
let changed: BuildResult;
let changedClean: BuildResult;
/** The render cache's entries after the first build: name → inode (a write replaces the file). */
let before: Map<string, number>;
let after: Map<string, number>;

// The copy keeps its compiled code in its own folder, deleted with it: in the repository's, its
// modules (under a new temporary path each run) would add entries no run reads again.
const build = (cache: string, outDir?: string, project?: string) =>
  buildSite({
    siteUrl: SITE_URL,
    epoch: EPOCH,
    contentDir,
    outDir,
    project,
    env: { FOLIO_CACHE_DIR: cache, ...(project ? { NODE_COMPILE_CACHE: join(project, ".cache/node") } : {}) },
  });

/** A copy of the project whose renderer wraps every paragraph otherwise: a change of the renderer's code. */
function projectWithChangedRenderer(): string {
  const dir = join(work, "project");
  for (const name of ["src", "scripts", "site-templates", "site-assets", "api-templates", "_data"])
    cpSync(join(repoRoot, name), join(dir, name), { recursive: true });
  for (const name of [".eleventy.js", "package.json"]) cpSync(join(repoRoot, name), join(dir, name));
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"));
  const renderer = join(dir, "src/markdown/render-markdown.ts");
  const code = readFileSync(renderer, "utf8");
  const render = "markdown.renderer.render(tokens, markdown.options, env),";
  if (!code.includes(render)) throw new Error(`the renderer no longer has "${render}": change the test`);
  writeFileSync(renderer, code.replace(render, `${render.slice(0, -1)}.replaceAll("<p>", "<p data-changed>"),`));
  return dir;
}
/** The spare beside an output folder, which the next build takes (src/eleventy/output-folder.ts). */
const spareOf = (outDir: string) => join(dirname(outDir), `.${basename(outDir)}.spare`);
/** The spare's files before the warm build: path → inode (a write makes a new file). */
let spare: Map<string, number>;

const renderEntries = (): Map<string, number> =>
  new Map(
    readdirSync(join(warmCache, "markdown")).map((name) => [name, statSync(join(warmCache, "markdown", name)).ino]),
  );

/** Every change, each to its own file (none of them linked from another post). */
async function changeContent(): Promise<void> {
  appendFileSync(join(posts, "offline-maps-for-flood-teams.md"), "\nOne more paragraph, written after the build.\n");
  writeFileSync(
    join(posts, "rendered-once.md"),
    "---\ntitle: Rendered once\ndescription: A post added after the first build.\ndate: 2025-03-04\ntags: [tooling]\n---\nIt links to [the fall-factor post](../ropes-and-dynamic-belays.md).\n",
  );
  rmSync(join(posts, "maintaining-alone-without-burning-out.md"));
  renameSync(join(posts, "faust-for-programmers.md"), join(posts, "faust-for-musicians.md"));
  const signed = join(posts, "who-signed-that-commit.md");
  writeFileSync(
    signed,
    readFileSync(signed, "utf8").replace("tags: [security, tooling, Open Source]", "tags: [security, signatures]"),
  );
  const chart = join(contentDir, "blog/images/grade-error-chart.png");
  writeFileSync(chart, await sharp(readFileSync(chart)).resize({ width: 200 }).png().toBuffer());
  appendFileSync(join(contentDir, "projects/benchdiff.md"), "\nIt now also compares memory use.\n");
}

test.before(async () => {
  first = await build(warmCache);
  if (first.status !== 0) return;
  before = renderEntries();
  // The other kinds kept (their own tests prove them), the render cache empty: a cheaper clean build.
  cpSync(warmCache, noRenders, { recursive: true });
  rmSync(join(noRenders, "markdown"), { recursive: true });
  cpSync(noRenders, noRendersAgain, { recursive: true });
  // The warm build goes where the first went, over a spare holding the first's output, as a
  // rebuild after a rebuild does: the incremental path from render cache to files written.
  cpSync(first.outDir, spareOf(first.outDir), { recursive: true });
  spare = new Map(
    listFiles(spareOf(first.outDir)).map((file) => [file, statSync(join(spareOf(first.outDir), file)).ino]),
  );
  await changeContent();
  [warm, clean] = await Promise.all([build(warmCache, first.outDir), build(noRenders)]);
  after = renderEntries();
  const project = projectWithChangedRenderer();
  [changed, changedClean] = await Promise.all([
    build(warmCache, undefined, project),
    build(noRendersAgain, undefined, project),
  ]);
});

test.after(() => {
  for (const result of [first, warm, clean, changed, changedClean]) if (result) removeDir(result.outDir);
  if (first) removeDir(spareOf(first.outDir));
  removeDir(work);
  removeDir(contentDir);
});

test("should build the changed content from a warm render cache byte for byte as without it", () => {
  assert.is(first.status, 0, first.output);
  assert.is(warm.status, 0, warm.output);
  assert.is(clean.status, 0, clean.output);
  assert.equal(outputDifferences(clean.outDir, warm.outDir), []);
  // Written over the spare: the files whose bytes did not change are the spare's own.
  const kept = listFiles(warm.outDir).filter((file) => statSync(join(warm.outDir, file)).ino === spare.get(file));
  assert.ok(kept.length > 100, `${kept.length} files kept`);
});

test("should show every change in the output", () => {
  const page = (slug: string) => readText(warm.outDir, `blog/posts/${slug}/index.html`);
  assert.match(page("offline-maps-for-flood-teams"), "One more paragraph, written after the build.");
  assert.match(page("rendered-once"), '/blog/posts/ropes-and-dynamic-belays/">the fall-factor post');
  assert.throws(() => page("maintaining-alone-without-burning-out"));
  assert.match(page("faust-for-musicians"), "<h1");
  assert.match(page("who-signed-that-commit"), "signatures");
  assert.match(page("grading-board-problems-with-graphs"), /grade-error-chart[^>]* width="200"/);
  assert.match(readText(warm.outDir, "projects/benchdiff/index.html"), "It now also compares memory use.");
});

test("should render again only the documents whose source or resolvers' answers changed", () => {
  assert.ok(before.size > 20, `${before.size} entries`);
  const added = [...after.keys()].filter((name) => !before.has(name));
  const rewritten = [...before].filter(([name, inode]) => after.has(name) && after.get(name) !== inode);
  // The edited post, the added post and the edited project are new sources; the post showing
  // the replaced image has the same source but another answer for it; the rest were read.
  assert.is(added.length, 3, `new entries: ${added.length}`);
  assert.is(rewritten.length, 1, `rewritten entries: ${rewritten.length}`);
});

test("should render every document again after a change of the renderer's code", () => {
  assert.is(changed.status, 0, changed.output);
  assert.is(changedClean.status, 0, changedClean.output);
  assert.equal(outputDifferences(changedClean.outDir, changed.outDir), []);
  const page = "blog/posts/offline-maps-for-flood-teams/index.html";
  assert.match(readText(changed.outDir, page), "<p data-changed>");
  assert.not.match(readText(warm.outDir, page), "<p data-changed>");
});

test.run();
