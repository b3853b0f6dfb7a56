import { execFileSync } from "node:child_process";
import { lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { codeCacheEntry, codeCacheFileOf } from "../../../src/util/code-cache.mjs";
import { codeCacheChecks, codeDigestOf } from "../support/compiled-scripts.ts";
import {
  type BuildResult,
  buildSite,
  listFiles,
  outputDifferences,
  makeTempDir,
  removeDir,
} from "../support/build-site.ts";
import { assertPublishedWithout } from "../support/hostile.ts";

/*
 * The compiled scripts and V8's code caches (src/util/code-cache.mjs,
 * src/eleventy/compiled-eleventy.mjs) against a hostile or damaged build cache. Two cold builds
 * at once share one compiled folder and cache, outside the project, in a path with spaces and
 * non-ASCII letters: both succeed, byte for byte alike, and leave a code cache that checks beside
 * each compiled script. A warm build reads them. Then both code caches and the compiled Eleventy
 * are damaged at once (a FIFO, an entry of another V8 whose digest checks, a link to /dev/zero;
 * links, sparse files and folders where any cache file belongs are refused by the one read path,
 * tests/unit/util/build-cache.test.ts): one build must neither hang nor crash, publish the same
 * bytes and leave entries that check. Last,
 * with NODE_OPTIONS=--enable-source-maps (Node then reads each script's source map): a FIFO and
 * a link to /dev/zero where the maps belong hung the build.
 */

const EPOCH = 1_790_000_000;
/** In the compiled folder's path: no output file may carry it. */
const MARKER = "hostile-code-cache-ü €-5t8p";
/** What a successful build of the sample prints; anything else (a warning) is new. */
const EXPECTED_LINES = [/^\[github\] No GITHUB_TOKEN: using the GitHub snapshot of /, /^\[11ty\] Rendered \d+ files, /];

const dirs: string[] = [];
let root: string;
let compiled: string;
let cache: string;
let cold: BuildResult[];
/** Right after the race: partial files left, and the compiled scripts whose code cache does not check. */
let raceLeftovers: string[];
let raceUnchecked: string[];
let raceScripts: string[];
let warm: BuildResult;
let damaged: BuildResult;
let damages: Record<string, string>;
/** The entry of another V8 planted, whose digest checks: V8's own check must refuse it. */
let planted: { file: string; bytes: Buffer };
let withMaps: BuildResult;
let maps: string[];

/** The build's settings: the shared compiled folder and cache, and the environment's NODE_OPTIONS. */
const envOf = (nodeOptions = ""): Record<string, string> => ({
  FOLIO_COMPILED_DIR: compiled,
  FOLIO_CACHE_DIR: cache,
  NODE_OPTIONS: nodeOptions,
});

/** The compiled scripts that carry a code cache: the site module and Eleventy. */
function scripts(): string[] {
  return readdirSync(compiled)
    .filter((name) => /^(site|eleventy)-\w+\.cjs$/.test(name))
    .map((name) => join(compiled, name))
    .sort();
}

/** Whether the code cache beside `script` is a regular file whose digest checks for it. */
const checks = (script: string): boolean =>
  lstatSync(codeCacheFileOf(script), { throwIfNoEntry: false })?.isFile() === true && codeCacheChecks(script);

/** The output lines that are not one of a good build's usual lines. */
const unexpectedLines = (result: BuildResult): string[] =>
  result.output
    .split("\n")
    .filter((line) => line.trim() !== "" && !EXPECTED_LINES.some((pattern) => pattern.test(line)));

/** How `result`'s output differs from the first cold build's. */
const differingFrom = (result: BuildResult): string[] =>
  outputDifferences((cold[0] as BuildResult).outDir, result.outDir);

/**
 * The entry V8 made for `script`, as another V8 version would have made it: its version field
 * changed, with our digest over it, as that V8's build would have written it (the names of the
 * entries differ by version, but a copied or renamed cache, or a Node built from other sources,
 * puts one here). Only V8's own check can refuse it.
 */
function fromAnotherV8(script: string): Buffer {
  const kept = readFileSync(codeCacheFileOf(script));
  const data = Buffer.from(kept.subarray(32));
  // V8's code cache header: magic number, then the version hash (bytes 4 to 7).
  data.writeUInt32LE((data.readUInt32LE(4) ^ 0x5a5a5a5a) >>> 0, 4);
  return codeCacheEntry(codeDigestOf(script), data);
}

test.before(async () => {
  root = makeTempDir("code-cache");
  dirs.push(root);
  compiled = join(root, `dir with spaces/${MARKER}/compiled`);
  cache = join(root, `dir with spaces/${MARKER}/cache`);

  // Two builds at once from nothing: both compile, both write the code caches at exit.
  cold = await Promise.all([buildSite({ epoch: EPOCH, env: envOf() }), buildSite({ epoch: EPOCH, env: envOf() })]);
  dirs.push(...cold.map((result) => result.outDir));
  raceLeftovers = [...listFiles(compiled), ...listFiles(cache, "validators")].filter((file) => file.endsWith(".tmp"));
  raceScripts = scripts();
  raceUnchecked = raceScripts.filter((script) => !checks(script));
  warm = await buildSite({ epoch: EPOCH, env: envOf() });
  dirs.push(warm.outDir);

  // Every code cache damaged a different way, and the compiled Eleventy too.
  const [eleventy] = scripts().filter((file) => /\/eleventy-\w+\.cjs$/.test(file));
  const [site] = scripts().filter((file) => /\/site-\w+\.cjs$/.test(file));
  if (!eleventy || !site) throw new Error(`not every script was kept: ${scripts().join(", ")}`);
  planted = { file: codeCacheFileOf(site), bytes: fromAnotherV8(site) };
  damages = {
    [codeCacheFileOf(eleventy)]: "a FIFO",
    [codeCacheFileOf(site)]: "another V8's entry with a digest that checks",
    [eleventy]: "a link to /dev/zero",
  };
  for (const file of Object.keys(damages)) rmSync(file, { recursive: true, force: true });
  execFileSync("mkfifo", [codeCacheFileOf(eleventy)]);
  symlinkSync("/dev/zero", eleventy);
  writeFileSync(planted.file, planted.bytes);
  damaged = await buildSite({ epoch: EPOCH, env: envOf() });
  dirs.push(damaged.outDir);

  // Node reads the map each script's last line names when source maps are on.
  maps = [`${eleventy}.map`, `${site}.map`];
  for (const map of maps) rmSync(map, { force: true });
  execFileSync("mkfifo", [maps[0] as string]);
  symlinkSync("/dev/zero", maps[1] as string);
  withMaps = await buildSite({ epoch: EPOCH, env: envOf("--enable-source-maps") });
  dirs.push(withMaps.outDir);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
});

test("should build twice at once from cold into one compiled folder, alike and without a warning", () => {
  for (const result of [...cold, warm]) {
    assertPublishedWithout(result, MARKER);
    assert.equal(unexpectedLines(result), [], result.output);
  }
  assert.equal(differingFrom(cold[1] as BuildResult), [], "both builds publish the same bytes");
  assert.equal(differingFrom(warm), [], "a warm build publishes the same bytes");
});

test("should leave a code cache that checks beside each compiled script after the race, and no partial file", () => {
  assert.equal(raceLeftovers, []);
  assert.equal(raceUnchecked, []);
  assert.equal(
    raceScripts.map((file) => /\/(site|eleventy)-\w+\.cjs$/.exec(file)?.[1]),
    ["eleventy", "site"],
    "one compiled site module and one compiled Eleventy",
  );
});

test("should neither hang nor crash on damaged code caches and compiled Eleventy, and make each again", () => {
  assertPublishedWithout(damaged, MARKER);
  assert.equal(unexpectedLines(damaged), [], damaged.output);
  assert.equal(differingFrom(damaged), [], "the same bytes as the cold builds");
  for (const [file, how] of Object.entries(damages)) {
    if (!file.endsWith(".code")) continue;
    const script = file.slice(0, file.length - codeCacheFileOf("").length);
    assert.ok(checks(script), `${how} at ${file}: a code cache that checks is written in its place`);
  }
  assert.not.ok(readFileSync(planted.file).equals(planted.bytes), "another V8's entry is refused and written again");
  const eleventy = Object.keys(damages).find((file) => file.endsWith(".cjs")) as string;
  assert.ok(lstatSync(eleventy).isFile(), "the compiled Eleventy is a regular file again");
  assert.match(readFileSync(eleventy, "utf8"), /\n\/\/ folio-digest [0-9a-f]{64}\n$/);
});

test("should not wait on the source maps Node reads with --enable-source-maps, nor touch them", () => {
  assert.not.ok(withMaps.stderr.includes("[e2e] killed"), "the build hung");
  assertPublishedWithout(withMaps, MARKER);
  assert.equal(unexpectedLines(withMaps), [], withMaps.output);
  assert.equal(differingFrom(withMaps), [], "the same bytes as without source maps");
  assert.ok(lstatSync(maps[0] as string).isFIFO(), "the FIFO is left as it was");
  assert.ok(lstatSync(maps[1] as string).isSymbolicLink(), "the link is left as it was");
});

test.run();
