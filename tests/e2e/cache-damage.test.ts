import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, listFiles, makeTempDir, removeDir, stackTraceLines, type BuildResult } from "./support/build-site.ts";

/*
 * A build cache that was deleted, damaged or replaced never changes the output (docs/robustness.md).
 * One cold build makes the reference output and a warm cache; each other build starts from a
 * copy of that cache with every entry of every kind damaged one way, and must write the very
 * same files. The compiled module and its manifest are not independent (a damaged manifest means
 * the module is never looked at), so the manifest is damaged in builds of its own.
 */

const SITE_URL = "https://margo.example";
const EPOCH = 1_795_000_000;

type Damage = "empty" | "truncated" | "garbage" | "wrong" | "folder";
const DAMAGES: readonly Damage[] = ["empty", "truncated", "garbage", "wrong", "folder"];

/** One build's cache folders: FOLIO_CACHE_DIR and FOLIO_COMPILED_DIR. */
interface Caches {
  cache: string;
  compiled: string;
}

interface Run {
  name: string;
  caches: Caches;
  /** Each damaged entry and the bytes it held before (null: it was made a folder). */
  damaged: Map<string, Buffer>;
  result?: BuildResult;
}

const work = makeTempDir("cache-damage");
const coldCaches: Caches = { cache: join(work, "cold/cache"), compiled: join(work, "cold/compiled") };
let cold: BuildResult;
const runs: Run[] = [];
/** `.cache` is a file: FOLIO_CACHE_DIR is one, and FOLIO_COMPILED_DIR lies beneath it. */
const cacheFile = join(work, "cache-file");
let fileRun: BuildResult;
const CACHE_FILE_TEXT = "a file where the cache folder belongs\n";

function build(caches: Caches): Promise<BuildResult> {
  return buildSite({ siteUrl: SITE_URL, epoch: EPOCH, env: { FOLIO_CACHE_DIR: caches.cache, FOLIO_COMPILED_DIR: caches.compiled } });
}

/** A warm cache copied from the cold build's. */
function warmCopy(name: string): Caches {
  const caches = { cache: join(work, name, "cache"), compiled: join(work, name, "compiled") };
  cpSync(coldCaches.cache, caches.cache, { recursive: true });
  cpSync(coldCaches.compiled, caches.compiled, { recursive: true });
  return caches;
}

/** Every entry of a kind of the social-image, validator, highlight and key-fingerprint caches. */
function entries(dir: string, ending: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(ending)).sort().map((name) => join(dir, name)) : [];
}

function compiledModule(caches: Caches): string {
  const manifest = JSON.parse(readFileSync(join(caches.compiled, "manifest.json"), "utf8")) as { module: string };
  return join(caches.compiled, manifest.module);
}

/** A valid ES module with the compiled module's exports, which builds an empty site. */
const WRONG_MODULE = [
  "export const portfolioPlugin = () => {};",
  "export const devServerPlugin = () => {};",
  "export const ogImagesPlugin = () => {};",
  `export const readSiteConfig = () => ({ basePath: "" });`,
  "export const templates = {};",
  "export const data = {};",
  "",
].join("\n");

/** Bytes that look like nothing, as long as the entry was. */
function garbage(length: number): Buffer {
  const chunks: Buffer[] = [];
  let block = createHash("sha256").update("garbage").digest();
  for (let size = 0; size < Math.max(length, 1); size += block.length) {
    chunks.push(block);
    block = createHash("sha256").update(block).digest();
  }
  return Buffer.concat(chunks).subarray(0, Math.max(length, 1));
}

/** What a well-formed but wrong entry of each kind holds. */
type WrongEntry = (file: string, siblings: readonly string[]) => Buffer;

/** Another entry of the same kind: a valid file of its format, for another input. */
const anotherEntry: WrongEntry = (file, siblings) => {
  const other = siblings[(siblings.indexOf(file) + 1) % siblings.length];
  if (!other || other === file) throw new Error(`${file} has no sibling to swap with`);
  return readFileSync(other);
};

/** The highlight file's JSON with every block's HTML changed, its digest line (if any) kept. */
const wrongHighlight: WrongEntry = (file) => {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf("{");
  const blocks = JSON.parse(text.slice(start)) as Record<string, string>;
  for (const key of Object.keys(blocks)) blocks[key] = `<span class="hljs-keyword">wrong</span>`;
  return Buffer.from(`${text.slice(0, start)}${JSON.stringify(blocks)}`);
};

