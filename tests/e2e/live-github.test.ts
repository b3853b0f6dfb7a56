import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startFakeGithub, type FakeGithub, type FakePull } from "../support/fake-github.ts";
import {
  buildSite,
  listFiles,
  makeTempDir,
  readJson,
  removeDir,
  type BuildResult,
  type Envelope,
} from "./support/build-site.ts";

const TOKEN = "ghp_E2E0FAKE0TOKEN0SHOULD0NEVER0LEAK0424242";
const EPOCH = 1795000000;
const snapshot = JSON.parse(readFileSync("content/github/snapshot.json", "utf8")) as {
  fetched_at: string;
  repositories: Record<string, { stars: number }>;
};

interface Project {
  name: string;
  stars: number;
  pushed_at: string | null;
}
interface Pull {
  repo: string;
  state: string;
  created: string | null;
  repo_stars: number;
}
interface Stats {
  stars: { total: number };
  pull_requests: { count: number; repos: number; merged: number; reach: number };
  last_push: { project: string; at: string } | null;
}

const livePulls: FakePull[] = [
  {
    number: 10,
    title: "Open one",
    state: "OPEN",
    createdAt: "2026-11-01T08:00:00Z",
    repo: "zig/zig",
    repoStars: 40000,
  },
  {
    number: 11,
    title: "Merged old",
    state: "MERGED",
    createdAt: "2024-02-01T08:00:00Z",
    repo: "python/cpython",
    repoStars: 65000,
  },
  {
    number: 12,
    title: "Merged new",
    state: "MERGED",
    createdAt: "2026-10-01T08:00:00Z",
    repo: "python/cpython",
    repoStars: 65000,
  },
  {
    number: 13,
    title: "Closed",
    state: "CLOSED",
    createdAt: "2025-05-05T08:00:00Z",
    repo: "neovim/neovim",
    repoStars: 90000,
  },
];

/**
 * Values GitHub may send that the published files may not carry, one of each kind: a link that
 * would end a quoted attribute, dates outside 1970-9999 once in UTC, the same pull request
 * twice, bidi controls in a title, and a last push dated before 1970 (for the first repository).
 */
const HOSTILE_LINK = 'https://github.com/python/cpython/pull/20"><script>alert(1)</script>';
const hostilePulls: FakePull[] = [
  ...livePulls,
  { ...(livePulls[1] as FakePull), number: 20, title: "Link", url: HOSTILE_LINK },
  { ...(livePulls[0] as FakePull), number: 21, title: "Late", createdAt: "9999-12-31T23:00:00-05:00" },
  { ...(livePulls[3] as FakePull), number: 22, title: "Early", createdAt: "0001-01-01T00:00:00Z" },
  { ...(livePulls[2] as FakePull), title: "Merged new, listed twice" },
  { ...(livePulls[0] as FakePull), number: 23, title: "Flip \u202egnp.exe\u202c here" },
];

async function liveBuild(
  fault?: Parameters<typeof startFakeGithub>[0]["fault"],
  hostile = false,
): Promise<{ build: BuildResult; server: FakeGithub; cacheDir: string }> {
  const repositories = Object.fromEntries(
    Object.keys(snapshot.repositories).map((key, i) => [
      key,
      {
        stars: 5000 + i,
        pushedAt: i === 0 ? (hostile ? "0001-01-01T00:00:00Z" : "2026-11-18T12:00:00Z") : "2025-01-01T00:00:00Z",
      },
    ]),
  );
  const pulls = hostile ? hostilePulls : livePulls;
  const server = await startFakeGithub({ repositories, pulls, ...(fault ? { fault } : {}) });
  const cacheDir = makeTempDir("gh-cache");
  const build = await buildSite({
    epoch: EPOCH,
    siteUrl: "https://margo.example",
    env: { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: cacheDir },
  });
  await server.close();
  return { build, server, cacheDir };
}

let live: Awaited<ReturnType<typeof liveBuild>>;
let failing: Awaited<ReturnType<typeof liveBuild>>;
let hostile: Awaited<ReturnType<typeof liveBuild>>;

test.before(async () => {
  [live, failing, hostile] = await Promise.all([
    liveBuild(),
    liveBuild(() => ({ status: 503 })),
    liveBuild(undefined, true),
  ]);
});

test.after(() => {
  for (const run of [live, failing, hostile]) {
    removeDir(run.build.outDir);
    rmSync(run.cacheDir, { recursive: true, force: true });
  }
});

test("should build with live data in one GraphQL request", () => {
  assert.is(live.build.status, 0, live.build.output);
  assert.is(live.server.requests.length, 1);
});

test("should never write the token to the site, the cache or the log", () => {
  const files = [
    ...listFiles(live.build.outDir).map((file) => join(live.build.outDir, file)),
    ...listFiles(live.cacheDir).map((file) => join(live.cacheDir, file)),
  ];
  const leaking = files.filter((file) => readFileSync(file, "latin1").includes(TOKEN));

  assert.ok(files.length > 72);
  assert.equal(leaking, []);
  assert.not.match(live.build.output, TOKEN);
  assert.not.match(failing.build.output, TOKEN);
});

test("should publish the live stars and pushes, consistent in every file", () => {
  const projects = readJson<Envelope<Project[]>>(live.build.outDir, "api/v1/projects.json");
  const stats = readJson<Envelope<Stats>>(live.build.outDir, "api/v1/stats.json");

  assert.ok(projects.data.every((p) => p.stars >= 5000));
  assert.is(
    stats.data.stars.total,
    projects.data.reduce((sum, p) => sum + p.stars, 0),
  );
  assert.is(stats.data.last_push?.at, "2026-11-18T12:00:00Z");
  assert.is(projects.meta.note, undefined);
});

