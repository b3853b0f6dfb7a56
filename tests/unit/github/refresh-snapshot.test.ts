import { spawnSync } from "node:child_process";
import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readSiteConfig } from "../../../src/config/site-config.ts";
import { loadPortfolioContent } from "../../../src/content/load-portfolio-content.ts";
import { refreshSnapshot } from "../../../src/github/refresh-snapshot.ts";
import { readSnapshot } from "../../../src/github/snapshot.ts";
import { projectRepositories } from "../../../src/model/load-portfolio.ts";
import { forgetSecrets, registerSecret } from "../../../src/util/redact.ts";
import { startFakeGithub } from "../../support/fake-github.ts";

const NOW = new Date("2026-11-21T06:00:00Z");
const TOKEN = "ghp_REFRESH0TEST0TOKEN0000000000000000000";

async function setUp() {
  const contentDir = mkdtempSync(join(tmpdir(), "folio-snapshot-"));
  cpSync("content", contentDir, { recursive: true });
  const config = readSiteConfig({ CONTENT_DIR: contentDir, SITE_URL: "https://margo.example" });
  const wanted = projectRepositories(config, await loadPortfolioContent(contentDir));
  const repositories = Object.fromEntries(
    wanted.map((ref, i) => [
      `${ref.owner}/${ref.name}`,
      { stars: i, pushedAt: i === 0 ? null : "2026-11-21T01:02:03Z" },
    ]),
  );
  return { contentDir, config, wanted, repositories, file: join(contentDir, "github", "snapshot.json") };
}

test("should rewrite the snapshot from live data in the shape the build reads", async () => {
  const { contentDir, config, wanted, repositories, file } = await setUp();
  const server = await startFakeGithub({
    repositories,
    pulls: [
      {
        number: 5,
        title: 'Fix <tag> & "quotes"',
        state: "MERGED",
        createdAt: "2026-10-01T10:00:00Z",
        repo: "python/cpython",
        repoStars: 70000,
      },
    ],
  });

  const result = await refreshSnapshot(
    config,
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: join(contentDir, ".cache") },
    NOW,
  );
  await server.close();
  const written = readSnapshot(file);

  assert.is(result.requests, 1);
  assert.is(written?.fetched_at, "2026-11-21T06:00:00Z");
  assert.is(Object.keys(written?.repositories ?? {}).length, wanted.length);
  assert.equal(written?.pulls, [
    {
      repo: "python/cpython",
      number: 5,
      title: 'Fix <tag> & "quotes"',
      state: "merged",
      url: "https://github.com/python/cpython/pull/5",
      created: "2026-10-01",
      repo_stars: 70000,
    },
  ]);
  rmSync(contentDir, { recursive: true, force: true });
});

test("should write a live javascript: link as the pull request's github.com address, and say so", async () => {
  const { contentDir, config, wanted, repositories, file } = await setUp();
  const server = await startFakeGithub({
    repositories,
    pulls: [
      {
        number: 9,
        title: "Bell\u0007",
        state: "OPEN",
        createdAt: "2026-10-01T10:00:00Z",
        repo: "zig/zig",
        repoStars: 1,
        url: "javascript:alert(1)",
      },
    ],
  });

  const result = await refreshSnapshot(
    config,
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: join(contentDir, ".cache") },
    NOW,
  );
  await server.close();

  assert.equal(
    readSnapshot(file)?.pulls.map((p) => [p.url, p.title]),
    [["https://github.com/zig/zig/pull/9", "Bell"]],
  );
  assert.not.match(readFileSync(file, "utf8"), "javascript:");
  assert.match(result.cleaned.join(" "), "zig/zig#9");
  rmSync(contentDir, { recursive: true, force: true });
});

test("should write no pull request to a private repository into the snapshot", async () => {
  const { contentDir, config, wanted, repositories, file } = await setUp();
  const server = await startFakeGithub({
    repositories,
    pulls: [
      {
        number: 5,
        title: "Public",
        state: "MERGED",
        createdAt: "2026-10-01T10:00:00Z",
        repo: "python/cpython",
        repoStars: 70000,
      },
      {
        number: 6,
        title: "Confidential merger prep",
        state: "OPEN",
        createdAt: "2026-10-02T10:00:00Z",
        repo: "acme-corp/deals",
        repoStars: 1,
        isPrivate: true,
      },
    ],
  });

  const result = await refreshSnapshot(
    config,
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: join(contentDir, ".cache") },
    NOW,
  );
  await server.close();

  assert.equal(result.problems, []);
  assert.equal(
    readSnapshot(file)?.pulls.map((p) => p.repo),
    ["python/cpython"],
  );
  assert.not.match(readFileSync(file, "utf8"), /Confidential|acme-corp/);
  rmSync(contentDir, { recursive: true, force: true });
});

