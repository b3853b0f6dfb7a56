import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readSiteConfig, type SiteConfig } from "../../../src/config/site-config.ts";
import { loadPortfolioContent } from "../../../src/content/load-portfolio-content.ts";
import {
  GithubRequiredError,
  loadGithubData,
  type GithubData,
  type GithubEnvironment,
  type RepositoryRef,
} from "../../../src/github/github-data.ts";
import { projectRepositories } from "../../../src/model/load-portfolio.ts";
import { readSnapshot } from "../../../src/github/snapshot.ts";
import {
  startFakeGithub,
  type FakeGithub,
  type FakeGithubOptions,
  type FakePull,
  type FakeRepository,
} from "../../support/fake-github.ts";

const TOKEN = "ghp_FAKE0TOKEN0FOR0TESTS0ONLY0123456789";
const config: SiteConfig = readSiteConfig({ CONTENT_DIR: "content", SITE_URL: "https://margo.example" });
const wanted: RepositoryRef[] = projectRepositories(config, await loadPortfolioContent(config.contentDir));
const snapshot = readSnapshot(join(config.contentDir, "github", "snapshot.json"));
if (!snapshot) throw new Error("the sample snapshot is missing");

/** Live GitHub in these tests: every sample repository with 1000 more stars than the snapshot says. */
function liveRepositories(): Record<string, FakeRepository> {
  return Object.fromEntries(
    wanted.map((ref, i) => [`${ref.owner}/${ref.name}`, { stars: 1000 + i, pushedAt: "2026-11-21T10:00:00Z" }]),
  );
}

function livePulls(count: number): FakePull[] {
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    title: `Pull ${i + 1}`,
    state: i % 3 === 0 ? "MERGED" : i % 3 === 1 ? "OPEN" : "CLOSED",
    createdAt: `2026-0${1 + (i % 9)}-1${i % 10}T12:00:00Z`,
    repo: `upstream-${i % 4}/project`,
    repoStars: 100 * ((i % 4) + 1),
  }));
}

interface Run {
  data?: GithubData;
  error?: unknown;
  server: FakeGithub;
  logs: string[];
  cacheDir: string;
}

async function run(
  options: Partial<FakeGithubOptions>,
  env: GithubEnvironment = {},
  refs: RepositoryRef[] = wanted,
): Promise<Run> {
  const server = await startFakeGithub({ repositories: liveRepositories(), pulls: livePulls(14), ...options });
  const cacheDir = mkdtempSync(join(tmpdir(), "folio-github-cache-"));
  const logs: string[] = [];
  try {
    const data = await loadGithubData(
      config,
      refs,
      {
        GITHUB_TOKEN: TOKEN,
        GITHUB_GRAPHQL_URL: server.url,
        GITHUB_CACHE_DIR: cacheDir,
        GITHUB_TIMEOUT_MS: "2000",
        ...env,
      },
      (line) => logs.push(line),
    );
    return { data, server, logs, cacheDir };
  } catch (error) {
    return { error, server, logs, cacheDir };
  } finally {
    await server.close();
  }
}

const done = (r: Run) => rmSync(r.cacheDir, { recursive: true, force: true });
const starsOf = (data: GithubData | undefined, ref: RepositoryRef) =>
  data?.repositories.get(`${ref.owner}/${ref.name}`.toLowerCase())?.stars;
const first = wanted[0] as RepositoryRef;
const snapshotStars = (ref: RepositoryRef) =>
  Object.entries(snapshot.repositories).find(
    ([key]) => key.toLowerCase() === `${ref.owner}/${ref.name}`.toLowerCase(),
  )?.[1].stars;

test("should fetch every repository and every pull request of the sample in one request, with the token", async () => {
  const r = await run({});

  assert.is(r.server.requests.length, 1);
  assert.is(r.server.requests[0]?.authorization, `bearer ${TOKEN}`);
  assert.is(starsOf(r.data, first), 1000);
  assert.is(r.data?.pulls.length, 14);
  assert.equal(r.data?.notes, {});
  done(r);
});

