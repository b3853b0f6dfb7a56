import {
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readSiteConfig, type SiteConfig } from "../../../src/config/site-config.ts";
import { loadPortfolioContent } from "../../../src/content/load-portfolio-content.ts";
import { keepAnswer, readCachedAnswer } from "../../../src/github/graphql-client.ts";
import { parseCacheDuration } from "../../../src/github/settings.ts";
import { contentKey, keepEntry } from "../../../src/util/build-cache.ts";
import {
  loadGithubData,
  type GithubData,
  type GithubEnvironment,
  type RepositoryRef,
} from "../../../src/github/github-data.ts";
import { projectRepositories } from "../../../src/model/load-portfolio.ts";
import { startFakeGithub, type FakeGithub } from "../../support/fake-github.ts";

const TOKEN = "ghp_FAKE0TOKEN0FOR0CACHE0TESTS0123456789";
const config: SiteConfig = readSiteConfig({ CONTENT_DIR: "content", SITE_URL: "https://margo.example" });
const wanted: RepositoryRef[] = projectRepositories(config, await loadPortfolioContent(config.contentDir));
const first = wanted[0] as RepositoryRef;
const HOUR = 3_600_000;
const NOW = 1_795_000_000_000;

let server: FakeGithub;
/** A cache filled by one live load; each test damages a copy of it. */
let warm: string;
const scratch = mkdtempSync(join(tmpdir(), "folio-answer-cache-"));

const starsOf = (data: GithubData, ref: RepositoryRef) =>
  data.repositories.get(`${ref.owner}/${ref.name}`.toLowerCase())?.stars;

function load(cacheDir: string, env: GithubEnvironment = {}): Promise<GithubData> {
  return loadGithubData(
    config,
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: cacheDir, ...env },
    () => {},
  );
}

/** The warm cache's entries, copied to a folder of their own. */
function copyOfWarm(name: string): { dir: string; entries: string[] } {
  const dir = join(scratch, name);
  cpSync(warm, dir, { recursive: true });
  return { dir, entries: readdirSync(dir).map((file) => join(dir, file)) };
}

/** Loads from a damaged copy: how many requests it sent, and what it published. */
async function loadCounting(dir: string, env: GithubEnvironment = {}): Promise<{ requests: number; data: GithubData }> {
  const before = server.requests.length;
  const data = await load(dir, env);
  return { requests: server.requests.length - before, data };
}

/** Warnings printed while `action` runs. */
async function warningsOf(action: () => Promise<void>): Promise<string[]> {
  const original = console.warn;
  const lines: string[] = [];
  console.warn = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    await action();
  } finally {
    console.warn = original;
  }
  return lines;
}

test.before(async () => {
  server = await startFakeGithub({
    repositories: Object.fromEntries(
      wanted.map((ref, i) => [`${ref.owner}/${ref.name}`, { stars: 1000 + i, pushedAt: "2026-11-21T10:00:00Z" }]),
    ),
    pulls: [
      {
        number: 1,
        title: "Cached",
        state: "OPEN",
        createdAt: "2026-01-01T00:00:00Z",
        repo: "python/cpython",
        repoStars: 5,
      },
    ],
  });
  warm = join(scratch, "warm");
  await load(warm);
});

test.after(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

test("should fill the cache with one entry per complete answer, without the token", () => {
  const files = readdirSync(warm);
  assert.equal(files.length, 1);
  assert.match(files[0]!, /^[0-9a-f]{64}$/);
  const text = readFileSync(join(warm, files[0]!), "utf8");
  assert.not.ok(text.includes(TOKEN));
  assert.equal(Object.keys(JSON.parse(text.slice(65)) as object), ["savedAt", "data"]);
});

test("should answer from a sound entry without a request", async () => {
  const { dir } = copyOfWarm("sound");
  const { requests, data } = await loadCounting(dir);
  assert.is(requests, 0);
  assert.is(starsOf(data, first), 1000);
});

/** Each way an entry can be damaged (the one mechanism's own checks are tests/unit/util/build-cache.test.ts). */
const DAMAGES: Record<string, (file: string) => void> = {
  garbage: (file) => writeFileSync(file, Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22, 0x9c])),
  "other star counts, its digest line kept": (file) =>
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        /"stargazerCount":(\d+)/g,
        (_, stars: string) => `"stargazerCount":${Number(stars) + 1}`,
      ),
    ),
  "another time, its digest line kept": (file) => {
    const text = readFileSync(file, "utf8");
    const entry = JSON.parse(text.slice(65)) as { savedAt: number };
    writeFileSync(file, `${text.slice(0, 65)}${JSON.stringify({ ...entry, savedAt: entry.savedAt - 1 })}`);
  },
  "a sound entry that is not an object": (file) => keepEntry(dirname(file), basename(file), "[1,2,3]"),
  "a sound entry without its time": (file) => keepEntry(dirname(file), basename(file), `{"data":{}}`),
  "a link to a sound entry": (file) => {
    const elsewhere = join(scratch, `linked-${Date.now()}`);
    cpSync(file, elsewhere);
    rmSync(file);
    symlinkSync(elsewhere, file);
  },
};

