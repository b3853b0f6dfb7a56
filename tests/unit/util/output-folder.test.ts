import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  checkOutputFolder,
  isBuildOutput,
  isStagingFolder,
  makeStagingFolder,
  OUTPUT_MARKER,
  OutputFolderError,
  outputHolds,
  removeLeftovers,
  replaceOutputFolder,
  spareFolder,
  takeSpareFolder,
  holdWritesUntil,
  outputWritable,
  writeOutputMarker,
} from "../../../src/util/output-folder.mjs";

let root = "";
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), "h5-output-folder-"));
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

/** A process id that runs no process (the kernel's limit is far below it). */
const DEAD_PID = 2 ** 30;

const isFolderError = (words: RegExp) => (error: unknown) =>
  error instanceof OutputFolderError && words.test(error.message);

test("should stage beside the output folder under a name only it matches", () => {
  const out = join(root, "_site");
  const staging = makeStagingFolder(out);
  assert.is(dirname(staging), root);
  assert.match(basename(staging), new RegExp(`^\\._site\\.staging-${process.pid}-[0-9a-f]{8}$`));
  assert.ok(isStagingFolder(staging));
  assert.not.ok(isStagingFolder(out));
  assert.not.ok(isStagingFolder(join(root, "staging-1-ab")));
});

test("should replace the output folder as a whole, keeping the old output as the spare", () => {
  const out = join(root, "_site");
  mkdirSync(join(out, "blog/images"), { recursive: true });
  writeFileSync(join(out, "blog/images/deleted.png"), "old");
  writeOutputMarker(join(out, OUTPUT_MARKER));
  const staging = makeStagingFolder(out);
  writeFileSync(join(staging, "index.html"), "new");
  replaceOutputFolder(staging, out);
  assert.equal(readdirSync(out), ["index.html"]);
  assert.equal(readdirSync(root).sort(), ["._site.spare", "_site"], "no staging folder, the old output kept aside");
  assert.is(readFileSync(join(spareFolder(out), "blog/images/deleted.png"), "utf8"), "old");
});

test("should delete an old output without the marker rather than keep it as a spare", () => {
  const out = join(root, "_site");
  mkdirSync(out);
  writeFileSync(join(out, "index.html"), "a build's from before the marker");
  const staging = makeStagingFolder(out);
  replaceOutputFolder(staging, out);
  assert.equal(readdirSync(root), ["_site"]);
});

/** An output folder with a previous build kept as its spare; returns the output folder. */
function withSpare(): string {
  const out = join(root, "_site");
  const spare = spareFolder(out);
  mkdirSync(join(spare, "blog"), { recursive: true });
  writeOutputMarker(join(spare, OUTPUT_MARKER));
  writeFileSync(join(spare, "blog/index.html"), "previous");
  return out;
}

test("should hand the spare over as a staging folder, once", async () => {
  const out = withSpare();
  const taken = takeSpareFolder(out);
  assert.ok(taken !== undefined && isStagingFolder(taken.folder));
  assert.not.ok(existsSync(spareFolder(out)));
  assert.is(takeSpareFolder(out), undefined, "a second build finds no spare");
  assert.ok(await taken.checked);
  assert.is(readFileSync(join(taken.folder, "blog/index.html"), "utf8"), "previous");
});

test("should leave alone a spare folder that carries no output marker", () => {
  const out = withSpare();
  rmSync(join(spareFolder(out), OUTPUT_MARKER));
  assert.is(takeSpareFolder(out), undefined);
  assert.is(readFileSync(join(spareFolder(out), "blog/index.html"), "utf8"), "previous");
});

for (const [what, spoil] of [
  ["a symbolic link", (spare: string) => symlinkSync("/etc/hostname", join(spare, "blog/link.html"))],
  [
    "a file a backup shares by hard link",
    (spare: string) => linkSync(join(spare, "blog/index.html"), join(root, "backup.html")),
  ],
  ["a read-only file", (spare: string) => chmodSync(join(spare, "blog/index.html"), 0o444)],
  // Not the entries: the folder itself, which anyone could add files to before the swap.
  ["nothing odd but is writable by everyone", (spare: string) => chmodSync(spare, 0o777)],
] as const) {
  test(`should empty a spare holding ${what} instead of writing through it`, async () => {
    const out = withSpare();
    spoil(spareFolder(out));
    const taken = takeSpareFolder(out);
    assert.ok(taken !== undefined);
    assert.is(await taken.checked, false);
    assert.equal(readdirSync(taken.folder), [], "the build writes into an empty staging folder");
    assert.not.ok(existsSync(spareFolder(out)));
  });
}