test("should grow the request count with pages of 100, not with items", async () => {
  const many = await run({ pulls: livePulls(250) });
  const manyRepos = Array.from({ length: 120 }, (_, i) => ({ owner: "margo-voss", name: `repo-${i}` }));
  const repos = await run(
    {
      repositories: Object.fromEntries(
        manyRepos.map((ref) => [`${ref.owner}/${ref.name}`, { stars: 1, pushedAt: null }]),
      ),
    },
    {},
    manyRepos,
  );

  assert.is(many.server.requests.length, 3);
  assert.is(many.data?.pulls.length, 250);
  assert.is(repos.server.requests.length, 3);
  assert.is(repos.data?.repositories.size, 120);
  done(many);
  done(repos);
});

test("should send no request at all without a token and say the snapshot is used", async () => {
  const server = await startFakeGithub({ repositories: liveRepositories(), pulls: [] });
  const logs: string[] = [];

  const data = await loadGithubData(config, wanted, { GITHUB_GRAPHQL_URL: server.url }, (line) => logs.push(line));
  await server.close();

  assert.is(server.requests.length, 0);
  assert.is(starsOf(data, first), snapshotStars(first));
  assert.match(data.notes.repositories ?? "", snapshot.fetched_at);
  assert.is(logs.filter((line) => line.includes("No GITHUB_TOKEN")).length, 1);
});

const faults: { name: string; fault: FakeGithubOptions["fault"]; reason: RegExp; env?: GithubEnvironment }[] = [
  { name: "HTTP 401", fault: () => ({ status: 401 }), reason: /refused the token \(HTTP 401\)/ },
  { name: "HTTP 403 without a retry hint", fault: () => ({ status: 403 }), reason: /refused the request \(HTTP 403\)/ },
  {
    name: "a long rate limit (429, Retry-After one hour)",
    fault: () => ({ status: 429, headers: { "retry-after": "3600" } }),
    reason: /rate limit/,
  },
  {
    // Not waited for: a second request would have had the live answer.
    name: "a short rate limit (429, Retry-After one second)",
    fault: (n) => (n === 0 ? { status: 429, headers: { "retry-after": "1" } } : undefined),
    reason: /rate limit/,
  },
  { name: "HTTP 502", fault: () => ({ status: 502 }), reason: /HTTP 502/ },
  {
    name: "a body that is not JSON",
    fault: () => ({ status: 200, body: "<html>Unicorn!</html>" }),
    reason: /not JSON/,
  },
  {
    name: "a GraphQL errors array without data",
    fault: () => ({ body: JSON.stringify({ errors: [{ message: "Something went wrong" }] }) }),
    reason: /GraphQL errors: Something went wrong/,
  },
  {
    name: "a timeout",
    fault: () => ({ delayMs: 1500 }),
    reason: /did not answer within 0.3 s/,
    env: { GITHUB_TIMEOUT_MS: "300" },
  },
];

for (const { name, fault, reason, env } of faults) {
  test(`should keep the last-known figures and say why after ${name}`, async () => {
    const r = await run({ fault }, env);

    assert.is(starsOf(r.data, first), snapshotStars(first));
    assert.is(r.data?.pulls.length, snapshot.pulls.length);
    assert.match(r.data?.notes.repositories ?? "", reason);
    assert.match(r.data?.notes.repositories ?? "", `snapshot of ${snapshot.fetched_at}`);
    assert.match(r.data?.notes.pulls ?? "", reason);
    done(r);
  });
}

test("should keep the last-known figures when GitHub cannot be reached at all", async () => {
  const server = await startFakeGithub({ repositories: {}, pulls: [] });
  await server.close();

  const data = await loadGithubData(
    config,
    wanted,
    { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: mkdtempSync(join(tmpdir(), "folio-gh-")) },
    () => {},
  );

  assert.is(starsOf(data, first), snapshotStars(first));
  assert.match(data.notes.repositories ?? "", /could not be reached/);
});

test("should keep a deleted or renamed repository's last-known stars and name it, while the others are live", async () => {
  const gone = wanted[3] as RepositoryRef;
  const r = await run({ fault: () => ({ notFound: [`${gone.owner}/${gone.name}`] }) });

  assert.is(starsOf(r.data, gone), snapshotStars(gone));
  assert.is(starsOf(r.data, first), 1000);
  assert.match(r.data?.notes.repositories ?? "", `${gone.owner}/${gone.name}`);
  assert.match(r.data?.notes.repositories ?? "", /renamed or deleted/);
  assert.not.match(r.data?.notes.repositories ?? "", first.name);
  assert.is(r.data?.notes.pulls, undefined);
  done(r);
});

