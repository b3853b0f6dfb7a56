import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readSiteConfig, type SiteConfig } from "../../../src/config/site-config.ts";
import { loadPortfolioContent } from "../../../src/content/load-portfolio-content.ts";
import { loadGithubData, type GithubData, type RepositoryRef } from "../../../src/github/github-data.ts";
import { refreshSnapshot } from "../../../src/github/refresh-snapshot.ts";
import { readSnapshot } from "../../../src/github/snapshot.ts";
import { projectRepositories } from "../../../src/model/load-portfolio.ts";
import { forgetSecrets } from "../../../src/util/redact.ts";
import { startFakeGithub, TWO_PULLS, type FakeGithubOptions } from "../../support/fake-github.ts";

/*
 * The one entry check for what GitHub gives (src/github/entry-check.ts), as the build, `npm run
 * snapshot` and the committed snapshot meet it: a link, a date, a duplicate or a text that the
 * published files may not carry is replaced or dropped where it enters, with a note, so the
 * after-build validation never sees it and one bad value never fails a build.
 */

const TOKEN = "ghp_ENTRY0CHECK0TEST0TOKEN000000000000000";
const config: SiteConfig = readSiteConfig({ CONTENT_DIR: "content", SITE_URL: "https://margo.example" });
const wanted: RepositoryRef[] = projectRepositories(config, await loadPortfolioContent(config.contentDir));
const sample = JSON.parse(readFileSync("content/github/snapshot.json", "utf8")) as {
  repositories: Record<string, { stars: number; pushed_at: string | null }>;
  pulls: Record<string, unknown>[];
};
const [first, second] = wanted as [RepositoryRef, RepositoryRef];

const [PULL, OTHER] = TWO_PULLS;

/** The repositories of the sample as the fake GitHub answers them, with `changes` by index. */
function repositories(changes: Record<number, string | null> = {}): FakeGithubOptions["repositories"] {
  return Object.fromEntries(
    wanted.map((ref, i) => [
      `${ref.owner}/${ref.name}`,
      { stars: 1000 + i, pushedAt: i in changes ? (changes[i] ?? null) : "2026-11-21T10:00:00Z" },
    ]),
  );
}

const madeFolders: string[] = [];
function madeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-entry-check-"));
  madeFolders.push(dir);
  return dir;
}

test.after(() => {
  for (const dir of madeFolders) rmSync(dir, { recursive: true, force: true });
  forgetSecrets();
});

/** A build's GitHub data from a fake GitHub given `options`, and what it logged. */
async function live(options: Partial<FakeGithubOptions>): Promise<{ data: GithubData; logs: string[] }> {
  const server = await startFakeGithub({ repositories: repositories(), pulls: [PULL, OTHER], ...options });
  const logs: string[] = [];
  try {
    const data = await loadGithubData(
      config,
      wanted,
      { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: madeFolder() },
      (line) => logs.push(line),
    );
    return { data, logs };
  } finally {
    await server.close();
  }
}

const starsOf = (data: GithubData, ref: RepositoryRef) =>
  data.repositories.get(`${ref.owner}/${ref.name}`.toLowerCase())?.stars;
const pushOf = (data: GithubData, ref: RepositoryRef) =>
  data.repositories.get(`${ref.owner}/${ref.name}`.toLowerCase())?.pushedAt;
const snapshotFacts = (ref: RepositoryRef) =>
  Object.entries(sample.repositories).find(
    ([key]) => key.toLowerCase() === `${ref.owner}/${ref.name}`.toLowerCase(),
  )?.[1];

test("should show the github.com address for a live link the published URL rule refuses, with a note", async () => {
  const { data } = await live({
    pulls: [
      { ...PULL, url: 'https://github.com/python/cpython/pull/1"><script>alert(1)</script>' },
      { ...OTHER, url: "https://gïthub.example/zig/zig/pull/2" },
    ],
  });

  assert.equal(
    data.pulls.map((p) => p.url),
    ["https://github.com/python/cpython/pull/1", "https://github.com/zig/zig/pull/2"],
  );
  assert.match(data.notes.pulls ?? "", "not http(s) URLs for python/cpython#1, zig/zig#2");
  assert.not.match(JSON.stringify(data.pulls), "<script>");
});

test("should publish no pull request date outside 1970-9999 (in UTC), with a note naming them", async () => {
  const { data } = await live({
    pulls: [
      { ...PULL, createdAt: "0001-01-01T00:00:00Z" },
      { ...OTHER, createdAt: "9999-12-31T23:00:00-05:00" },
      { ...OTHER, number: 3, createdAt: "1969-12-31T23:59:59Z" },
      { ...OTHER, number: 4, createdAt: "9999-12-31T20:00:00-01:00" },
    ],
  });

  assert.equal(
    data.pulls.map((p) => p.created),
    [null, null, null, "9999-12-31"],
  );
  assert.match(
    data.notes.pulls ?? "",
    "GitHub gave dates outside 1970-9999 for python/cpython#1, zig/zig#2, zig/zig#3: they are shown without one.",
  );
});

test("should keep the last-known figures of a repository whose last push is dated outside 1970-9999", async () => {
  const { data, logs } = await live({
    repositories: repositories({ 0: "1969-12-31T23:59:59Z", 1: "9999-12-31T23:30:00-01:00" }),
  });

  assert.equal(
    [starsOf(data, first), pushOf(data, first), starsOf(data, second), pushOf(data, second)],
    [
      snapshotFacts(first)?.stars,
      snapshotFacts(first)?.pushed_at,
      snapshotFacts(second)?.stars,
      snapshotFacts(second)?.pushed_at,
    ],
  );
  assert.is(starsOf(data, wanted[2] as RepositoryRef), 1002, "the others are live");
  assert.match(data.notes.repositories ?? "", `${first.owner}/${first.name}, ${second.owner}/${second.name}`);
  assert.match(data.notes.repositories ?? "", "a last push dated outside 1970-9999");
  assert.ok(logs.some((line) => line.includes("outside 1970-9999")));
});