test("should hold every write into the output until the spare's check settles", async () => {
  let settle = (_: boolean) => {};
  holdWritesUntil(new Promise<boolean>((resolve) => (settle = resolve)));
  const order: string[] = [];
  const writers = [1, 2].map(async (writer) => {
    await outputWritable();
    order.push(`writer ${writer}`);
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  order.push("check settled");
  settle(false);
  await Promise.all(writers);
  assert.equal(order, ["check settled", "writer 1", "writer 2"]);
  holdWritesUntil(Promise.resolve());
  await outputWritable();
});

test("should keep a killed build's set-aside output as the spare when the output is in place", () => {
  const out = join(root, "_site");
  mkdirSync(out);
  const setAside = join(root, `._site.old-${DEAD_PID}-0badc0de`);
  mkdirSync(setAside);
  writeOutputMarker(join(setAside, OUTPUT_MARKER));
  removeLeftovers(out);
  assert.equal(readdirSync(root).sort(), ["._site.spare", "_site"]);
});

test("should put the old output back when the staging folder cannot be renamed in", () => {
  const out = join(root, "_site");
  mkdirSync(out);
  writeFileSync(join(out, "index.html"), "old");
  assert.throws(
    () => replaceOutputFolder(join(root, "missing-staging"), out),
    (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT",
  );
  assert.is(readFileSync(join(out, "index.html"), "utf8"), "old");
  assert.equal(readdirSync(root), ["_site"]);
});

test("should remove what killed builds left, but not a running build's staging folder", () => {
  const out = join(root, "_site");
  mkdirSync(out);
  const killed = join(root, `._site.staging-${DEAD_PID}-0badc0de`);
  const setAside = join(root, `._site.old-${DEAD_PID}-0badc0de`);
  // Another process that is running (the one that started these tests).
  const running = join(root, `._site.staging-${process.ppid}-0123abcd`);
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
  writeFileSync(join(setAside, OUTPUT_MARKER), "");
  removeLeftovers(out);
  assert.is(readFileSync(join(out, "index.html"), "utf8"), "previous");
  assert.not.ok(existsSync(setAside));
});

test("should take leftovers named with this process's own id as a killed build's", () => {
  // In a container a build often gets the same small id as the killed one before it; nothing
  // beside the output folder is this build's yet when removeLeftovers runs.
  const out = join(root, "_site");
  const staging = join(root, `._site.staging-${process.pid}-0badc0de`);
  const setAside = join(root, `._site.old-${process.pid}-0badc0de`);
  mkdirSync(staging);
  mkdirSync(setAside);
  writeFileSync(join(setAside, "index.html"), "previous");
  writeFileSync(join(setAside, OUTPUT_MARKER), "");
  removeLeftovers(out);
  assert.equal(readdirSync(root), ["_site"]);
  assert.is(readFileSync(join(out, "index.html"), "utf8"), "previous", "the set-aside output is put back");
});

test("should refuse an output folder holding files no build wrote, and leave it as it was", () => {
  const docs = join(root, "docs");
  mkdirSync(join(docs, "guide"), { recursive: true });
  writeFileSync(join(docs, "deployment.md"), "# Deployment");
  writeFileSync(join(docs, "guide/index.html"), "<p>a guide</p>");
  assert.throws(
    () => checkOutputFolder(docs, []),
    isFolderError(
      new RegExp(
        `^The output folder ${docs} holds files no build of this site wrote: move them away or pass --output=<an empty or new folder>.$`,
      ),
    ),
  );
  assert.equal(readdirSync(docs).sort(), ["deployment.md", "guide"]);
  assert.is(readFileSync(join(docs, "deployment.md"), "utf8"), "# Deployment");
  // An index.html alone (or an API description alone) is not enough to pass for a build's.
  writeFileSync(join(docs, "index.html"), "<p>docs</p>");
  assert.not.ok(isBuildOutput(docs));
});

test("should accept a missing or empty folder, a marked one, and a build's from before the marker", () => {
  const empty = join(root, "empty");
  mkdirSync(empty);
  const marked = join(root, "marked");
  mkdirSync(marked);
  writeFileSync(join(marked, OUTPUT_MARKER), "x");
  writeFileSync(join(marked, "stale.html"), "a page a later build no longer writes");
  const before = join(root, "before");
  mkdirSync(join(before, "api"), { recursive: true });
  writeFileSync(join(before, "index.html"), "home");
  writeFileSync(join(before, "api/openapi.json"), "{}");
  for (const dir of [join(root, "absent"), empty, marked, before]) {
    checkOutputFolder(dir, []);
    assert.ok(isBuildOutput(dir), dir);
  }
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