test("should say when GitHub answers for a repository under a new name", async () => {
  const moved = wanted[2] as RepositoryRef;
  const repositories = liveRepositories();
  const key = `${moved.owner}/${moved.name}`;
  repositories[key] = { stars: 77, pushedAt: null, nameWithOwner: `${moved.owner}/${moved.name}-renamed` };
  const r = await run({ repositories });

  assert.is(starsOf(r.data, moved), 77);
  assert.match(r.data?.notes.repositories ?? "", `is now ${moved.owner}/${moved.name}-renamed`);
  done(r);
});

/** Every file of a cache folder, as text. */
const cacheTexts = (dir: string) => readdirSync(dir).map((file) => readFileSync(join(dir, file), "utf8"));

test("should publish, note, log and cache nothing of a pull request to a private repository", async () => {
  const secret = "Payroll export for the Q4 layoffs";
  const pulls: FakePull[] = [
    {
      number: 3,
      title: "Public fix",
      state: "MERGED",
      createdAt: "2026-03-01T00:00:00Z",
      repo: "python/cpython",
      repoStars: 9,
    },
    {
      number: 41,
      title: secret,
      state: "OPEN",
      createdAt: "2026-04-01T00:00:00Z",
      repo: "acme-corp/payroll",
      repoStars: 2,
      isPrivate: true,
    },
  ];
  const r = await run({ pulls });
  const cached = cacheTexts(r.cacheDir);

  assert.equal(
    r.data?.pulls.map((p) => `${p.repo}#${p.number}`),
    ["python/cpython#3"],
  );
  assert.equal(r.data?.notes, {});
  assert.match(String(r.server.requests[0]?.variables.pullsQuery), /^is:pr is:public /);
  assert.ok(cached.length > 0, "the answer was cached");
  for (const trace of [secret, "acme-corp"]) {
    assert.not.ok(
      cached.some((text) => text.includes(trace)),
      `no cache file carries ${trace}`,
    );
    assert.not.ok(
      r.logs.some((line) => line.includes(trace)),
      `no log line carries ${trace}`,
    );
  }
  done(r);
});

test("should show a private repository of the owner with its last-known figures and a note naming it", async () => {
  const hidden = wanted[1] as RepositoryRef;
  const repositories = liveRepositories();
  repositories[`${hidden.owner}/${hidden.name}`] = { stars: 4242, pushedAt: "2026-11-22T00:00:00Z", isPrivate: true };
  const r = await run({ repositories });

  assert.is(starsOf(r.data, hidden), snapshotStars(hidden));
  assert.is(starsOf(r.data, first), 1000);
  assert.match(r.data?.notes.repositories ?? "", `${hidden.owner}/${hidden.name} is private on GitHub`);
  assert.not.match(r.data?.notes.repositories ?? "", first.name);
  done(r);
});

test("should keep answers fetched with different tokens apart in a shared cache, without either token", async () => {
  const server = await startFakeGithub({ repositories: liveRepositories(), pulls: livePulls(2) });
  const cacheDir = mkdtempSync(join(tmpdir(), "folio-github-cache-"));
  const other = "ghp_OTHER0TOKEN0WITH0REPO0SCOPE0000000000";
  const load = (token: string) =>
    loadGithubData(
      config,
      wanted,
      { GITHUB_TOKEN: token, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: cacheDir },
      () => {},
    );

  await load(TOKEN);
  await load(other);
  await load(other);
  await server.close();
  const names = readdirSync(cacheDir);
  const texts = cacheTexts(cacheDir);

  assert.equal(
    server.requests.map((request) => request.authorization),
    [`bearer ${TOKEN}`, `bearer ${other}`],
  );
  assert.is(names.length, 2);
  for (const token of [TOKEN, other, TOKEN.slice(4), other.slice(4)]) {
    assert.not.ok(
      names.some((name) => name.includes(token)) || texts.some((text) => text.includes(token)),
      "no cache file carries a token",
    );
  }
  rmSync(cacheDir, { recursive: true, force: true });
});

test("should keep the whole last-known pull list when a later page fails, never a partial one", async () => {
  const r = await run({ pulls: livePulls(150), fault: (n) => (n === 1 ? { status: 500 } : undefined) });

  assert.is(r.data?.pulls.length, snapshot.pulls.length);
  assert.match(r.data?.notes.pulls ?? "", /HTTP 500/);
  assert.is(starsOf(r.data, first), 1000);
  done(r);
});

