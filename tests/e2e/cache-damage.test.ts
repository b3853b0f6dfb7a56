import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startFakeGithub, type FakeGithub } from "../support/fake-github.ts";
import {
  buildSite,
  listFiles,
  outputDifferences,
  makeTempDir,
  removeDir,
  sampleContentDir,
  stackTraceLines,
  type BuildResult,
} from "./support/build-site.ts";
import { copyContentWithSmallImages, keepOnlyProjects } from "./support/small-images.ts";

/*
 * A build cache that was deleted, damaged or replaced never changes the output (docs/robustness.md).
 * One cold build makes the reference output and a warm cache; each other build starts from a
 * copy of that cache with entries damaged, and must write the very same files. The first damages
 * every entry of every kind, the five damages in turn (entry i of a kind the i-th damage, cycling);
 * each next one shifts the cycle by one and damages only the entries that meet a damage their kind
 * has not met yet, so every kind meets every damage while only the first recomputes everything.
 * Every build reads live GitHub data from one fake server, so GitHub's answer cache
 * (src/github/graphql-client.ts) is damaged in the same builds, one damage each: five builds for
 * ten damages. Two more: files where the cache's folders belong with GITHUB_CACHE_DIR a file, and
 * `.cache` a file.
 */

const SITE_URL = "https://margo.example";
const EPOCH = 1_795_000_000;

type Damage = "empty" | "truncated" | "garbage" | "wrong" | "folder";
const DAMAGES: readonly Damage[] = ["empty", "truncated", "garbage", "wrong", "folder"];

/** One build's cache folders: FOLIO_CACHE_DIR and GITHUB_CACHE_DIR. */
interface Caches {
  cache: string;
  github: string;
}

interface Run {
  /** The cases this build checks, each named as its test names it. */
  names: string[];
  caches: Caches;
  /** Each damaged entry and the bytes it held before the damage. */
  damaged: Map<string, Buffer>;
  /** How each damaged entry was damaged. */
  hows: Map<string, Damage>;
  result?: BuildResult;
}

const work = makeTempDir("cache-damage");
const coldCaches: Caches = {
  cache: join(work, "cold/cache"),
  github: join(work, "cold/github"),
};
let github: FakeGithub;
let cold: BuildResult;
const runs: Run[] = [];
/** `.cache` is a file: FOLIO_CACHE_DIR is one. */
const cacheFile = join(work, "cache-file");
let fileRun: BuildResult;
const CACHE_FILE_TEXT = "a file where the cache folder belongs\n";

// The sample with its photos and drawings at 320 px: the seven builds that convert every image
// again (a damaged or missing image cache) cost 40% less CPU each than at 640 px. Three of its
// projects: the same seven builds render every social image again, four of them, not 37.
const contentDir = await copyContentWithSmallImages();
keepOnlyProjects(contentDir, ["kestrel-os", "hl7.lint", "fuzzbucket"]);

function build(caches: Caches): Promise<BuildResult> {
  return buildSite({
    siteUrl: SITE_URL,
    epoch: EPOCH,
    contentDir,
    env: {
      FOLIO_CACHE_DIR: caches.cache,
      GITHUB_TOKEN: "ghp_E2E0FAKE0TOKEN0CACHE0DAMAGE00000000000",
      GITHUB_GRAPHQL_URL: github.url,
      GITHUB_CACHE_DIR: caches.github,
    },
  });
}

/** A fake GitHub whose every repository has live figures unlike the snapshot's. */
function startGithub(): Promise<FakeGithub> {
  const snapshot = JSON.parse(readFileSync(join(sampleContentDir, "github/snapshot.json"), "utf8")) as {
    repositories: Record<string, unknown>;
  };
  const repositories = Object.fromEntries(
    Object.keys(snapshot.repositories).map((key, i) => [key, { stars: 7000 + i, pushedAt: "2026-10-01T12:00:00Z" }]),
  );
  return startFakeGithub({
    repositories,
    pulls: [
      {
        number: 7,
        title: "Cache me",
        state: "MERGED",
        createdAt: "2026-09-01T08:00:00Z",
        repo: "python/cpython",
        repoStars: 65000,
      },
      {
        number: 8,
        title: "Cache me too",
        state: "OPEN",
        createdAt: "2026-10-01T08:00:00Z",
        repo: "zig/zig",
        repoStars: 40000,
      },
    ],
    // Two requests, so two cache entries.
    pageSize: 1,
  });
}

