import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import rebuildOnDeletion, { takeDeletionsFrom } from "../../../src/eleventy/watch-deletions.ts";
import { makeTempDir, removeDir } from "../../e2e/support/build-site.ts";

// Under `npm start`, a deletion in a watched folder must change the marker Eleventy watches.
const folder = makeTempDir("watched");
const markerParent = makeTempDir("tmp");
let marker = "";
/** What the plugin does as a build begins (`eleventy.before`). */
let buildBegins = () => {};
// uvu runs every test file in one process: the environment is put back afterwards.
const saved = { TMPDIR: process.env.TMPDIR, ELEVENTY_RUN_MODE: process.env.ELEVENTY_RUN_MODE };

test.before(() => {
  mkdirSync(join(folder, "posts/drafts"), { recursive: true });
  for (const file of ["posts/a.md", "posts/b.md", "posts/drafts/c.md", "posts/drafts/d.md"])
    writeFileSync(join(folder, file), "x");
  process.env.TMPDIR = markerParent;
  process.env.ELEVENTY_RUN_MODE = "serve";
  rebuildOnDeletion(
    { addWatchTarget: (target) => (marker = target), on: (_, began) => (buildBegins = began) },
    {
      folders: [folder],
    },
  );
});

test.after(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  // The watched folder first, and its deletion's marker change let through, so that the
  // watcher, which lives as long as the process, has nothing left to say to later test files.
  removeDir(folder);
  await settle();
  removeDir(markerParent);
});

const settle = () => new Promise((resolveSleep) => setTimeout(resolveSleep, 300));
const markerText = () => readFileSync(marker, "utf8");

test("should add a marker in a folder of its own in the temporary folder", () => {
  assert.ok(marker.startsWith(join(markerParent, "folio-dev-")), marker);
  assert.is(markerText(), "0");
});

test("should leave the marker alone when a file is added or saved", async () => {
  writeFileSync(join(folder, "posts/new.md"), "x");
  writeFileSync(join(folder, "posts/a.md"), "saved");
  await settle();
  assert.is(markerText(), "0");
});

test("should change the marker once when a file is deleted", async () => {
  rmSync(join(folder, "posts/b.md"));
  await settle();
  assert.is(markerText(), "1");
});

test("should change the marker when a file is renamed", async () => {
  renameSync(join(folder, "posts/a.md"), join(folder, "posts/renamed.md"));
  await settle();
  assert.is(markerText(), "2");
});

test("should leave the marker alone when a file of no kind the build reads goes: an editor's temporary file", async () => {
  // As `sed -i` saves: a temporary file renamed over the file it saves.
  writeFileSync(join(folder, "posts/sedX1a2b3"), "saved");
  await settle();
  renameSync(join(folder, "posts/sedX1a2b3"), join(folder, "posts/renamed.md"));
  writeFileSync(join(folder, "posts/renamed.md.swp"), "x");
  rmSync(join(folder, "posts/renamed.md.swp"));
  await settle();
  assert.is(markerText(), "2");
});

test("should change the marker once for a deleted folder of files", async () => {
  rmSync(join(folder, "posts/drafts"), { recursive: true });
  await settle();
  assert.is(markerText(), "3");
});

test("should watch each folder once when the config is loaded again", async () => {
  rebuildOnDeletion({ addWatchTarget: (target) => assert.is(target, marker), on: () => {} }, { folders: [folder] });
  rmSync(join(folder, "posts/new.md"));
  await settle();
  assert.is(markerText(), "4");
});

test("should change the marker when a file is added or saved under a name with a line feed or CR", async () => {
  // Eleventy's watcher never reports such a name (its globs' `.` matches no line terminator): before,
  // under npm start, such a post rebuilt nothing and said nothing, where npm run build refuses the name.
  writeFileSync(join(folder, "posts/odd\nname.md"), "x");
  await settle();
  assert.is(markerText(), "5");
  writeFileSync(join(folder, "posts/odd\rname.md"), "x");
  await settle();
  assert.is(markerText(), "6");
  writeFileSync(join(folder, "posts/odd\rname.md"), "saved");
  await settle();
  assert.is(markerText(), "7");
});

test("should change the marker once for a deletion both watchers report, and not for one a build that began after it read (a rename)", async () => {
  const unlinks: ((file: string) => void)[] = [];
  takeDeletionsFrom({ on: (_, listener) => unlinks.push(listener) });
  const unlink = (file: string) => {
    for (const listener of unlinks) listener(file);
  };
  const [renamed, other] = [join(folder, "posts/renamed.md"), join(folder, "posts/other.md")];
  writeFileSync(other, "x");
  // Renamed: Eleventy's watcher reports the new name, whose build begins after the folder changed.
  renameSync(renamed, join(folder, "posts/renamed-again.md"));
  await new Promise((resolveSleep) => setTimeout(resolveSleep, 60));
  buildBegins();
  unlink(renamed);
  await settle();
  assert.is(markerText(), "7");
  // Deleted after the last build began, seen by both watchers: one change.
  rmSync(other);
  unlink(other);
  await settle();
  assert.is(markerText(), "8");
});

test("should add no watch target in a plain build", () => {
  process.env.ELEVENTY_RUN_MODE = "build";
  let added = false;
  rebuildOnDeletion({ addWatchTarget: () => (added = true), on: () => {} }, { folders: [folder] });
  assert.not.ok(added);
});

test.run();