test("should keep the last-known pull list when the search fails inside a partial answer", async () => {
  const r = await run({ fault: () => ({ failPulls: true }) });

  assert.is(r.data?.pulls.length, snapshot.pulls.length);
  assert.match(r.data?.notes.pulls ?? "", /Search is temporarily unavailable/);
  assert.is(starsOf(r.data, first), 1000);
  done(r);
});

test("should leave out pull requests to the owner's own repositories and lower-case the states", async () => {
  const pulls: FakePull[] = [
    {
      number: 1,
      title: "Own",
      state: "MERGED",
      createdAt: "2026-01-01T00:00:00Z",
      repo: `${config.site.github}/kestrel-os`,
      repoStars: 5,
    },
    {
      number: 2,
      title: "Theirs",
      state: "OPEN",
      createdAt: "2026-02-03T23:30:00Z",
      repo: "python/cpython",
      repoStars: 9,
    },
  ];
  const r = await run({ pulls });

  assert.equal(r.data?.pulls, [
    {
      repo: "python/cpython",
      number: 2,
      title: "Theirs",
      state: "open",
      url: "https://github.com/python/cpython/pull/2",
      created: "2026-02-03",
      repoStars: 9,
    },
  ]);
  done(r);
});

test("should answer a second build from the cache without a request, and never store the token", async () => {
  const server = await startFakeGithub({ repositories: liveRepositories(), pulls: livePulls(14) });
  const cacheDir = mkdtempSync(join(tmpdir(), "folio-github-cache-"));
  const env = { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: cacheDir };

  await loadGithubData(config, wanted, env, () => {});
  const again = await loadGithubData(config, wanted, env, () => {});
  await server.close();
  const cached = readdirSync(cacheDir).map((file) => readFileSync(join(cacheDir, file), "utf8"));

  assert.is(server.requests.length, 1);
  assert.is(starsOf(again, first), 1000);
  assert.ok(cached.length > 0);
  assert.not.ok(cached.some((text) => text.includes(TOKEN)));
  rmSync(cacheDir, { recursive: true, force: true });
});

test("should not cache a partial answer", async () => {
  const gone = wanted[1] as RepositoryRef;
  const server = await startFakeGithub({
    repositories: liveRepositories(),
    pulls: [],
    fault: () => ({ notFound: [`${gone.owner}/${gone.name}`] }),
  });
  const cacheDir = mkdtempSync(join(tmpdir(), "folio-github-cache-"));
  const env = { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: cacheDir };

  await loadGithubData(config, wanted, env, () => {});
  await loadGithubData(config, wanted, env, () => {});
  await server.close();

  assert.is(server.requests.length, 2);
  rmSync(cacheDir, { recursive: true, force: true });
});

test("should fail instead of falling back when GITHUB_REQUIRED is set", async () => {
  const r = await run({ fault: () => ({ status: 503 }) }, { GITHUB_REQUIRED: "1" });
  let withoutToken: unknown;
  try {
    await loadGithubData(config, wanted, { GITHUB_REQUIRED: "1" }, () => {});
  } catch (error) {
    withoutToken = error;
  }

  assert.instance(r.error, GithubRequiredError);
  assert.match(String((r.error as Error).message), /HTTP 503/);
  assert.instance(withoutToken, GithubRequiredError);
  assert.match(String((withoutToken as Error).message), /GITHUB_TOKEN is not set/);
  done(r);
});

test("should say a dead GitHub's fault in one line, with how many repositories fell back", async () => {
  const r = await run({ fault: () => ({ status: 503 }) });

  assert.ok(wanted.length > 1);
  assert.equal(
    r.logs.filter((line) => line.includes("Fallback")),
    [
      `[github] Fallback: ${wanted.length}/${wanted.length} repositories and the pull requests: GitHub answered HTTP 503`,
    ],
  );
  assert.match(r.data?.notes.repositories ?? "", /from the GitHub snapshot of .*: GitHub answered HTTP 503/);
  done(r);
});

test("should never print the token in its log lines", async () => {
  const r = await run({ fault: () => ({ status: 401 }) });

  assert.ok(r.logs.length > 0);
  assert.not.ok(r.logs.some((line) => line.includes(TOKEN)));
  done(r);
});

test.run();