/** A warm cache copied from the cold build's. */
function warmCopy(name: string): Caches {
  const caches = {
    cache: join(work, name, "cache"),
    github: join(work, name, "github"),
  };
  for (const kind of ["cache", "github"] as const) cpSync(coldCaches[kind], caches[kind], { recursive: true });
  return caches;
}

/** Every file of a cache folder whose name ends with `ending` (by default, the one mechanism's entries), sorted. */
function entries(dir: string, ending?: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => (ending === undefined ? /^[0-9a-f]{64}$/.test(name) : name.endsWith(ending)))
        .sort()
        .map((name) => join(dir, name))
    : [];
}

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

/** GitHub's cached answer with other star counts, its digest line kept. */
const wrongAnswer: WrongEntry = (file) =>
  Buffer.from(
    readFileSync(file, "utf8").replace(
      /"stargazerCount":(\d+)/g,
      (_, stars: string) => `"stargazerCount":${Number(stars) + 1}`,
    ),
  );

/** GitHub's cached answer saved at another time, its digest line kept: as stale as it is unchecked. */
const wrongTime: WrongEntry = (file) => {
  const text = readFileSync(file, "utf8");
  const entry = JSON.parse(text.slice(65)) as { savedAt: number };
  return Buffer.from(`${text.slice(0, 65)}${JSON.stringify({ ...entry, savedAt: entry.savedAt - 1 })}`);
};

const githubAnswers = (caches: Caches): string[] => entries(caches.github);

/** Every entry: the one that holds the repositories gets other stars, the others another time. */
function damageGithub(caches: Caches, how: Damage, hows: Map<string, Damage>): Map<string, Buffer> {
  const answers = githubAnswers(caches);
  const repositories = answers.find((file) => readFileSync(file, "utf8").includes(`"r0":`));
  const others = answers.filter((file) => file !== repositories);
  return damageKinds(
    [
      [repositories ? [[repositories, how]] : [], [], wrongAnswer],
      [others.map((file) => [file, how]), [], wrongTime],
    ],
    hows,
  );
}

function damage(file: string, how: Damage, wrong: () => Buffer, damaged: Map<string, Buffer>): void {
  const before = readFileSync(file);
  damaged.set(file, before);
  if (how === "folder") {
    rmSync(file);
    mkdirSync(join(file, "inside"), { recursive: true });
    writeFileSync(join(file, "inside", "file.txt"), "a folder where a cache file belongs\n");
    return;
  }
  const bytes =
    how === "empty"
      ? Buffer.alloc(0)
      : how === "truncated"
        ? before.subarray(0, Math.floor(before.length / 2))
        : how === "garbage"
          ? garbage(before.length)
          : wrong();
  writeFileSync(file, bytes);
  damagedBytes.set(file, bytes);
}

/** What each damaged file was made to hold (a folder holds nothing here). */
const damagedBytes = new Map<string, Buffer>();

/**
 * Entries damaged, by kind: those chosen with the damage of each, all the kind's entries (a
 * wrong entry holds one of theirs; none given: the chosen ones), and what a wrong entry holds.
 */
function damageKinds(
  kinds: [[string, Damage][], string[], WrongEntry][],
  hows: Map<string, Damage>,
): Map<string, Buffer> {
  const damaged = new Map<string, Buffer>();
  // Each kind's swaps read the pristine siblings first, so every entry is wrong afterwards.
  for (const [chosen, all, wrong] of kinds) {
    const siblings = all.length > 0 ? all : chosen.map(([file]) => file);
    const wrongs = new Map(chosen.filter(([, how]) => how === "wrong").map(([file]) => [file, wrong(file, siblings)]));
    for (const [file, how] of chosen) {
      damage(file, how, () => wrongs.get(file) ?? Buffer.alloc(0), damaged);
      hows.set(file, how);
    }
  }
  return damaged;
}

/** Our kinds: social images, renditions, icons, minified texts, validators, rendered Markdown, key fingerprints. */
const CACHE_FOLDERS = ["og", "images", "icons", "assets", "validators", "markdown", "manifest"];

