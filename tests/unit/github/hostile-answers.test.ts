import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readSiteConfig, type SiteConfig } from "../../../src/config/site-config.ts";
import { ContentError } from "../../../src/content/content-error.ts";
import { loadPortfolioContent } from "../../../src/content/load-portfolio-content.ts";
import {
  loadGithubData,
  type GithubData,
  type GithubEnvironment,
  type RepositoryRef,
} from "../../../src/github/github-data.ts";
import { projectRepositories } from "../../../src/model/load-portfolio.ts";
import { readSnapshot } from "../../../src/github/snapshot.ts";
import { keepEntry } from "../../../src/util/build-cache.ts";
import { forgetSecrets } from "../../../src/util/redact.ts";
import {
  startFakeGithub,
  TWO_PULLS,
  type FakeAnswer,
  type FakeGithub,
  type FakeGithubOptions,
  type FakePull,
  type FakeRepository,
} from "../../support/fake-github.ts";

/*
 * GitHub's answers are untrusted and the token is a secret: every fault a live fetch can meet,
 * with answers that echo the token in their headers, bodies and error messages, must end in
 * last-known data with a note, and the token must reach no note, log line, error or cache file.
 */

const TOKEN = "ghp_HOSTILE0TOKEN0MUST0NEVER0LEAK00000000";
const config: SiteConfig = readSiteConfig({ CONTENT_DIR: "content", SITE_URL: "https://margo.example" });
const wanted: RepositoryRef[] = projectRepositories(config, await loadPortfolioContent(config.contentDir));
const snapshot = readSnapshot(join(config.contentDir, "github", "snapshot.json"));
if (!snapshot) throw new Error("the sample snapshot is missing");
const first = wanted[0] as RepositoryRef;
const second = wanted[1] as RepositoryRef;

function liveRepositories(): Record<string, FakeRepository> {
  return Object.fromEntries(
    wanted.map((ref, i) => [`${ref.owner}/${ref.name}`, { stars: 1000 + i, pushedAt: "2026-11-21T10:00:00Z" }]),
  );
}

const livePulls: FakePull[] = [...TWO_PULLS];

interface Run {
  data?: GithubData;
  error?: unknown;
  server: FakeGithub;
  logs: string[];
  cacheDir: string;
}

/** Every cache folder this file made, removed after the last test whatever each test did. */
const madeFolders: string[] = [];
function madeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-hostile-cache-"));
  madeFolders.push(dir);
  return dir;
}

async function run(
  options: Partial<FakeGithubOptions>,
  env: GithubEnvironment = {},
  refs: RepositoryRef[] = wanted,
): Promise<Run> {
  const server = await startFakeGithub({ repositories: liveRepositories(), pulls: livePulls, ...options });
  const cacheDir = madeFolder();
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

/** Every text a run left: its data and notes, its log, its error, and each file of its cache. */
function traces(r: Run): string[] {
  const texts = [...r.logs, r.error instanceof Error ? r.error.message : String(r.error ?? "")];
  if (r.data)
    texts.push(JSON.stringify({ repositories: [...r.data.repositories], pulls: r.data.pulls, notes: r.data.notes }));
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else texts.push(readFileSync(full, "latin1"));
    }
  };
  walk(r.cacheDir);
  return texts;
}

function assertNoSecret(r: Run, secret: string = TOKEN): void {
  const leaking = traces(r).filter((text) => text.includes(secret));
  assert.equal(leaking, [], `the secret must appear in no note, log, error or cache file`);
  rmSync(r.cacheDir, { recursive: true, force: true });
}

const starsOf = (data: GithubData | undefined, ref: RepositoryRef) =>
  data?.repositories.get(`${ref.owner}/${ref.name}`.toLowerCase())?.stars;
const snapshotStars = (ref: RepositoryRef) =>
  Object.entries(snapshot.repositories).find(
    ([key]) => key.toLowerCase() === `${ref.owner}/${ref.name}`.toLowerCase(),
  )?.[1].stars;
