import { lstatSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type BuildResult, buildSite, outputDifferences, makeTempDir, removeDir } from "../support/build-site.ts";
import { assertPublishedWithout } from "../support/hostile.ts";

/*
 * A kind's folder of the build cache swapped for a symbolic link (docs/robustness.md): the
 * build must not read or write the kind's entries wherever the link points. The folder is
 * ignored with one warning line, the kind computed afresh, and the output is byte for byte a
 * build's from a fresh cache. Two kinds linked in one build (each folder is checked on its
 * own), against one build with a fresh cache. The configured root being a link is accepted
 * (tests/unit/util/build-cache.test.ts).
 */

const EPOCH = 1_790_000_000;
/** In the links' target folder's name: no output file may carry it. */
const MARKER = "hostile-cache-link-8w3m";
const LINKED = ["assets", "og"] as const;

const dirs: string[] = [];
let cacheDir: string;
let elsewhere: string;
let fresh: BuildResult;
let linked: BuildResult;

test.before(async () => {
  const freshCache = makeTempDir("cache");
  dirs.push(freshCache);
  fresh = await buildSite({ epoch: EPOCH, env: { FOLIO_CACHE_DIR: freshCache } });
  dirs.push(fresh.outDir);

  cacheDir = makeTempDir("cache");
  elsewhere = makeTempDir(MARKER);
  dirs.push(cacheDir, elsewhere);
  for (const kind of LINKED) {
    mkdirSync(join(elsewhere, kind));
    symlinkSync(join(elsewhere, kind), join(cacheDir, kind));
  }
  linked = await buildSite({ epoch: EPOCH, env: { FOLIO_CACHE_DIR: cacheDir } });
  dirs.push(linked.outDir);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
});

test("should ignore each linked kind folder with one warning and build what a fresh cache gives", () => {
  assertPublishedWithout(linked, MARKER);
  for (const kind of LINKED) {
    const path = JSON.stringify(join(cacheDir, kind));
    const lines = linked.output.split("\n").filter((line) => line.includes(path));
    assert.equal(
      lines,
      [
        `[folio] The build cache ${path} is a symbolic link, not a folder: it is ignored and this build computes everything afresh.`,
      ],
      linked.output,
    );
  }
  assert.equal(
    outputDifferences(fresh.outDir, linked.outDir),
    [],
    "every file byte-identical to the fresh cache's build",
  );
});

test("should write nothing where the links point, and leave the links as they are", () => {
  for (const kind of LINKED) {
    assert.equal(readdirSync(join(elsewhere, kind)), [], `nothing written through ${kind}`);
    assert.ok(lstatSync(join(cacheDir, kind)).isSymbolicLink(), `${kind} is still the link`);
  }
  // The other kinds are kept as usual.
  assert.ok(readdirSync(join(cacheDir, "icons")).length > 0, "the icons are kept in the cache");
});

test.run();