test("should write every live date in UTC, so that dates written with offsets sort as instants", async () => {
  const { data } = await live({
    repositories: repositories({ 0: "2026-11-21T12:00:00+02:00", 1: "2026-11-21T10:00:00.250Z" }),
    pulls: [{ ...PULL, createdAt: "2026-02-03T23:30:00-05:00" }],
  });

  assert.equal([pushOf(data, first), pushOf(data, second)], ["2026-11-21T10:00:00Z", "2026-11-21T10:00:00.250Z"]);
  assert.equal(
    data.pulls.map((p) => p.created),
    ["2026-02-04"],
  );
  assert.is(data.notes.repositories, undefined);
});

test("should publish a pull request GitHub lists twice, on one page or two, once, with a note", async () => {
  const { data } = await live({ pulls: [PULL, OTHER, { ...PULL, title: "Fix the parser again" }], pageSize: 2 });

  assert.equal(
    data.pulls.map((p) => `${p.repo}#${p.number} ${p.title}`),
    ["python/cpython#1 Fix the parser", "zig/zig#2 Add a flag"],
  );
  assert.match(data.notes.pulls ?? "", "GitHub listed python/cpython#1 more than once: it is shown once.");
});

test("should use a pull request or repository the committed snapshot lists twice once, with a note", async () => {
  const contentDir = madeFolder();
  cpSync("content", contentDir, { recursive: true });
  const [key, facts] = Object.entries(sample.repositories)[0] as [string, { stars: number }];
  const pulls = [...sample.pulls, { ...sample.pulls[0], repo: String(sample.pulls[0]?.repo).toUpperCase() }];
  const repositories = { ...sample.repositories, [key.toUpperCase()]: { stars: 1, pushed_at: null } };
  writeFileSync(join(contentDir, "github", "snapshot.json"), JSON.stringify({ ...sample, repositories, pulls }));
  const twice = `GitHub listed ${String(sample.pulls[0]?.repo)}#${String(sample.pulls[0]?.number)} more than once: it is shown once.`;
  const server = await startFakeGithub({ repositories: {}, pulls: [], fault: () => ({ status: 502 }) });

  const offline = await loadGithubData({ ...config, contentDir }, wanted, {}, () => {});
  const failing = await loadGithubData(
    { ...config, contentDir },
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: madeFolder() },
    () => {},
  );
  await server.close();

  for (const data of [offline, failing]) {
    assert.is(data.pulls.length, sample.pulls.length);
    assert.match(data.notes.pulls ?? "", twice);
    assert.is(data.repositories.get(key.toLowerCase())?.stars, facts.stars, "the first is used");
    assert.match(data.notes.repositories ?? "", `The snapshot lists ${key} more than once (ignoring case)`);
  }
});

test("should show no last push the committed snapshot dates after it was taken, with a note", async () => {
  const contentDir = madeFolder();
  cpSync("content", contentDir, { recursive: true });
  const [key, facts] = Object.entries(sample.repositories)[0] as [string, { stars: number }];
  const repositories = { ...sample.repositories, [key]: { stars: facts.stars, pushed_at: "9999-12-31T00:00:00Z" } };
  writeFileSync(join(contentDir, "github", "snapshot.json"), JSON.stringify({ ...sample, repositories }));

  const data = await loadGithubData({ ...config, contentDir }, wanted, {}, () => {});

  assert.equal(data.repositories.get(key.toLowerCase()), { stars: facts.stars, pushedAt: null });
  assert.match(
    data.notes.repositories ?? "",
    `The snapshot dates the last pushes of ${key} outside 1970-9999 or after it`,
  );
});

test("should write no link, date or duplicate to the snapshot that the build would refuse", async () => {
  const contentDir = madeFolder();
  cpSync("content", contentDir, { recursive: true });
  const file = join(contentDir, "github", "snapshot.json");
  const server = await startFakeGithub({
    repositories: repositories({ 0: "0001-01-01T00:00:00Z" }),
    pulls: [
      { ...PULL, url: 'https://github.com/python/cpython/pull/1"><script>alert(1)</script>' },
      { ...OTHER, createdAt: "0001-01-01T00:00:00Z" },
      PULL,
    ],
  });

  const result = await refreshSnapshot(
    { ...config, contentDir },
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: madeFolder() },
    new Date("2026-11-21T06:00:00Z"),
  );
  await server.close();

  // A repository whose live figures fail is incomplete data: nothing is written.
  assert.is(result.snapshot, null);
  assert.match(result.problems.join("\n"), "outside 1970-9999");

  const fixed = await startFakeGithub({
    repositories: repositories(),
    pulls: [
      { ...PULL, url: 'https://github.com/python/cpython/pull/1"><script>alert(1)</script>' },
      { ...OTHER, createdAt: "0001-01-01T00:00:00Z" },
      PULL,
    ],
  });
  const second = await refreshSnapshot(
    { ...config, contentDir },
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: fixed.url, GITHUB_CACHE_DIR: madeFolder() },
    new Date("2026-11-21T06:00:00Z"),
  );
  await fixed.close();

  assert.equal(
    readSnapshot(file)?.pulls.map((p) => [p.url, p.created]),
    [
      ["https://github.com/python/cpython/pull/1", "2026-03-01"],
      ["https://github.com/zig/zig/pull/2", null],
    ],
  );
  assert.match(second.cleaned.join(" "), "python/cpython#1");
  assert.match(second.cleaned.join(" "), "zig/zig#2");
});

test.run();