const echo = (authorization: string | undefined) => `you sent: ${authorization ?? ""}`;

test.after(() => {
  for (const dir of madeFolders) rmSync(dir, { recursive: true, force: true });
  forgetSecrets();
});

// Every fault class of the live-data tests, each answered by a server that echoes the token.
const faults: {
  name: string;
  fault: NonNullable<FakeGithubOptions["fault"]>;
  reason: RegExp;
  env?: GithubEnvironment;
}[] = [
  {
    name: "HTTP 401",
    fault: (_, q) => ({
      status: 401,
      headers: { "www-authenticate": echo(q.authorization) },
      body: JSON.stringify({ message: echo(q.authorization) }),
    }),
    reason: /HTTP 401/,
  },
  {
    name: "HTTP 403",
    fault: (_, q) => ({ status: 403, headers: { "x-echo": echo(q.authorization) }, body: echo(q.authorization) }),
    reason: /HTTP 403/,
  },
  {
    name: "a rate limit",
    fault: (_, q) => ({ status: 429, headers: { "retry-after": "3600", "x-echo": echo(q.authorization) } }),
    reason: /rate limit/,
  },
  { name: "HTTP 503", fault: (_, q) => ({ status: 503, body: echo(q.authorization) }), reason: /HTTP 503/ },
  {
    name: "a body that is not JSON",
    fault: (_, q) => ({ status: 200, body: `<html>${echo(q.authorization)}</html>` }),
    reason: /not JSON/,
  },
  {
    // JSON, but deeper than the walks after the parse can go. Before: "was not JSON (HTTP 200)".
    name: "an answer nested 200,000 deep",
    fault: (_, q) => ({
      body: `{"data":{"x":"${echo(q.authorization)}","y":${"[".repeat(200_000)}${"]".repeat(200_000)}}}`,
    }),
    reason: /nested too deep to read/,
  },
  {
    name: "GraphQL errors without data",
    fault: (_, q) => ({ body: JSON.stringify({ errors: [{ message: `Bad credentials: ${echo(q.authorization)}` }] }) }),
    reason: /GraphQL errors: Bad credentials: you sent: bearer \[redacted\]/,
  },
  {
    name: "GraphQL errors spelling the token with \\u escapes",
    fault: (_, q) => ({
      body: `{"errors":[{"message":"${[...(q.authorization ?? "")].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"}]}`,
    }),
    reason: /GraphQL errors: bearer \[redacted\]/,
  },
  {
    // Sent in chunks, with no length announced: reading stops after 32 MiB. The size is what is
    // tested, not the speed: reading 32 MiB may take longer than the 2 s of the other cases on
    // a loaded machine, and the timeout would then be the reason given.
    name: "an answer larger than 32 MiB",
    fault: (_, q) => ({ body: `{"data":{"x":"${echo(q.authorization)}${" ".repeat(33 * 1024 * 1024)}"}}` }),
    reason: /larger than 32 MiB and was not read/,
    env: { GITHUB_TIMEOUT_MS: "120000" },
  },
  {
    // Announced by Content-Length: refused before the body is read.
    name: "an announced answer larger than 32 MiB",
    fault: (_, q) => {
      const body = `{"data":{"x":"${echo(q.authorization)}${" ".repeat(33 * 1024 * 1024)}"}}`;
      return { headers: { "content-length": String(Buffer.byteLength(body)) }, body };
    },
    env: { GITHUB_TIMEOUT_MS: "120000" },
    reason: /larger than 32 MiB and was not read/,
  },
  {
    name: "a timeout",
    fault: (_, q) => ({ delayMs: 1500, headers: { "x-echo": echo(q.authorization) } }),
    reason: /did not answer within 0.3 s/,
    env: { GITHUB_TIMEOUT_MS: "300" },
  },
];

