import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  lstatSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { keepEntry } from "../../../src/util/build-cache.ts";
import { type BuildResult, buildSite, outputDifferences, makeTempDir, removeDir } from "../support/build-site.ts";
import { assertPublishedWithout } from "../support/hostile.ts";
import { copyContentWithSmallImages, keepOnlyProjects } from "../support/small-images.ts";

/*
 * A hostile build cache. The cache is an input like any other (docs/robustness.md): an entry
 * swapped for a symbolic link to a file outside the cache, to /dev/zero, for a FIFO or a 1 GiB
 * sparse file must never make the build read or touch anything outside the cache, hang, or
 * crash; each is made again, and the output is byte for byte a build's from a sound cache. One
 * warm build, then every damage at once in a second build (each kind of entry is read
 * independently, so one build shows them all). The image renditions are not attacked here
 * (cache-damage.test.ts damages them), so the sample's photos are small: the warm build, from
 * an empty cache, would otherwise spend most of its time encoding them. Three projects: four
 * social images to render, not 37.
 */

const EPOCH = 1_790_000_000;
/** In the cache folder's name: the warnings that name a cache file must not pass it to the terminal. */
const CONTROL = "\u001b[31m";
/** Appended to a forged social image outside the cache: no output file may carry it. */
const MARKER = "hostile-s5-og-7q2k";

const dirs: string[] = [];
let cacheDir: string;
let outside: string;
let outsideTime: number;
let warm: BuildResult;
let attacked: BuildResult;

const entries = (kind: string): string[] => readdirSync(join(cacheDir, kind)).sort();

test.before(async () => {
  const root = makeTempDir("cache");
  dirs.push(root);
  cacheDir = join(root, `cache${CONTROL}`);
  const contentDir = await copyContentWithSmallImages();
  keepOnlyProjects(contentDir, ["kestrel-os", "hl7.lint", "fuzzbucket"]);
  dirs.push(contentDir);
  const env = { FOLIO_CACHE_DIR: cacheDir };
  warm = await buildSite({ epoch: EPOCH, contentDir, env });
  dirs.push(warm.outDir);
  assert.is(warm.status, 0, warm.output);

  // Icons: a link to a sound copy outside the cache (its digest right), a FIFO (no writer ever
  // comes), a link to /dev/zero and a 1 GiB sparse file, each under an entry's name.
  const icons = entries("icons").map((name) => join(cacheDir, "icons", name));
  assert.is(icons.length, 4);
  outside = join(root, "outside.png");
  copyFileSync(icons[0] as string, outside);
  utimesSync(outside, new Date(2001, 0, 1), new Date(2001, 0, 1));
  outsideTime = statSync(outside).mtimeMs;
  for (const icon of icons) rmSync(icon);
  symlinkSync(outside, icons[0] as string);
  execFileSync("mkfifo", [icons[1] as string]);
  symlinkSync("/dev/zero", icons[2] as string);
  writeFileSync(icons[3] as string, "");
  truncateSync(icons[3] as string, 1024 ** 3);

  // A social image: a link to a sound entry outside the cache (its digest right) that is the
  // card's PNG with a marker after its end, so that only the link gives it away.
  const ogKey = entries("og")[0] as string;
  const og = join(cacheDir, "og", ogKey);
  const forgedFolder = join(root, "forged");
  keepEntry(forgedFolder, ogKey, Buffer.concat([readFileSync(og).subarray(65), Buffer.from(MARKER)]));
  rmSync(og);
  symlinkSync(join(forgedFolder, ogKey), og);

  // The minified texts: one a FIFO, the other cut short.
  const [css, js] = entries("assets").map((name) => join(cacheDir, "assets", name));
  rmSync(css as string);
  execFileSync("mkfifo", [css as string]);
  writeFileSync(js as string, readFileSync(js as string).subarray(0, 80));

  // The compiled validators: one file a FIFO, the other a link to /dev/zero (code the build
  // would run: each must be compiled afresh, not waited on for good).
  const validators = entries("validators").map((name) => join(cacheDir, "validators", name));
  assert.ok(validators.length >= 1, "validators are cached");
  rmSync(validators[0] as string);
  execFileSync("mkfifo", [validators[0] as string]);
  if (validators[1]) {
    rmSync(validators[1]);
    symlinkSync("/dev/zero", validators[1]);
  }

  // The rendered Markdown: every entry a 1 GiB sparse file, so every document is rendered again.
  for (const name of entries("markdown")) {
    writeFileSync(join(cacheDir, "markdown", name), "");
    truncateSync(join(cacheDir, "markdown", name), 1024 ** 3);
  }

  attacked = await buildSite({ epoch: EPOCH, contentDir, env });
  dirs.push(attacked.outDir);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
});

test("should build from links, FIFOs and huge files in the cache exactly what a sound cache gives", () => {
  assertPublishedWithout(attacked, MARKER);
  assert.equal(outputDifferences(warm.outDir, attacked.outDir), [], "every file byte-identical to the warm build's");
});

test("should neither read nor touch the file a cache entry links to", () => {
  assert.is(statSync(outside).mtimeMs, outsideTime, "the outside file's time stamp is untouched");
  // Every planted entry is replaced by a regular file made again.
  for (const kind of ["icons", "assets", "og", "validators", "markdown"]) {
    for (const name of entries(kind)) {
      const stats = lstatSync(join(cacheDir, kind, name));
      assert.ok(stats.isFile() && stats.size < 1024 ** 2, `${kind}/${name} is a small regular file again`);
    }
  }
});

test("should say once per folder which cache entry was refused, without the control characters of its path", () => {
  const lines = attacked.output.split("\n");
  const said = (kind: string): string[] =>
    lines.filter((line) => new RegExp(`The build cache entry ".*/${kind}/[0-9a-f]{64}" `).test(line));
  assert.equal(said("markdown").length, 1, attacked.output);
  assert.match(said("markdown")[0] as string, /is larger than 64 MiB: it is made again/);
  for (const kind of ["icons", "og", "assets", "validators"]) {
    assert.is(said(kind).length, 1, `${kind}: ${attacked.output}`);
    assert.match(said(kind)[0] as string, /is not a regular file|does not match its digest/);
  }
  assert.not.ok(attacked.output.includes(CONTROL), "no control character reaches the terminal");
});

test.run();
