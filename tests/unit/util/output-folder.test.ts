import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  checkOutputFolder,
  isStagingFolder,
  makeStagingFolder,
  OutputFolderError,
  outputHolds,
  removeLeftovers,
  replaceOutputFolder,
} from "../../../src/util/output-folder.mjs";

let root = "";
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), "h5-output-folder-"));
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

/** A process id that runs no process (the kernel's limit is far below it). */
const DEAD_PID = 2 ** 30;

const isFolderError = (words: RegExp) => (error: unknown) => error instanceof OutputFolderError && words.test(error.message);

test("should stage beside the output folder under a name only it matches", () => {
  const out = join(root, "_site");
  const staging = makeStagingFolder(out);
  assert.is(dirname(staging), root);
  assert.match(basename(staging), new RegExp(`^\\._site\\.staging-${process.pid}-[0-9a-f]{8}$`));
  assert.ok(isStagingFolder(staging));
  assert.not.ok(isStagingFolder(out));
  assert.not.ok(isStagingFolder(join(root, "staging-1-ab")));
});

test("should replace the output folder as a whole, leaving only the new build", () => {
  const out = join(root, "_site");
  mkdirSync(join(out, "blog/images"), { recursive: true });
  writeFileSync(join(out, "blog/images/deleted.png"), "old");
  const staging = makeStagingFolder(out);
  writeFileSync(join(staging, "index.html"), "new");
  replaceOutputFolder(staging, out);
  assert.equal(readdirSync(out), ["index.html"]);
  assert.equal(readdirSync(root), ["_site"], "neither the staging folder nor the old output is left");
});

test("should put the old output back when the staging folder cannot be renamed in", () => {
  const out = join(root, "_site");
  mkdirSync(out);
  writeFileSync(join(out, "index.html"), "old");
  assert.throws(() => replaceOutputFolder(join(root, "missing-staging"), out), (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT");
  assert.is(readFileSync(join(out, "index.html"), "utf8"), "old");
  assert.equal(readdirSync(root), ["_site"]);
});

test("should remove what killed builds left, but not a running build's staging folder", () => {
  const out = join(root, "_site");
  mkdirSync(out);
  const killed = join(root, `._site.staging-${DEAD_PID}-0badc0de`);
  const setAside = join(root, `._site.old-${DEAD_PID}-0badc0de`);
  const running = join(root, `._site.staging-${process.pid}-0123abcd`);
  const otherSite = join(root, `._other.staging-${DEAD_PID}-0badc0de`);
  for (const dir of [killed, setAside, running, otherSite]) mkdirSync(dir);
  removeLeftovers(out);
  assert.equal(readdirSync(root).sort(), [running, otherSite, out].map((dir) => basename(dir)).sort());
});

test("should put back the previous output of a build killed between its two renames", () => {
  const out = join(root, "_site");
  const setAside = join(root, `._site.old-${DEAD_PID}-0badc0de`);
  mkdirSync(setAside);
  writeFileSync(join(setAside, "index.html"), "previous");
  removeLeftovers(out);
  assert.is(readFileSync(join(out, "index.html"), "utf8"), "previous");
  assert.not.ok(existsSync(setAside));
});

test("should refuse an output folder that is a file or a symbolic link", () => {
  writeFileSync(join(root, "file"), "x");
  assert.throws(() => checkOutputFolder(join(root, "file"), []), isFolderError(/is a file, not a folder/));
  mkdirSync(join(root, "real"));
  symlinkSync(join(root, "real"), join(root, "link"));
  assert.throws(() => checkOutputFolder(join(root, "link"), []), isFolderError(/is a symbolic link/));
  checkOutputFolder(join(root, "real"), []);
  checkOutputFolder(join(root, "absent"), []);
});

test("should refuse an output folder that holds the project or its content", () => {
  const project = join(root, "project");
  assert.throws(() => checkOutputFolder(project, [project]), isFolderError(/holds/));
  assert.throws(() => checkOutputFolder(root, [project]), isFolderError(/holds/));
  checkOutputFolder(join(project, "_site"), [project]);
  assert.ok(outputHolds(root, join(root, "project/content")));
  assert.not.ok(outputHolds(join(root, "project"), join(root, "project-2")));
});

test.run();