for (const [name, damage] of Object.entries(DAMAGES)) {
  test(`should send the request again and publish the right answer when the entry is ${name}`, async () => {
    const { dir, entries } = copyOfWarm(name.replace(/\W+/g, "-"));
    for (const file of entries) damage(file);

    let loaded: { requests: number; data: GithubData } | undefined;
    const warnings = await warningsOf(async () => {
      loaded = await loadCounting(dir);
    });
    const { requests, data } = loaded ?? { requests: -1, data: undefined };
    assert.is(warnings.length, 1, warnings.join("\n"));
    assert.is(requests, 1);
    assert.is(data && starsOf(data, first), 1000);
    // Repaired: a regular file again, which the next load answers from.
    for (const file of entries) assert.ok(lstatSync(file).isFile(), file);
    const again = await loadCounting(dir);
    assert.is(again.requests, 0);
    assert.is(starsOf(again.data, first), 1000);
  });
}

test("should say once that GITHUB_CACHE_DIR is a file, leave it, and ask GitHub each time", async () => {
  const file = join(scratch, "github-file");
  writeFileSync(file, "a file where the cache folder belongs\n");
  let results: { requests: number; data: GithubData }[] = [];
  const warnings = await warningsOf(async () => {
    results = [await loadCounting(file), await loadCounting(file)];
  });

  assert.equal(
    results.map((r) => r.requests),
    [1, 1],
  );
  assert.equal(
    results.map((r) => starsOf(r.data, first)),
    [1000, 1000],
  );
  assert.equal(warnings, [
    `[folio] The build cache ${JSON.stringify(file)} is a file, not a folder: it is ignored and this build computes everything afresh.`,
  ]);
  assert.is(readFileSync(file, "utf8"), "a file where the cache folder belongs\n");
});

test("should ask again when GITHUB_CACHE_DURATION is 0s", async () => {
  const { dir } = copyOfWarm("zero");
  assert.is((await loadCounting(dir, { GITHUB_CACHE_DURATION: "0s" })).requests, 1);
});

test("should reuse an entry only while it is younger than the duration, and never one from the future", () => {
  const dir = join(scratch, "ages");
  const key = contentKey("answer", 1);
  const data = { viewer: { login: "margo" } };
  keepAnswer(dir, key, data, NOW - 2 * HOUR);
  assert.equal(readCachedAnswer(dir, key, 3 * HOUR, NOW), data);
  assert.is(readCachedAnswer(dir, key, 2 * HOUR, NOW), undefined);
  assert.is(readCachedAnswer(dir, key, 3 * HOUR, NOW - 3 * HOUR), undefined);
  assert.is(readCachedAnswer(dir, contentKey("answer", 2), 3 * HOUR, NOW), undefined);
  assert.ok(existsSync(join(dir, key)), "an answer too old is not damaged: it stays until replaced");
});

test("should read GITHUB_CACHE_DURATION's notation and refuse any other", () => {
  assert.is(parseCacheDuration("1d"), 86_400_000);
  assert.is(parseCacheDuration("6h"), 6 * HOUR);
  assert.is(parseCacheDuration("30m"), 1_800_000);
  assert.is(parseCacheDuration("0s"), 0);
  assert.is(parseCacheDuration("2w"), 14 * 86_400_000);
  assert.is(parseCacheDuration("1y"), 365 * 86_400_000);
  assert.is(parseCacheDuration("*"), Number.POSITIVE_INFINITY);
  for (const wrong of ["", "1", "d", "1 d", "1D", "-1d", "1.5h", "1dd", "10x", "99999999999d"])
    assert.is(parseCacheDuration(wrong), null, wrong);
});

test.run();