/** The fingerprint record with another well-formed fingerprint, its other fields kept. */
const wrongFingerprint: WrongEntry = (file) => {
  const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  return Buffer.from(`${JSON.stringify({ ...record, fingerprint: "0123456789ABCDEF0123456789ABCDEF01234567" })}\n`);
};

function damage(file: string, how: Damage, wrong: () => Buffer, damaged: Map<string, Buffer>): void {
  const before = readFileSync(file);
  damaged.set(file, before);
  if (how === "folder") {
    rmSync(file);
    mkdirSync(join(file, "inside"), { recursive: true });
    writeFileSync(join(file, "inside", "file.txt"), "a folder where a cache file belongs\n");
    return;
  }
  const bytes = how === "empty" ? Buffer.alloc(0) : how === "truncated" ? before.subarray(0, Math.floor(before.length / 2)) : how === "garbage" ? garbage(before.length) : wrong();
  writeFileSync(file, bytes);
}

/** Every entry of every kind but the manifest, damaged `how`. */
function damageEntries(caches: Caches, how: Damage): Map<string, Buffer> {
  const damaged = new Map<string, Buffer>();
  const kinds: [string[], WrongEntry][] = [
    [entries(join(caches.cache, "og"), ".png"), anotherEntry],
    [entries(join(caches.cache, "validators"), ".cjs"), anotherEntry],
    [entries(join(caches.cache, "highlight"), ".json"), wrongHighlight],
    [entries(join(caches.cache, "pgp"), ".json"), wrongFingerprint],
    [[compiledModule(caches)], () => Buffer.from(WRONG_MODULE)],
  ];
  // Each kind's swaps read the pristine siblings first, so every entry is wrong afterwards.
  for (const [files, wrong] of kinds) {
    const wrongs = new Map(how === "wrong" ? files.map((file) => [file, wrong(file, files)]) : []);
    for (const file of files) damage(file, how, () => wrongs.get(file) ?? Buffer.alloc(0), damaged);
  }
  return damaged;
}

/** The manifest damaged `how`; "wrong" points a well-formed manifest at a decoy module. */
function damageManifest(caches: Caches, how: Damage): Map<string, Buffer> {
  const damaged = new Map<string, Buffer>();
  const file = join(caches.compiled, "manifest.json");
  damage(file, how, () => {
    const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const decoy = "site-00000000000000000000.mjs";
    writeFileSync(join(caches.compiled, decoy), WRONG_MODULE);
    // As a build would record it, so only the check that the name is the sources' catches it.
    const moduleHash = createHash("sha256").update(WRONG_MODULE).digest("hex").slice(0, 20);
    return Buffer.from(JSON.stringify({ ...manifest, module: decoy, moduleHash }));
  }, damaged);
  return damaged;
}

const CACHE_FOLDERS = ["og", "validators", "highlight", "pgp"];

/** A file where each of FOLIO_CACHE_DIR's folders belongs. */
function filesForFolders(caches: Caches): void {
  for (const name of CACHE_FOLDERS) {
    rmSync(join(caches.cache, name), { recursive: true, force: true });
    writeFileSync(join(caches.cache, name), `a file where the ${name} folder belongs\n`);
  }
}

async function inPairs(jobs: (() => Promise<void>)[]): Promise<void> {
  let next = 0;
  await Promise.all([0, 1].map(async () => {
    while (next < jobs.length) await jobs[next++]!();
  }));
}

test.before(async () => {
  cold = await build(coldCaches);
  if (cold.status !== 0) return;
  for (const how of DAMAGES) {
    const caches = warmCopy(`entries-${how}`);
    runs.push({ name: `every entry ${how}`, caches, damaged: damageEntries(caches, how) });
  }
  for (const how of DAMAGES) {
    const caches = warmCopy(`manifest-${how}`);
    const damaged = damageManifest(caches, how);
    if (how === "empty") filesForFolders(caches);
    runs.push({ name: `manifest ${how}${how === "empty" ? ", files where the cache's folders belong" : ""}`, caches, damaged });
  }
  writeFileSync(cacheFile, CACHE_FILE_TEXT);
  await inPairs([
    ...runs.map((run) => async () => {
      run.result = await build(run.caches);
    }),
    async () => {
      fileRun = await build({ cache: cacheFile, compiled: join(cacheFile, "compiled") });
    },
  ]);
});

test.after(() => {
  for (const result of [cold, fileRun, ...runs.map((run) => run.result)]) if (result) removeDir(result.outDir);
  removeDir(work);
});

