import { lstatSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  type BuildResult,
  buildSite,
  listFiles,
  outputDifferences,
  makeTempDir,
  removeDir,
} from "../support/build-site.ts";
import { keepEntry } from "../../../src/util/build-cache.ts";
import { assertPublishedWithout } from "../support/hostile.ts";

/*
 * A kind's folder of the build cache swapped for a symbolic link (docs/robustness.md): the
 * build must not read or write the kind's entries wherever the link points. The folder is
 * ignored with one warning line, the kind computed afresh, and the output is byte for byte a
 * build's from a fresh cache. Every kind linked in one build (each folder is checked on its
 * own) to a folder that holds a warm cache's entries, against one build with a fresh cache.
 * The configured root being a link is accepted (tests/unit/util/build-cache.test.ts).
 */

const EPOCH = 1_790_000_000;
/** In the links' target folder's name: no output file may carry it. */
const MARKER = "hostile-cache-link-8w3m";
const LINKED = ["og", "images", "icons", "assets", "validators", "highlight", "manifest"] as const;

const dirs: string[] = [];
let cacheDir: string;
let elsewhere: string;
let fresh: BuildResult;
let linked: BuildResult;
/** Every file where the links point, and its bytes, before the linked build. */
let before: string[][];

test.before(async () => {
  const freshCache = makeTempDir("cache");
  dirs.push(freshCache);
  fresh = await buildSite({ epoch: EPOCH, env: { FOLIO_CACHE_DIR: freshCache } });
  dirs.push(fresh.outDir);

  cacheDir = makeTempDir("cache");
  elsewhere = makeTempDir(MARKER);
  dirs.push(cacheDir, elsewhere);
  // Where the links point: the fresh build's entries, each value with the marker after it and
  // kept soundly (its digest right), so that a build reading one would publish it or rewrite it.
  for (const kind of LINKED) {
    for (const name of readdirSync(join(freshCache, kind))) {
      const value = readFileSync(join(freshCache, kind, name)).subarray(65);
      keepEntry(join(elsewhere, kind), name, Buffer.concat([value, Buffer.from(MARKER)]));
    }
    symlinkSync(join(elsewhere, kind), join(cacheDir, kind));
  }
  before = listFiles(elsewhere).map((file) => [file, readFileSync(join(elsewhere, file)).toString("base64")]);
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
  assert.equal(
    listFiles(elsewhere).map((file) => [file, readFileSync(join(elsewhere, file)).toString("base64")]),
    before,
    "nothing written or removed through a link",
  );
  for (const kind of LINKED) assert.ok(lstatSync(join(cacheDir, kind)).isSymbolicLink(), `${kind} is still the link`);
});

test.run();