for (const { name, fault, reason, env } of faults) {
  test(`should fall back with a note and leak no token after ${name}`, async () => {
    const r = await run({ fault }, env);

    assert.is(r.error, undefined);
    assert.is(starsOf(r.data, first), snapshotStars(first));
    assert.is(r.data?.pulls.length, snapshot.pulls.length);
    assert.match(r.data?.notes.repositories ?? "", reason);
    assert.match(r.data?.notes.pulls ?? "", reason);
    assert.ok(r.logs.some((line) => reason.test(line)));
    assertNoSecret(r);
  });
}

test("should fall back with a note, and ask no other origin, when GitHub redirects to one", async () => {
  const other = await startFakeGithub({
    repositories: Object.fromEntries(
      wanted.map((ref) => [`${ref.owner}/${ref.name}`, { stars: 7, pushedAt: "2026-11-21T10:00:00Z" }]),
    ),
    pulls: [],
  });
  try {
    for (const status of [302, 307]) {
      const r = await run({ fault: () => ({ status, headers: { location: other.url } }) });

      assert.is(other.requests.length, 0, `HTTP ${status} must not be followed`);
      assert.is(starsOf(r.data, first), snapshotStars(first));
      assert.match(r.data?.notes.repositories ?? "", /redirected to http:\/\/127\.0\.0\.1:\d+, not followed/);
      assertNoSecret(r);
    }
  } finally {
    await other.close();
  }
});

test("should keep the live repositories and leak no token when a partial answer's errors echo it", async () => {
  const r = await run({
    fault: (_, q) => ({
      rewrite: (answer: FakeAnswer) => ({
        data: { ...answer.data, r1: null, pulls: null },
        errors: [
          { type: "FORBIDDEN", path: ["r1"], message: `Resource not accessible by ${echo(q.authorization)}` },
          { type: "FORBIDDEN", path: ["pulls"], message: `Search refused for ${echo(q.authorization)}` },
        ],
      }),
    }),
  });

  assert.is(starsOf(r.data, first), 1000);
  assert.is(starsOf(r.data, second), snapshotStars(second));
  assert.match(r.data?.notes.repositories ?? "", "Resource not accessible by you sent: bearer [redacted]");
  assert.match(r.data?.notes.pulls ?? "", "Search refused for you sent: bearer [redacted]");
  assertNoSecret(r);
});

test("should name a renamed repository, and fall back for one whose new name echoes the token", async () => {
  const repositories = liveRepositories();
  repositories[`${first.owner}/${first.name}`] = { stars: 5, pushedAt: null, nameWithOwner: `${first.owner}/${TOKEN}` };
  repositories[`${second.owner}/${second.name}`] = {
    stars: 6,
    pushedAt: null,
    nameWithOwner: `${second.owner}/${second.name}-renamed`,
  };
  const r = await run({ repositories });

  assert.is(starsOf(r.data, first), snapshotStars(first));
  assert.is(starsOf(r.data, second), 6);
  assert.match(r.data?.notes.repositories ?? "", `is now ${second.owner}/${second.name}-renamed`);
  assert.match(r.data?.notes.repositories ?? "", "nameWithOwner: expected owner/name");
  assertNoSecret(r);
});

test("should say a repository is gone, with a NOT_FOUND message that echoes the token redacted", async () => {
  const r = await run({
    fault: (_, q) => ({
      rewrite: (answer: FakeAnswer) => ({
        data: { ...answer.data, r0: null },
        errors: [{ type: "NOT_FOUND", path: ["r0"], message: echo(q.authorization) }],
      }),
    }),
  });

  assert.is(starsOf(r.data, first), snapshotStars(first));
  assert.match(r.data?.notes.repositories ?? "", "renamed or deleted");
  assert.is(starsOf(r.data, second), 1001);
  assertNoSecret(r);
});