/**
 * Entries of our kinds damaged for build number `build`: entry i of a kind meets the damage
 * `build + i` (cycling), in the first build every entry, in the others only those whose kind
 * has not met that damage yet (`met`, "kind damage").
 */
function damageEntries(
  caches: Caches,
  build: number,
  met: Set<string>,
  hows: Map<string, Damage>,
): Map<string, Buffer> {
  return damageKinds(
    CACHE_FOLDERS.map((kind) => {
      const files = entries(join(caches.cache, kind));
      const chosen = files
        .map((file, index): [string, Damage] => [file, DAMAGES[(build + index) % DAMAGES.length]!])
        .filter(([, how]) => build === 0 || !met.has(`${kind} ${how}`));
      for (const [, how] of chosen) met.add(`${kind} ${how}`);
      return [chosen, files, anotherEntry];
    }),
    hows,
  );
}

/** A file where each of FOLIO_CACHE_DIR's folders belongs. */
function filesForFolders(caches: Caches): void {
  for (const name of CACHE_FOLDERS) {
    rmSync(join(caches.cache, name), { recursive: true, force: true });
    writeFileSync(join(caches.cache, name), `a file where the ${name} folder belongs\n`);
  }
}

/** The build that checks the case named `name` (or a name starting so). */
const runOf = (name: string): Run | undefined => runs.find((run) => run.names.some((each) => each.startsWith(name)));