test("should order live pulls merged first, then newest, and derive reach from distinct repositories", () => {
  const pulls = readJson<Envelope<Pull[]>>(live.build.outDir, "api/v1/pulls.json");
  const stats = readJson<Envelope<Stats>>(live.build.outDir, "api/v1/stats.json");

  assert.equal(
    pulls.data.map((p) => `${p.state} ${p.created}`),
    ["merged 2026-10-01", "merged 2024-02-01", "open 2026-11-01", "closed 2025-05-05"],
  );
  assert.equal(stats.data.pull_requests, { count: 4, repos: 3, merged: 2, reach: 65000 + 40000 + 90000 });
  assert.is(pulls.meta.note, undefined);
});

test("should fall back to the snapshot when GitHub fails, and say what is stale, why and as of when", () => {
  const projects = readJson<Envelope<Project[]>>(failing.build.outDir, "api/v1/projects.json");
  const pulls = readJson<Envelope<Pull[]>>(failing.build.outDir, "api/v1/pulls.json");
  const stats = readJson<Envelope<Stats>>(failing.build.outDir, "api/v1/stats.json");

  assert.is(failing.build.status, 0, failing.build.output);
  assert.ok(projects.data.every((p) => p.stars < 5000));
  assert.match(projects.meta.note ?? "", `snapshot of ${snapshot.fetched_at}`);
  assert.match(projects.meta.note ?? "", "HTTP 503");
  assert.match(pulls.meta.note ?? "", "HTTP 503");
  assert.ok(pulls.data.length > 0);
  assert.is(
    stats.data.stars.total,
    projects.data.reduce((sum, p) => sum + p.stars, 0),
  );
  assert.match(stats.meta.note ?? "", "HTTP 503");
});

test("should build when GitHub sends values the published files may not carry", () => {
  assert.is(hostile.build.status, 0, hostile.build.output);
});

test("should publish a live pull link the URL rule refuses as its github.com address, with a note", () => {
  const pulls = readJson<Envelope<(Pull & { number: number; url: string })[]>>(
    hostile.build.outDir,
    "api/v1/pulls.json",
  );
  const published = listFiles(hostile.build.outDir).filter((file) =>
    readFileSync(join(hostile.build.outDir, file), "latin1").includes("<script>alert(1)"),
  );

  assert.is(pulls.data.find((p) => p.number === 20)?.url, "https://github.com/python/cpython/pull/20");
  assert.match(pulls.meta.note ?? "", "not http(s) URLs for python/cpython#20");
  assert.equal(published, []);
});

test("should publish no live date outside 1970-9999, with a note", () => {
  const pulls = readJson<Envelope<(Pull & { number: number })[]>>(hostile.build.outDir, "api/v1/pulls.json");
  const projects = readJson<Envelope<Project[]>>(hostile.build.outDir, "api/v1/projects.json");
  const [firstKey, firstFacts] = Object.entries(snapshot.repositories)[0] as [string, { stars: number }];
  const first = projects.data.find((p) => firstKey.endsWith(`/${p.name}`));

  assert.equal(
    pulls.data.filter((p) => p.number === 21 || p.number === 22).map((p) => p.created),
    [null, null],
  );
  assert.match(pulls.meta.note ?? "", "dates outside 1970-9999 for zig/zig#21, neovim/neovim#22");
  assert.is(first?.stars, firstFacts.stars, "the last-known figures stand in");
  assert.ok(projects.data.every((p) => p.pushed_at === null || p.pushed_at >= "1970"));
  assert.match(projects.meta.note ?? "", "a last push dated outside 1970-9999");
});

test("should publish a pull request GitHub lists twice once, and titles without bidi controls", () => {
  const pulls = readJson<Envelope<(Pull & { number: number; title: string })[]>>(
    hostile.build.outDir,
    "api/v1/pulls.json",
  );
  const bidi = listFiles(hostile.build.outDir).filter((file) =>
    /[\u202a-\u202e\u2066-\u2069]/.test(readFileSync(join(hostile.build.outDir, file), "utf8")),
  );

  assert.is(pulls.data.filter((p) => p.repo === "python/cpython" && p.number === 12).length, 1);
  assert.is(pulls.data.length, hostilePulls.length - 1);
  assert.match(pulls.meta.note ?? "", "GitHub listed python/cpython#12 more than once");
  assert.is(pulls.data.find((p) => p.number === 23)?.title, "Flip gnp.exe here");
  assert.equal(bidi, []);
});

test("should fail the build under GITHUB_REQUIRED when it would fall back", async () => {
  const server = await startFakeGithub({ repositories: {}, pulls: [], fault: () => ({ status: 503 }) });
  const cacheDir = makeTempDir("gh-cache");
  const build = await buildSite({
    epoch: EPOCH,
    env: { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: cacheDir, GITHUB_REQUIRED: "1" },
  });
  await server.close();

  assert.is.not(build.status, 0);
  assert.match(build.output, "GITHUB_REQUIRED");
  assert.match(build.output, "HTTP 503");
  assert.is(listFiles(build.outDir, "api").length, 0);
  removeDir(build.outDir);
  rmSync(cacheDir, { recursive: true, force: true });
});

test.run();