test("should publish a live title that echoes the token without it, and cache no token", async () => {
  const r = await run({ pulls: [{ ...(livePulls[0] as FakePull), title: `Leaked ${TOKEN} here` }] });

  assert.equal(
    r.data?.pulls.map((p) => p.title),
    ["Leaked [redacted] here"],
  );
  assert.ok(readdirSync(r.cacheDir).length > 0, "the clean answer is cached");
  assertNoSecret(r);
});

test("should refuse a token with a line break before any request, without echoing it", async () => {
  const r = await run({}, { GITHUB_TOKEN: "ghp_FAKE123\nx" });

  assert.instance(r.error, ContentError);
  assert.match((r.error as Error).message, /GITHUB_TOKEN: .*line break/);
  assert.is(r.server.requests.length, 0);
  assertNoSecret(r, "ghp_FAKE123");
});

test("should refuse a token in the URL's userinfo before any request, without echoing it", async () => {
  const server = await startFakeGithub({ repositories: liveRepositories(), pulls: livePulls });
  const url = server.url.replace("http://", "http://user:ghp_SECRET0IN0THE0URL@");
  const r = await run({}, { GITHUB_GRAPHQL_URL: url });
  await server.close();

  assert.instance(r.error, ContentError);
  assert.match((r.error as Error).message, "GITHUB_GRAPHQL_URL");
  assert.is(server.requests.length, 0);
  assertNoSecret(r, "ghp_SECRET0IN0THE0URL");
});

type Rewrite = (answer: FakeAnswer) => unknown;
const withRepository =
  (change: (node: Record<string, unknown>) => unknown): Rewrite =>
  (answer) => ({
    data: { ...answer.data, r0: change({ ...(answer.data.r0 as Record<string, unknown>) }) },
  });

const repositoryShapes: [string, Rewrite, string][] = [
  ["nameWithOwner 42", withRepository((n) => ({ ...n, nameWithOwner: 42 })), "nameWithOwner: expected a string"],
  [
    'stargazerCount "12"',
    withRepository((n) => ({ ...n, stargazerCount: "12" })),
    "stargazerCount: expected a whole number",
  ],
  [
    "stargazerCount -1",
    withRepository((n) => ({ ...n, stargazerCount: -1 })),
    "stargazerCount: expected a whole number",
  ],
  [
    "stargazerCount 1.5",
    withRepository((n) => ({ ...n, stargazerCount: 1.5 })),
    "stargazerCount: expected a whole number",
  ],
  ["pushedAt 7", withRepository((n) => ({ ...n, pushedAt: 7 })), "pushedAt: expected a string or null"],
  [
    "pushedAt not a date",
    withRepository((n) => ({ ...n, pushedAt: "yesterday" })),
    "pushedAt: expected an ISO 8601 date-time",
  ],
  ["a repository that is a list", withRepository(() => []), "expected an object"],
  ["isPrivate null", withRepository((n) => ({ ...n, isPrivate: null })), "isPrivate: expected true or false"],
  [
    "a renamed name with a control character",
    withRepository((n) => ({ ...n, nameWithOwner: "margo-voss/evil\u001b[2J" })),
    "nameWithOwner: expected owner/name",
  ],
];

for (const [name, rewrite, words] of repositoryShapes) {
  test(`should fall back for that repository alone when GitHub answers ${name}`, async () => {
    const r = await run({ fault: () => ({ rewrite }) });

    assert.is(r.error, undefined, String(r.error));
    assert.is(starsOf(r.data, first), snapshotStars(first));
    assert.is(starsOf(r.data, second), 1001);
    assert.match(r.data?.notes.repositories ?? "", `${first.owner}/${first.name}`);
    assert.match(r.data?.notes.repositories ?? "", "unexpected shape");
    assert.match(r.data?.notes.repositories ?? "", words);
    assert.is(r.data?.pulls.length, livePulls.length);
    assert.not.match(r.data?.notes.repositories ?? "", "\u001b");
    assertNoSecret(r);
  });
}