/** Files whose bytes differ from the cold build's, and files only one of the two has. */
function differences(outDir: string): string[] {
  const expected = listFiles(cold.outDir);
  const actual = listFiles(outDir);
  const missing = expected.filter((file) => !actual.includes(file)).map((file) => `missing ${file}`);
  const extra = actual.filter((file) => !expected.includes(file)).map((file) => `extra ${file}`);
  const changed = expected.filter((file) => actual.includes(file) && !readFileSync(join(cold.outDir, file)).equals(readFileSync(join(outDir, file))));
  return [...missing, ...extra, ...changed.map((file) => `changed ${file}`)];
}

test("should build cold with exit code 0 and fill every cache kind", () => {
  assert.is(cold.status, 0, cold.output);
  assert.ok(listFiles(cold.outDir).length > 100);
  for (const kind of CACHE_FOLDERS) assert.ok(listFiles(join(coldCaches.cache, kind)).length > 0, `no ${kind} entries`);
  assert.ok(existsSync(join(coldCaches.compiled, "manifest.json")));
});

test("should damage at least two entries of each swappable kind", () => {
  const damaged = [...(runs[0]?.damaged.keys() ?? [])];
  assert.ok(damaged.filter((file) => file.endsWith(".png")).length >= 2);
  assert.ok(damaged.filter((file) => file.endsWith(".cjs")).length >= 2);
});

for (const how of [...DAMAGES.map((d) => `every entry ${d}`), ...DAMAGES.map((d) => `manifest ${d}`)]) {
  test(`should write the cold build's output, byte for byte, with ${how}`, () => {
    const run = runs.find((candidate) => candidate.name.startsWith(how));
    assert.ok(run?.result, "the build ran");
    assert.is(run.result.status, 0, run.result.output);
    assert.equal(stackTraceLines(run.result.output), []);
    assert.equal(differences(run.result.outDir), [], run.result.output);
  });
}

/**
 * Whether a damaged entry was put right: rewritten as it was, or removed. The compiled module and
 * its manifest depend on the repository's sources, which may change between the cold build and
 * this one (others work in the same checkout): there, the manifest must name a module file that
 * is there, and a damaged module must no longer be the one it names.
 */
function repaired(run: Run, file: string, before: Buffer): boolean {
  if (!existsSync(file)) return true;
  if (statSync(file).isFile() && readFileSync(file).equals(before)) return true;
  const manifestFile = join(run.caches.compiled, "manifest.json");
  if (!file.startsWith(run.caches.compiled) || !statSync(manifestFile, { throwIfNoEntry: false })?.isFile()) return false;
  const named = join(run.caches.compiled, (JSON.parse(readFileSync(manifestFile, "utf8")) as { module: string }).module);
  return statSync(named, { throwIfNoEntry: false })?.isFile() === true && (file === manifestFile || file !== named);
}

test("should repair every damaged entry", () => {
  const unrepaired = runs.flatMap((run) => [...run.damaged].filter(([file, before]) => !repaired(run, file, before)).map(([file]) => `${run.name}: ${file}`));
  assert.equal(unrepaired, []);
});

test("should say once for each cache folder that a file stands where it belongs, and leave the file", () => {
  const run = runs.find((candidate) => candidate.name.startsWith("manifest empty"));
  assert.ok(run?.result);
  const warnings = run.result.output.split("\n").filter((line) => line.startsWith("[folio] The build cache"));
  assert.is(warnings.length, CACHE_FOLDERS.length, run.result.output);
  for (const name of CACHE_FOLDERS) {
    assert.ok(warnings.some((line) => line.includes(`${join(run.caches.cache, name)}" is a file, not a folder`)), name);
    assert.is(readFileSync(join(run.caches.cache, name), "utf8"), `a file where the ${name} folder belongs\n`);
  }
});

test("should build the cold build's output with `.cache` a file, saying so in one line", () => {
  assert.is(fileRun.status, 0, fileRun.output);
  assert.equal(differences(fileRun.outDir), []);
  const warnings = fileRun.output.split("\n").filter((line) => line.startsWith("[folio]"));
  assert.equal(warnings, [`[folio] The build cache ${JSON.stringify(cacheFile)} is a file, not a folder: it is ignored and this build computes everything afresh.`]);
  assert.is(readFileSync(cacheFile, "utf8"), CACHE_FILE_TEXT);
});

test.run();
