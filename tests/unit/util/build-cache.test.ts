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
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildCacheDir, keepInBuildCache, useBuildCache } from "../../../src/util/build-cache.ts";

/** Runs `run` with a fresh temp folder and the warnings it prints; the cache is unset after. */
function withWarnings(run: (dir: string, warnings: string[]) => void): () => void {
  return () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-build-cache-"));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => warnings.push(line);
    try {
      run(dir, warnings);
    } finally {
      console.warn = warn;
      useBuildCache(undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

const ignored = (path: string, reason: string): string =>
  `[folio] The build cache ${JSON.stringify(path)} ${reason}: it is ignored and this build computes everything afresh.`;

test("should have no cache folder when no cache is set", () => {
  useBuildCache(undefined);
  assert.is(buildCacheDir("og"), undefined);
});

test(
  "should create a cache folder on first use",
  withWarnings((dir, warnings) => {
    useBuildCache(join(dir, "cache"));

    const og = buildCacheDir("og");

    assert.is(og, join(dir, "cache", "og"));
    assert.ok(statSync(join(dir, "cache", "og")).isDirectory());
    assert.equal(warnings, []);
  }),
);

test(
  "should ignore every folder of a cache that is a file, and say so once",
  withWarnings((dir, warnings) => {
    const file = join(dir, "cache");
    writeFileSync(file, "not a folder\n");
    useBuildCache(file);

    const folders = ["og", "validators", "pgp", "og"].map((name) => buildCacheDir(name));

    assert.equal(folders, [undefined, undefined, undefined, undefined]);
    assert.equal(warnings, [ignored(file, "is a file, not a folder")]);
    assert.is(readFileSync(file, "utf8"), "not a folder\n");
  }),
);

test(
  "should ignore only the folder that a file stands in for",
  withWarnings((dir, warnings) => {
    mkdirSync(join(dir, "cache"));
    writeFileSync(join(dir, "cache", "og"), "not a folder\n");
    useBuildCache(join(dir, "cache"));

    assert.is(buildCacheDir("og"), undefined);
    assert.is(buildCacheDir("pgp"), join(dir, "cache", "pgp"));
    assert.equal(warnings, [ignored(join(dir, "cache", "og"), "is a file, not a folder")]);
  }),
);

test(
  "should ignore a kind's folder that is a symbolic link, say so once and write nothing where it points",
  withWarnings((dir, warnings) => {
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(join(dir, "cache"));
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(dir, "cache", "og"));
    useBuildCache(join(dir, "cache"));

    const folders = [buildCacheDir("og"), buildCacheDir("pgp"), buildCacheDir("og")];

    assert.equal(folders, [undefined, join(dir, "cache", "pgp"), undefined]);
    assert.equal(warnings, [ignored(join(dir, "cache", "og"), "is a symbolic link, not a folder")]);
    assert.equal(readdirSync(elsewhere), []);
  }),
);

test(
  "should use a cache whose configured folder is a symbolic link",
  withWarnings((dir, warnings) => {
    const mount = join(dir, "mount");
    mkdirSync(mount);
    symlinkSync(mount, join(dir, "cache"));
    useBuildCache(join(dir, "cache"));

    const og = buildCacheDir("og");

    assert.is(og, join(dir, "cache", "og"));
    assert.ok(statSync(join(mount, "og")).isDirectory());
    assert.equal(warnings, []);
  }),
);

test(
  "should replace a folder that stands where a cache entry belongs",
  withWarnings((dir, warnings) => {
    const entry = join(dir, "og", "entry.png");
    mkdirSync(join(entry, "inside"), { recursive: true });

    keepInBuildCache(entry, "bytes");

    assert.is(readFileSync(entry, "utf8"), "bytes");
    assert.equal(warnings, []);
  }),
);

test(
  "should warn, not fail, when an entry cannot be written",
  withWarnings((dir, warnings) => {
    writeFileSync(join(dir, "og"), "not a folder\n");

    keepInBuildCache(join(dir, "og", "entry.png"), "bytes");
    keepInBuildCache(join(dir, "og", "other.png"), "bytes");

    // mkdir says EEXIST or ENOTDIR, depending on the platform.
    assert.is(warnings.length, 1);
    assert.match(warnings[0] ?? "", `${JSON.stringify(join(dir, "og"))} cannot be written (E`);
    assert.match(warnings[0] ?? "", "this build goes on without keeping its entries there");
  }),
);

test.run();