const withPulls =
  (change: (pulls: Record<string, unknown>) => unknown): Rewrite =>
  (answer) => ({
    data: { ...answer.data, pulls: change(JSON.parse(JSON.stringify(answer.data.pulls)) as Record<string, unknown>) },
  });
const withFirstPull = (change: (node: Record<string, unknown>) => unknown): Rewrite =>
  withPulls((pulls) => ({ ...pulls, nodes: [change({ ...((pulls.nodes as Record<string, unknown>[])[0] ?? {}) })] }));

const pullShapes: [string, Rewrite, string][] = [
  ["nodes that are not a list", withPulls((p) => ({ ...p, nodes: { 0: "x" } })), "pulls.nodes: expected a list"],
  ["no pageInfo", withPulls((p) => ({ ...p, pageInfo: undefined })), "pulls.pageInfo: expected an object"],
  ["a search result that is a string", withPulls(() => "many"), "pulls: expected an object"],
  [
    "a title that is an object",
    withFirstPull((n) => ({ ...n, title: { text: "x" } })),
    "pulls.nodes.0.title: expected a string",
  ],
  [
    "a number that is a string",
    withFirstPull((n) => ({ ...n, number: "1" })),
    "pulls.nodes.0.number: expected a whole number",
  ],
  [
    "an unknown state",
    withFirstPull((n) => ({ ...n, state: "DRAFT" })),
    "pulls.nodes.0.state: expected one of OPEN, CLOSED, MERGED",
  ],
  [
    "a repository that is null",
    withFirstPull((n) => ({ ...n, repository: null })),
    "pulls.nodes.0.repository: expected an object",
  ],
  [
    "a repository name with a control character",
    withFirstPull((n) => ({
      ...n,
      repository: { nameWithOwner: "evil/\u009bname", isPrivate: false, stargazerCount: 1, owner: { login: "evil" } },
    })),
    "nameWithOwner: expected owner/name",
  ],
  [
    "a repository that does not say whether it is private",
    withFirstPull((n) => ({ ...n, repository: { ...(n.repository as object), isPrivate: undefined } })),
    "pulls.nodes.0.repository.isPrivate: expected true or false",
  ],
  [
    'isPrivate as the text "false"',
    withFirstPull((n) => ({ ...n, repository: { ...(n.repository as object), isPrivate: "false" } })),
    "pulls.nodes.0.repository.isPrivate: expected true or false",
  ],
  [
    "a createdAt that is a number",
    withFirstPull((n) => ({ ...n, createdAt: 7 })),
    "pulls.nodes.0.createdAt: expected a string or null",
  ],
];

for (const [name, rewrite, words] of pullShapes) {
  test(`should fall back for the whole pull list when the search answers ${name}`, async () => {
    const r = await run({ fault: () => ({ rewrite }) });

    assert.is(r.error, undefined, String(r.error));
    assert.equal(
      r.data?.pulls.map((p) => p.url),
      snapshot.pulls.map((p) => p.url),
    );
    assert.match(r.data?.notes.pulls ?? "", "unexpected shape");
    assert.match(r.data?.notes.pulls ?? "", words);
    assert.is(starsOf(r.data, first), 1000);
    assertNoSecret(r);
  });
}

const envelopeShapes: [string, string][] = [
  ["data that is a number", JSON.stringify({ data: 42 })],
  ["data that is a list", JSON.stringify({ data: [] })],
  ["errors that are not a list", JSON.stringify({ data: {}, errors: "boom" })],
  ["an error whose message is an object", JSON.stringify({ errors: [{ message: { text: "x" } }] })],
  ["a JSON list", "[]"],
  ["JSON null", "null"],
];

for (const [name, body] of envelopeShapes) {
  test(`should fall back for everything when the answer is ${name}`, async () => {
    const r = await run({ fault: () => ({ body }) });

    assert.is(r.error, undefined, String(r.error));
    assert.is(starsOf(r.data, first), snapshotStars(first));
    assert.is(r.data?.pulls.length, snapshot.pulls.length);
    assert.match(r.data?.notes.repositories ?? "", "unexpected shape");
    assert.match(r.data?.notes.pulls ?? "", "unexpected shape");
    assertNoSecret(r);
  });
}

