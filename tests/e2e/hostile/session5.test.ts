import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  lstatSync,
  mkdirSync,
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
import { spareFolder } from "../../../src/util/output-folder.mjs";
import {
  type BuildResult,
  buildSite,
  copyContent,
  listFiles,
  outputDifferences,
  makeTempDir,
  removeDir,
} from "../support/build-site.ts";
import { assertPublishedWithout, assertRefused } from "../support/hostile.ts";

/*
 * Session 5: a hostile build cache against today's performance changes (issue 17). The cache is
 * an input like any other (docs/robustness.md): an entry swapped for a symbolic link to a file
 * outside the cache, to /dev/zero, for a FIFO or a 1 GiB sparse file must never make the build
 * read or touch anything outside the cache, hang, or crash; each is made again, and the output
 * is byte for byte a build's from a sound cache. One warm build, then every damage at once in
 * a second build (each kind of entry is read independently, so one build shows them all). A
 * third build writes over a spare holding a mount point, which no file's metadata shows.
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
let spareOut: string;
let volume: string;
let volumeBefore: string[];
let mountedAt: string | undefined;
let overMount: BuildResult | undefined;
let plantedOut: string;
let planted: BuildResult;
/** In a planted folder named like a killed build's set-aside output. */
const PLANTED = "hostile-s5-planted-3vd8";

/** The mount points under any of `dirs`, from Linux's mount table. */
const mountPointsIn = (...dirs: string[]): string[] =>
  readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((line) => line.split(" ")[4] ?? "")
    .filter((point) => dirs.some((dir) => point === dir || point.startsWith(`${dir}/`)));

const entries = (kind: string): string[] => readdirSync(join(cacheDir, kind)).sort();

test.before(async () => {
  const root = makeTempDir("cache");
  dirs.push(root);
  cacheDir = join(root, `cache${CONTROL}`);
  const env = { FOLIO_CACHE_DIR: cacheDir };
  warm = await buildSite({ epoch: EPOCH, env });
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

  // The highlighted code: a 1 GiB sparse file.
  const blocks = join(cacheDir, "highlight", entries("highlight")[0] as string);
  writeFileSync(blocks, "");
  truncateSync(blocks, 1024 ** 3);

  attacked = await buildSite({ epoch: EPOCH, env });
  dirs.push(attacked.outDir);

  // The previous output, kept as the spare, with a folder mounted over its blog/: a bind mount
  // of the same disk, which no file's metadata tells apart (mounting needs root, as the tests
  // run; elsewhere the case is skipped and says so).
  const spareRoot = makeTempDir("spare");
  dirs.push(spareRoot);
  spareOut = join(spareRoot, "site");
  cpSync(warm.outDir, spareFolder(spareOut), { recursive: true });
  volume = join(spareRoot, "volume");
  cpSync(join(warm.outDir, "blog"), volume, { recursive: true });
  writeFileSync(join(volume, "precious.txt"), "not the build's\n");
  volumeBefore = listFiles(volume);
  try {
    execFileSync("mount", ["--bind", volume, join(spareFolder(spareOut), "blog")], { stdio: "ignore" });
    mountedAt = join(spareFolder(spareOut), "blog");
  } catch {
    return;
  }
  overMount = await buildSite({ epoch: EPOCH, env, outDir: spareOut });
});

test.before(async () => {
  // No output yet, and beside it a folder named like a killed build's set-aside output, which
  // no build wrote (no marker); the build then fails on a content error.
  const parent = makeTempDir("planted");
  dirs.push(parent);
  plantedOut = join(parent, "site");
  mkdirSync(join(parent, ".site.old-999999-5e55"));
  writeFileSync(join(parent, ".site.old-999999-5e55", "index.html"), `<p>${PLANTED}</p>\n`);
  const content = copyContent();
  dirs.push(content);
  writeFileSync(
    join(content, "blog/posts/untitled-h5.md"),
    "---\ndescription: No title.\ndate: 2026-05-01\n---\nBody.\n",
  );
  planted = await buildSite({ epoch: EPOCH, contentDir: content, outDir: plantedOut });
});

test.after(() => {
  // Wherever the build left it: a build before the fix moved it into the output.
  if (mountedAt) for (const point of mountPointsIn(spareOut, spareFolder(spareOut))) execFileSync("umount", [point]);
  for (const dir of dirs) removeDir(dir);
});

test("should build from links, FIFOs and huge files in the cache exactly what a sound cache gives", () => {
  assertPublishedWithout(attacked, MARKER);
  assert.equal(outputDifferences(warm.outDir, attacked.outDir), [], "every file byte-identical to the warm build's");
});

test("should neither read nor touch the file a cache entry links to", () => {
  assert.is(statSync(outside).mtimeMs, outsideTime, "the outside file's time stamp is untouched");
  // Every planted entry is replaced by a regular file made again.
  for (const kind of ["icons", "assets", "og", "validators", "highlight"]) {
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
  assert.equal(said("highlight").length, 1, attacked.output);
  assert.match(said("highlight")[0] as string, /is larger than 64 MiB: it is made again/);
  for (const kind of ["icons", "og", "assets", "validators"]) {
    assert.is(said(kind).length, 1, `${kind}: ${attacked.output}`);
    assert.match(said(kind)[0] as string, /is not a regular file|does not match its digest/);
  }
  assert.not.ok(attacked.output.includes(CONTROL), "no control character reaches the terminal");
});

test("should leave alone a spare holding a mount point, and every file beneath it", () => {
  if (!overMount) {
    console.log("  (skipped: mount --bind needs root)");
    return;
  }
  assert.is(overMount.status, 0, overMount.output);
  assert.equal(listFiles(volume), volumeBefore, "nothing under the mount is deleted");
  assert.is(readFileSync(join(volume, "precious.txt"), "utf8"), "not the build's\n");
  const files = listFiles(warm.outDir);
  assert.equal(listFiles(spareOut), files, "the output is a fresh build's");
  assert.ok(lstatSync(join(spareFolder(spareOut), "blog", "precious.txt")).isFile(), "the spare is left as it was");
});

test("should not make a planted set-aside folder the output of a build that fails", () => {
  assertRefused(planted, { mentions: ["Invalid content", "untitled-h5.md"], hostile: PLANTED });
  assert.is(lstatSync(plantedOut, { throwIfNoEntry: false }), undefined, "still no output folder");
  // The closing line of a build that passed (portfolio-plugin.ts; links.test.ts: not of one that did not).
  assert.match(warm.output, /Rendered \d+ files, wrote \d+/);
});

test.run();