async function inPairs(jobs: (() => Promise<void>)[]): Promise<void> {
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

test.before(async () => {
  github = await startGithub();
  cold = await build(coldCaches);
  if (cold.status !== 0) return;
  const met = new Set<string>();
  for (const [build, how] of DAMAGES.entries()) {
    const caches = warmCopy(`entries-${build}`);
    const hows = new Map<string, Damage>();
    const damaged = new Map([...damageEntries(caches, build, met, hows), ...damageGithub(caches, how, hows)]);
    runs.push({ names: [`entries of build ${build}`, `GitHub's cache ${how}`], caches, damaged, hows });
  }
  const folders = warmCopy("folders");
  filesForFolders(folders);
  rmSync(folders.github, { recursive: true, force: true });
  writeFileSync(folders.github, CACHE_FILE_TEXT);
  runs.push({
    names: ["files where the cache's folders belong", "GITHUB_CACHE_DIR a file"],
    caches: folders,
    damaged: new Map(),
    hows: new Map(),
  });
  writeFileSync(cacheFile, CACHE_FILE_TEXT);
  // GitHub's cache elsewhere: its own folder being a file is the build above.
  const fileRunGithub = warmCopy("file-run").github;
  await inPairs([
    ...runs.map((run) => async () => {
      run.result = await build(run.caches);
    }),
    async () => {
      fileRun = await build({ cache: cacheFile, github: fileRunGithub });
    },
  ]);
});

test.after(async () => {
  await github.close();
  for (const result of [cold, fileRun, ...runs.map((run) => run.result)]) if (result) removeDir(result.outDir);
  removeDir(work);
  removeDir(contentDir);
});

/** How an output differs from the cold build's. */
const differences = (outDir: string): string[] => outputDifferences(cold.outDir, outDir);

test("should build cold with exit code 0 and fill every cache kind", () => {
  assert.is(cold.status, 0, cold.output);
  assert.ok(listFiles(cold.outDir).length > 100);
  for (const kind of CACHE_FOLDERS) assert.ok(listFiles(join(coldCaches.cache, kind)).length > 0, `no ${kind} entries`);
  assert.ok(githubAnswers(coldCaches).length >= 2, "fewer than two GitHub answers cached");
  assert.match(cold.output, "[github] Live data");
});

/** "kind damage" for each damaged entry of `run`, GitHub's entries of kind "github". */
const damagesOf = (run: Run): string[] =>
  [...run.hows].map(
    ([file, how]) => `${file.startsWith(run.caches.github) ? "github" : basename(dirname(file))} ${how}`,
  );

test("should damage every entry of every kind, each kind every way, two or more entries of each kind", () => {
  const first = runOf("entries of build 0");
  for (const kind of CACHE_FOLDERS) {
    const names = (files: Iterable<string>) =>
      [...files].filter((file) => file.includes(`/cache/${kind}/`)).map((file) => basename(file));
    assert.equal(
      names(first?.damaged.keys() ?? []),
      entries(join(coldCaches.cache, kind)).map((file) => basename(file)),
      kind,
    );
    assert.ok(names(first?.damaged.keys() ?? []).length >= 2, kind);
  }
  const met = new Set(runs.flatMap(damagesOf));
  for (const kind of [...CACHE_FOLDERS, "github"])
    for (const how of DAMAGES) assert.ok(met.has(`${kind} ${how}`), `${kind} ${how}`);
  for (const how of DAMAGES) {
    const run = runOf(`GitHub's cache ${how}`);
    assert.ok((run ? damagesOf(run) : []).filter((each) => each === `github ${how}`).length >= 2, how);
  }
});

function assertColdOutput(run: Run | undefined): void {
  assert.ok(run?.result, "the build ran");
  assert.is(run.result.status, 0, run.result.output);
  assert.equal(stackTraceLines(run.result.output), []);
  assert.equal(differences(run.result.outDir), [], run.result.output);
}

for (const how of DAMAGES) {
  test(`should write the cold build's output, byte for byte, with entries ${how}`, () => {
    const damagedSo = runs.filter((run) =>
      damagesOf(run).some((each) => !each.startsWith("github") && each.endsWith(` ${how}`)),
    );
    assert.ok(damagedSo.length > 0);
    for (const run of damagedSo) assertColdOutput(run);
  });
}

for (const name of [
  ...DAMAGES.map((how) => `GitHub's cache ${how}`),
  "files where the cache's folders belong",
  "GITHUB_CACHE_DIR a file",
]) {
  test(`should write the cold build's output, byte for byte, with ${name}`, () => assertColdOutput(runOf(name)));
}

/** Whether a damaged entry was put right: rewritten as it was, or removed. */
function repaired(run: Run, file: string, before: Buffer): boolean {
  if (!existsSync(file)) return true;
  if (statSync(file).isFile() && readFileSync(file).equals(before)) return true;
  // GitHub's entries carry the time they were written: rewritten means other bytes.
  return (
    file.startsWith(run.caches.github) &&
    statSync(file).isFile() &&
    !readFileSync(file).equals(damagedBytes.get(file) ?? Buffer.alloc(0)) &&
    readFileSync(file).length > 0
  );
}

function unrepaired(ofGithub: boolean): string[] {
  return runs.flatMap((run) =>
    [...run.damaged]
      .filter(([file, before]) => file.startsWith(run.caches.github) === ofGithub && !repaired(run, file, before))
      .map(([file]) => `${run.names.join(" + ")}: ${file}`),
  );
}

test("should repair every damaged entry of the build cache", () => {
  assert.equal(unrepaired(false), []);
});

test("should repair every damaged entry of GitHub's answer cache", () => {
  assert.equal(unrepaired(true), []);
});

test("should say once for each cache folder that a file stands where it belongs, and leave the file", () => {
  const run = runOf("files where the cache's folders belong");
  assert.ok(run?.result);
  // GITHUB_CACHE_DIR, a file in the same build, is said apart (the GitHub case above).
  const warnings = run.result.output
    .split("\n")
    .filter((line) => line.startsWith(`[folio] The build cache ${JSON.stringify(run.caches.cache).slice(0, -1)}/`));
  assert.is(warnings.length, CACHE_FOLDERS.length, run.result.output);
  for (const name of CACHE_FOLDERS) {
    assert.ok(
      warnings.some((line) => line.includes(`${join(run.caches.cache, name)}" is a file, not a folder`)),
      name,
    );
    assert.is(readFileSync(join(run.caches.cache, name), "utf8"), `a file where the ${name} folder belongs\n`);
  }
});

test("should build the cold build's output with `.cache` a file, saying so in one line", () => {
  assert.is(fileRun.status, 0, fileRun.output);
  assert.equal(differences(fileRun.outDir), []);
  const warnings = fileRun.output.split("\n").filter((line) => line.startsWith("[folio]"));
  assert.equal(warnings, [
    `[folio] The build cache ${JSON.stringify(cacheFile)} is a file, not a folder: it is ignored and this build computes everything afresh.`,
  ]);
  assert.is(readFileSync(cacheFile, "utf8"), CACHE_FILE_TEXT);
});

test.run();