test("should replace a live pull link that is not http(s) by its github.com address, and say so", async () => {
  const r = await run({
    pulls: [
      { ...(livePulls[0] as FakePull), url: "javascript:alert(1)" },
      { ...(livePulls[1] as FakePull), url: "https://user:pass@github.com/zig/zig/pull/2" },
    ],
  });

  assert.equal(
    r.data?.pulls.map((p) => p.url),
    ["https://github.com/python/cpython/pull/1", "https://github.com/zig/zig/pull/2"],
  );
  assert.match(r.data?.notes.pulls ?? "", "not http(s) URLs for python/cpython#1, zig/zig#2");
  assert.not.match(JSON.stringify(r.data?.pulls), "javascript:");
  assertNoSecret(r);
});

test("should remove control characters from live titles, and say so", async () => {
  const r = await run({ pulls: [{ ...(livePulls[0] as FakePull), title: "Fix\u001b[31m red\u0007 \u009b2J" }] });

  assert.equal(
    r.data?.pulls.map((p) => p.title),
    ["Fix[31m red 2J"],
  );
  assert.match(r.data?.notes.pulls ?? "", "Control characters were removed from the titles of python/cpython#1.");
  assertNoSecret(r);
});

test("should give the UTC day of a pull opened with an offset", async () => {
  const r = await run({ pulls: [{ ...(livePulls[0] as FakePull), createdAt: "2026-02-03T23:30:00-05:00" }] });

  assert.equal(
    r.data?.pulls.map((p) => p.created),
    ["2026-02-04"],
  );
  assertNoSecret(r);
});

test("should stop asking when GitHub keeps announcing the same next page", async () => {
  const r = await run({
    fault: () => ({
      rewrite: (answer) => ({
        data: {
          ...answer.data,
          pulls: { issueCount: 2, pageInfo: { hasNextPage: true, endCursor: "same" }, nodes: [] },
        },
      }),
    }),
  });

  assert.ok(r.server.requests.length <= 2, `${r.server.requests.length} requests`);
  assert.match(r.data?.notes.pulls ?? "", "kept announcing more pull requests");
  assertNoSecret(r);
});

test("should stop after 50 pages when GitHub keeps announcing new ones", async () => {
  const r = await run({
    fault: (n) => ({
      rewrite: (answer) => ({
        data: {
          ...answer.data,
          pulls: { issueCount: 1, pageInfo: { hasNextPage: true, endCursor: `c${n}` }, nodes: [] },
        },
      }),
    }),
  });

  assert.is(r.server.requests.length, 50);
  assert.match(r.data?.notes.pulls ?? "", "kept announcing more pull requests after 50 pages");
  assert.is(r.data?.pulls.length, snapshot.pulls.length);
  assertNoSecret(r);
});

test("should stop asking when all of GitHub's answers take longer than six request timeouts", async () => {
  // Each answer well within its own timeout (400 ms), each announcing another page: without a
  // deadline for the whole fetch, 50 pages (7.5 s here; ten minutes of 10 s answers by default).
  const r = await run(
    {
      fault: (n) => ({
        delayMs: 150,
        rewrite: (answer) => ({
          data: {
            ...answer.data,
            pulls: { issueCount: 1, pageInfo: { hasNextPage: true, endCursor: `c${n}` }, nodes: [] },
          },
        }),
      }),
    },
    { GITHUB_TIMEOUT_MS: "400" },
  );

  assert.ok(r.server.requests.length < 25, `${r.server.requests.length} requests`);
  assert.match(r.data?.notes.pulls ?? "", "GitHub took more than 2.4 s in all (6 times GITHUB_TIMEOUT_MS)");
  assert.is(r.data?.pulls.length, snapshot.pulls.length);
  assertNoSecret(r);
});