test("should leave the committed snapshot untouched when live data is incomplete", async () => {
  const { contentDir, config, wanted, repositories, file } = await setUp();
  const before = readFileSync(file, "utf8");
  const server = await startFakeGithub({ repositories, pulls: [], fault: () => ({ status: 502 }) });

  const result = await refreshSnapshot(
    config,
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: join(contentDir, ".cache") },
    NOW,
  );
  await server.close();

  assert.is(result.snapshot, null);
  assert.match(result.problems.join("\n"), "HTTP 502");
  assert.is(readFileSync(file, "utf8"), before);
  rmSync(contentDir, { recursive: true, force: true });
});

test("should refuse to run without a token", async () => {
  const { contentDir, config, wanted } = await setUp();

  const result = await refreshSnapshot(config, wanted, {}, NOW);

  assert.is(result.snapshot, null);
  assert.match(result.problems[0] ?? "", "GITHUB_TOKEN");
  rmSync(contentDir, { recursive: true, force: true });
});

test("should write a snapshot without the token when a pull title hides it between invisible or control characters", async () => {
  const { contentDir, config, wanted, repositories, file } = await setUp();
  const pulls = ["\u0007", "\u007f", "\u0085", "\u200d", "\u2028"].map((inside, i) => ({
    number: 20 + i,
    title: `T${i} ${TOKEN.slice(0, 5)}${inside}${TOKEN.slice(5)}`,
    state: "OPEN" as const,
    createdAt: "2026-10-01T10:00:00Z",
    repo: "zig/zig",
    repoStars: 1,
  }));
  const server = await startFakeGithub({ repositories, pulls });

  const result = await refreshSnapshot(
    config,
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: join(contentDir, ".cache") },
    NOW,
  );
  await server.close();
  const text = readFileSync(file, "utf8");

  assert.equal(result.problems, []);
  assert.equal(
    readSnapshot(file)?.pulls.map((p) => p.title),
    ["T0 [redacted]", "T1 [redacted]", "T2 [redacted]", "T3 [redacted]", "T4 [redacted]"],
  );
  assert.not.ok(
    text.replace(/[^\x21-\x7e]/g, "").includes(TOKEN),
    "the snapshot must not carry the token, however disguised",
  );
  assert.not.ok(text.includes(TOKEN.slice(5)), "nor any disguised form of it");
  rmSync(contentDir, { recursive: true, force: true });
});

test("should refuse to write a snapshot that would carry a secret, naming the setting and not the value", async () => {
  const { contentDir, config, wanted, repositories, file } = await setUp();
  const before = readFileSync(file, "utf8");
  // A secret no redaction step is asked to look for: the snapshot's own fetch time.
  const secret = "2026-11-21T06:00:00Z";
  registerSecret(secret, "GITHUB_GRAPHQL_URL");
  const server = await startFakeGithub({ repositories, pulls: [] });

  const result = await refreshSnapshot(
    config,
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: join(contentDir, ".cache") },
    NOW,
  );
  await server.close();
  forgetSecrets();

  assert.is(result.snapshot, null);
  assert.equal(result.problems, [
    "the snapshot would carry the value of GITHUB_GRAPHQL_URL (not shown), and it is committed and published",
  ]);
  assert.is(readFileSync(file, "utf8"), before);
  rmSync(contentDir, { recursive: true, force: true });
});

test("should replace a link or FIFO planted in the snapshot's place, never writing through it (before: the link's target overwritten, the FIFO hung)", async () => {
  const { contentDir, config, wanted, repositories, file } = await setUp();
  const victim = `${contentDir}-victim`;
  writeFileSync(victim, "precious\n");
  const server = await startFakeGithub({ repositories, pulls: [] });
  const env = { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: join(contentDir, ".cache") };
  for (const plant of [() => symlinkSync(victim, file), () => spawnSync("mkfifo", [file])]) {
    rmSync(file, { force: true });
    plant();
    // A FIFO without a reader would block an ordinary open for writing for ever.
    const result = await refreshSnapshot(config, wanted, env, NOW);
    assert.ok(result.snapshot);
    assert.ok(lstatSync(file).isFile(), "a regular file in its place");
    assert.is(readSnapshot(file)?.fetched_at, "2026-11-21T06:00:00Z");
  }
  await server.close();

  assert.is(readFileSync(victim, "utf8"), "precious\n");
  assert.equal(readdirSync(join(contentDir, "github")), ["snapshot.json"], "no temporary file left");
  rmSync(victim);
  rmSync(contentDir, { recursive: true, force: true });
});

test.run();
