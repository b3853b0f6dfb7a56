import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  folderProblem,
  isFolder,
  keepInBuildCache,
  warnCacheOnce,
  warnUnusableCache,
} from "../../../src/util/cache-entries.mjs";

/*
 * The warnings are said once per path per process, so each test works in a fresh temp folder:
 * its paths were never warned about.
 */
function withWarnings(run: (dir: string, warnings: string[]) => void): () => void {
  return () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-cache-entries-"));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
    try {
      run(dir, warnings);
    } finally {
      console.warn = warn;
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

test(
  "should create a missing cache folder and find no problem with it",
  withWarnings((dir) => {
    const folder = join(dir, "a", "b");

    assert.is(folderProblem(folder), null);
    assert.ok(statSync(folder).isDirectory());
  }),
);

test(
  "should name the file that stands where a parent folder belongs",
  withWarnings((dir) => {
    writeFileSync(join(dir, "cache"), "not a folder\n");

    const problem = folderProblem(join(dir, "cache", "og", "deeper"));

    assert.equal(problem, { path: join(dir, "cache"), reason: "is a file, not a folder" });
  }),
);

test(
  "should refuse a folder below the root that is a symbolic link, creating nothing where it points",
  withWarnings((dir) => {
    const root = join(dir, "cache");
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(root);
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(root, "og"));

    const problems = [folderProblem(join(root, "og"), { root }), folderProblem(join(root, "og", "deeper"), { root })];

    const refused = { path: join(root, "og"), reason: "is a symbolic link, not a folder" };
    assert.equal(problems, [refused, refused]);
    assert.equal(readdirSync(elsewhere), []);
  }),
);

test(
  "should accept a root that is a symbolic link or lies under one, and a folder with no root given",
  withWarnings((dir) => {
    const mount = join(dir, "mount");
    mkdirSync(mount);
    symlinkSync(mount, join(dir, "link"));
    const root = join(dir, "link", "cache");

    const problems = [
      folderProblem(join(root, "og"), { root }),
      folderProblem(join(dir, "link", "og"), { root: join(dir, "link") }),
      folderProblem(join(dir, "link")),
    ];

    assert.equal(problems, [null, null, null]);
    assert.equal(readdirSync(mount).sort(), ["cache", "og"]);
    assert.ok(statSync(join(mount, "cache", "og")).isDirectory());
  }),
);

test(
  "should tell a folder from a file and from nothing",
  withWarnings((dir) => {
    writeFileSync(join(dir, "file"), "");

    assert.equal(
      [isFolder(dir), isFolder(join(dir, "file")), isFolder(join(dir, "missing"))],
      [true, false, undefined],
    );
  }),
);

test(
  "should keep an entry, replacing a folder that stands in its place, and say nothing",
  withWarnings((dir, warnings) => {
    const entry = join(dir, "pgp", "key.json");
    mkdirSync(join(entry, "inside"), { recursive: true });

    const kept = keepInBuildCache(entry, "{}\n");

    assert.ok(kept);
    assert.is(readFileSync(entry, "utf8"), "{}\n");
    assert.equal(readdirSync(join(dir, "pgp")), ["key.json"]);
    assert.equal(warnings, []);
  }),
);

test(
  "should say once per folder that entries cannot be kept, without claiming everything is computed afresh",
  withWarnings((dir, warnings) => {
    writeFileSync(join(dir, "og"), "not a folder\n");

    const kept = [keepInBuildCache(join(dir, "og", "a.png"), "a"), keepInBuildCache(join(dir, "og", "b.png"), "b")];

    assert.equal(kept, [false, false]);
    assert.is(warnings.length, 1, warnings.join("\n"));
    // mkdir says EEXIST or ENOTDIR, depending on the platform.
    assert.match(
      warnings[0] ?? "",
      new RegExp(
        `^\\[folio\\] The build cache ${JSON.stringify(join(dir, "og")).replace(/[\\[\]().*+?^$|]/g, "\\$&")} cannot be written \\(E[A-Z]+\\): this build goes on without keeping its entries there, and the next build computes them again\\.$`,
      ),
    );
    assert.not.match(warnings[0] ?? "", "afresh");
    assert.is(readFileSync(join(dir, "og"), "utf8"), "not a folder\n");
  }),
);

test(
  "should say that an unusable folder is ignored and everything computed afresh",
  withWarnings((dir, warnings) => {
    warnUnusableCache(join(dir, "cache"), "is a file, not a folder");

    assert.equal(warnings, [
      `[folio] The build cache ${JSON.stringify(join(dir, "cache"))} is a file, not a folder: it is ignored and this build computes everything afresh.`,
    ]);
  }),
);

test(
  "should warn once per path, whichever sentence comes second",
  withWarnings((dir, warnings) => {
    const path = join(dir, "cache");
    warnUnusableCache(path, "is a file, not a folder");
    warnCacheOnce(path, (name) => `Something else about ${name}.`);
    warnCacheOnce(join(dir, "other"), (name) => `Something else about ${name}.`);

    assert.is(warnings.length, 2, warnings.join("\n"));
    assert.is(warnings[1], `[folio] Something else about ${JSON.stringify(join(dir, "other"))}.`);
  }),
);

test(
  "should show a path inside the working folder relative to it, without control characters",
  withWarnings((dir, warnings) => {
    const inside = join(process.cwd(), `node_modules/.folio-test-${relative(tmpdir(), dir)}-\u001b[31m`);

    warnCacheOnce(inside, (name) => `The cache ${name}.`);

    assert.equal(warnings, [
      `[folio] The cache ${JSON.stringify(relative(process.cwd(), inside).replace("\u001b", ""))}.`,
    ]);
  }),
);

test.run();
