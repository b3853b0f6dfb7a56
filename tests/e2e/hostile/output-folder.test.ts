import { execFileSync } from "node:child_process";
import { cpSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type BuildResult, buildSite, copyContent, listFiles, makeTempDir, removeDir } from "../support/build-site.ts";
import { assertRefused } from "../support/hostile.ts";
import { SAMPLE_EPOCH, SAMPLE_SITE_URL, sampleSite } from "../support/sample-site.ts";

/*
 * The output folder against what a build cannot see in it (docs/robustness.md, "The output
 * folder"): a folder mounted inside the output the build replaces, which no file's metadata
 * shows (deleting the old output would reach through the mount), and a folder planted beside a
 * missing output under a killed build's set-aside name, which must not become the output.
 */

// The builds here have the shared sample build's inputs, so that build is the fresh one to compare with.
const EPOCH = SAMPLE_EPOCH;
/** In a planted folder named like a killed build's set-aside output. */
const PLANTED = "hostile-planted-3vd8";

const dirs: string[] = [];
/** The run's shared sample build (support/sample-site.ts): copied and compared with, never written. */
let fresh: string;
let out: string;
let volume: string;
let volumeBefore: string[];
let overMount: BuildResult | undefined;
let plantedOut: string;
let planted: BuildResult;

/** The mount points under `dir`, from Linux's mount table. */
const mountPointsIn = (dir: string): string[] =>
  readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((line) => line.split(" ")[4] ?? "")
    .filter((point) => point.startsWith(`${dir}/`));

test.before(async () => {
  fresh = await sampleSite();
  // The previous output, with a folder mounted over its blog/: a bind mount of the same disk
  // (mounting needs root, as the tests run; elsewhere the case is skipped and says so).
  const root = makeTempDir("mounted");
  dirs.push(root);
  out = join(root, "site");
  cpSync(fresh, out, { recursive: true });
  volume = join(root, "volume");
  cpSync(join(fresh, "blog"), volume, { recursive: true });
  writeFileSync(join(volume, "precious.txt"), "not the build's\n");
  volumeBefore = listFiles(volume);
  try {
    execFileSync("mount", ["--bind", volume, join(out, "blog")], { stdio: "ignore" });
  } catch {
    return;
  }
  overMount = await buildSite({ siteUrl: SAMPLE_SITE_URL, epoch: EPOCH, outDir: out });
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
  writeFileSync(join(content, "blog/posts/untitled.md"), "---\ndescription: No title.\ndate: 2026-05-01\n---\nBody.\n");
  planted = await buildSite({ epoch: EPOCH, contentDir: content, outDir: plantedOut });
});

test.after(() => {
  // Wherever the build left it.
  for (const dir of dirs) for (const point of mountPointsIn(dir)) execFileSync("umount", [point]);
  for (const dir of dirs) removeDir(dir);
});

test("should replace an output holding a mount point, and delete nothing beneath it", () => {
  if (!overMount) {
    console.log("  (skipped: mount --bind needs root)");
    return;
  }
  assert.is(overMount.status, 0, overMount.output);
  assert.match(overMount.output, "holds a mount point: it is left in place");
  assert.equal(listFiles(volume), volumeBefore, "nothing under the mount is deleted");
  assert.is(readFileSync(join(volume, "precious.txt"), "utf8"), "not the build's\n");
  assert.equal(listFiles(out), listFiles(fresh), "the output is a fresh build's");
});

test("should not make a planted set-aside folder the output of a build that fails", () => {
  assertRefused(planted, { mentions: ["Invalid content", "untitled.md"], hostile: PLANTED });
  assert.is(lstatSync(plantedOut, { throwIfNoEntry: false }), undefined, "still no output folder");
});

test.run();