test("should handle repositories and pull targets named like Object.prototype members", async () => {
  const names = ["__proto__", "constructor", "toString", "hasOwnProperty"];
  const refs = names.map((name) => ({ owner: "margo-voss", name }));
  const repositories = Object.fromEntries(
    names.map((name, i) => [`margo-voss/${name}`, { stars: 10 + i, pushedAt: null }]),
  );
  const pulls: FakePull[] = names.map((name, i) => ({
    number: i + 1,
    title: name,
    state: "OPEN",
    createdAt: "2026-01-01T00:00:00Z",
    repo: `${name}/${name}`,
    repoStars: i,
  }));
  const r = await run({ repositories, pulls }, {}, refs);

  assert.is(r.error, undefined, String(r.error));
  assert.equal(
    refs.map((ref) => starsOf(r.data, ref)),
    [10, 11, 12, 13],
  );
  assert.equal(
    r.data?.pulls.map((p) => p.repo),
    names.map((name) => `${name}/${name}`),
  );
  assertNoSecret(r);
});

test("should ignore a cache entry of the wrong shape and ask GitHub again", async () => {
  const cached = await run({});
  const port = Number(new URL(cached.server.url).port);
  // The same entry in another folder with its data replaced, kept as a sound entry (its digest
  // right) so that only its shape tells; the server on the same port makes the same cache key.
  const tampered = madeFolder();
  for (const name of readdirSync(cached.cacheDir))
    keepEntry(tampered, name, JSON.stringify({ savedAt: Date.now(), data: 42 }));
  const again = await run({ port }, { GITHUB_CACHE_DIR: tampered });

  assert.is(again.server.requests.length, 1);
  assert.is(starsOf(again.data, first), 1000);
  assertNoSecret(again);
  rmSync(tampered, { recursive: true, force: true });
  rmSync(cached.cacheDir, { recursive: true, force: true });
});

test("should answer from a cache entry of the right shape without a request", async () => {
  const cached = await run({});
  const port = Number(new URL(cached.server.url).port);
  const copy = madeFolder();
  for (const name of readdirSync(cached.cacheDir))
    writeFileSync(join(copy, name), readFileSync(join(cached.cacheDir, name)));
  const again = await run({ port }, { GITHUB_CACHE_DIR: copy });

  assert.is(again.server.requests.length, 0);
  assert.is(starsOf(again.data, first), 1000);
  assertNoSecret(again);
  rmSync(copy, { recursive: true, force: true });
  rmSync(cached.cacheDir, { recursive: true, force: true });
});

/** The token as a pull title, split by a character that a reader does not see or that cleaning removes. */
const DISGUISED_TITLES: [string, string][] = [
  ["BEL", "\u0007"],
  ["DEL", "\u007f"],
  ["NEL (U+0085)", "\u0085"],
  ["a zero-width joiner", "\u200d"],
  ["a line separator (U+2028)", "\u2028"],
];

/** Each text with every character outside printable ASCII removed: what a reader, or a cleaning step, could make of it. */
const squeezed = (texts: string[]): string[] => texts.map((text) => text.replace(/[^\x21-\x7e]/g, ""));

for (const [name, inside] of DISGUISED_TITLES) {
  test(`should publish, cache and log no token hidden in a pull title with ${name} inside it`, async () => {
    const disguised = `${TOKEN.slice(0, 6)}${inside}${TOKEN.slice(6, 20)}${inside}${TOKEN.slice(20)}`;
    const r = await run({ pulls: [{ ...(livePulls[0] as FakePull), title: `Leak ${disguised} end` }] });
    const cacheFiles = readdirSync(r.cacheDir, { recursive: true, encoding: "utf8" }).filter((name) =>
      statSync(join(r.cacheDir, name)).isFile(),
    );
    const cached = cacheFiles.map((name) => readFileSync(join(r.cacheDir, name), "utf8"));

    assert.equal(
      r.data?.pulls.map((p) => p.title),
      ["Leak [redacted] end"],
    );
    assert.ok(cached.length > 0, "the clean answer was cached");
    for (const text of [...traces(r), ...cached])
      assert.not.ok(text.includes(disguised), "no trace may carry the disguised token");
    assert.equal(
      squeezed([...traces(r), ...cached]).filter((text) => text.includes(TOKEN)),
      [],
      "no trace may carry the token, however squeezed",
    );
    assert.is(r.server.requests[0]?.authorization, `bearer ${TOKEN}`);
    assertNoSecret(r);
  });
}

test("should redact a GraphQL error message once its hidden characters are gone", async () => {
  const disguised = `${TOKEN.slice(0, 10)}\u200b\u0085${TOKEN.slice(10)}`;
  const r = await run({
    fault: () => ({ body: JSON.stringify({ errors: [{ message: `Bad credentials ${disguised}` }] }) }),
  });

  assert.match(r.data?.notes.pulls ?? "", "GraphQL errors: Bad credentials [redacted]");
  assert.equal(
    squeezed(traces(r)).filter((text) => text.includes(TOKEN)),
    [],
  );
  assertNoSecret(r);
});

test("should fall back for a repository whose star count is past GraphQL's Int, so no sum overflows", async () => {
  // Two stars of 1e308 add up to Infinity, which JSON writes as null: stats.json failed the
  // after-build validation, and the build with it.
  const repositories = { ...liveRepositories(), [`${first.owner}/${first.name}`]: { stars: 1e308, pushedAt: null } };
  const r = await run({ repositories });

  assert.is(starsOf(r.data, first), snapshotStars(first));
  assert.is(starsOf(r.data, second), 1001);
  assert.match(r.data?.notes.repositories ?? "", "stargazerCount: expected a whole number from 0 to 2,147,483,647");
  assertNoSecret(r);
});

test("should fall back when a page holds more pull requests than the 100 asked for", async () => {
  // 150,000 on one page overflowed the stack (a RangeError and its trace, after 33 s and 690 MB).
  const r = await run({
    fault: () => ({
      rewrite: (answer) => {
        const page = answer.data.pulls as { nodes: { number: number }[] };
        const node = page.nodes[0];
        return {
          data: {
            ...answer.data,
            pulls: { ...page, nodes: Array.from({ length: 101 }, (_, i) => ({ ...node, number: i + 1 })) },
          },
        };
      },
    }),
  });

  assert.is(r.error, undefined);
  assert.is(r.data?.pulls.length, snapshot.pulls.length);
  assert.match(r.data?.notes.pulls ?? "", "pulls.nodes: expected a list of at most 100");
  assertNoSecret(r);
});

test("should quote three of GitHub's error messages in a note, however many it sends", async () => {
  // 300,000 were all quoted: a note of 2.5 MB in pulls.json and stats.json, and a 27 s build.
  const errors = Array.from({ length: 1000 }, (_, i) => ({ type: "X", path: ["pulls"], message: `m${i}` }));
  const r = await run({ fault: () => ({ rewrite: (answer) => ({ ...answer, errors }) }) });

  assert.match(r.data?.notes.pulls ?? "", "(m0; m1; m2; and 997 more)");
  assertNoSecret(r);
});

test("should fall back when a pull request's title is longer than any content string may be", async () => {
  // A title of 30 MB was published: pulls/index.html of 28.6 MiB, and 680 MB for the build.
  const pulls = [{ ...TWO_PULLS[0], title: "x".repeat(10_001) }];
  const r = await run({ pulls });

  assert.is(r.data?.pulls.length, snapshot.pulls.length);
  assert.match(r.data?.notes.pulls ?? "", "pulls.nodes.0.title: expected a string of at most 10,000 characters");
  assertNoSecret(r);
});

test.run();
