import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  startFakeGithub,
  type FakeAnswer,
  type FakeGithub,
  type FakeGithubOptions,
  type FakePull,
  type FakeRepository,
} from "../../support/fake-github.ts";
import {
  buildSite,
  copyContent,
  makeTempDir,
  readJson,
  readText,
  removeDir,
  type BuildResult,
  type Envelope,
} from "../support/build-site.ts";
import { assertPublishedWithout, assertRefused, filesCarrying } from "../support/hostile.ts";

/*
 * The GitHub token and GitHub's answers through real builds (src/github/, src/util/redact.ts).
 * One refused build carries every hostile setting at once (a token with a line break, a token
 * in the endpoint's userinfo) and a snapshot with a javascript: link; two live builds meet a
 * fake GitHub that echoes the Authorization header: once in a clean answer (cached) with a
 * javascript: link, a repository of the wrong shape and a pull request to a private
 * repository, once in GraphQL errors. The token and the private pull request must reach no
 * output file, no cache file and no line of the build's output. A last build has the token
 * written by the owner into profile.yaml (as it is in the headline, split by a zero-width
 * joiner in the focus line): the after-build secret check refuses it (checks/check-secrets.ts).
 */

const EPOCH = 1_795_000_000;
const TOKEN = "ghp_E2E0SECRET0TOKEN0MUST0NEVER0LEAK0000";
const NEWLINE_TOKEN = "ghp_FAKE123\nx";
const URL_SECRET = "ghp_SECRET0IN0THE0URL0000";
const JAVASCRIPT = "javascript:alert(1)";
const PRIVATE_TITLE = "Quarterly payroll export (PRIVATE-PULL-MARKER)";
const CONTENT_TOKEN = "ghp_OWNER0PASTED0THIS0INTO0CONTENT000000";
const snapshot = JSON.parse(readFileSync("content/github/snapshot.json", "utf8")) as {
  repositories: Record<string, unknown>;
  pulls: { url: string }[];
};

interface Live {
  build: BuildResult;
  server: FakeGithub;
  cacheDir: string;
}

function liveRepositories(): Record<string, FakeRepository> {
  return Object.fromEntries(
    Object.keys(snapshot.repositories).map((key, i) => [key, { stars: 5000 + i, pushedAt: "2026-11-18T12:00:00Z" }]),
  );
}

const pulls: FakePull[] = [
  {
    number: 7,
    title: `Echo of ${TOKEN}`,
    state: "MERGED",
    createdAt: "2026-10-01T08:00:00Z",
    repo: "python/cpython",
    repoStars: 65000,
    url: JAVASCRIPT,
  },
  {
    number: 8,
    title: "Bell\u0007 and escape\u001b[2J",
    state: "OPEN",
    createdAt: "2026-11-01T08:00:00Z",
    repo: "zig/zig",
    repoStars: 40000,
  },
  // What a token with `repo` scope finds if the search's `is:public` is ignored (the fake ignores it).
  {
    number: 9,
    title: PRIVATE_TITLE,
    state: "OPEN",
    createdAt: "2026-11-02T08:00:00Z",
    repo: "acme-internal/payroll",
    repoStars: 3,
    isPrivate: true,
  },
];

async function liveBuild(fault: NonNullable<FakeGithubOptions["fault"]>): Promise<Live> {
  const server = await startFakeGithub({ repositories: liveRepositories(), pulls, fault });
  const cacheDir = makeTempDir("gh-cache");
  const build = await buildSite({
    epoch: EPOCH,
    env: { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: cacheDir },
  });
  await server.close();
  return { build, server, cacheDir };
}

/** A clean answer (so it is cached) whose first repository has stars as a string. */
const wrongShape = (): ReturnType<NonNullable<FakeGithubOptions["fault"]>> => ({
  rewrite: (answer: FakeAnswer) => ({
    data: { ...answer.data, r0: { ...(answer.data.r0 as object), stargazerCount: "12" } },
  }),
});

let refused: BuildResult;
let refusedContent: string;
let echoed: Live;
let erroring: Live;
let inContent: Live;
let leakingContent: string;

/** A build whose profile.yaml carries the token it is built with, against a fake GitHub (so only the secret can fail it). */
async function contentLeakBuild(): Promise<Live> {
  leakingContent = copyContent();
  const file = join(leakingContent, "profile.yaml");
  const profile = readFileSync(file, "utf8")
    .replace(/^headline: .*$/m, `headline: "Token ${CONTENT_TOKEN}"`)
    .replace(/^focus: .*$/m, `focus: "Again ${CONTENT_TOKEN.slice(0, 12)}\u200d${CONTENT_TOKEN.slice(12)}"`);
  writeFileSync(file, profile);
  const server = await startFakeGithub({ repositories: liveRepositories(), pulls: [] });
  const cacheDir = makeTempDir("gh-cache");
  const build = await buildSite({
    epoch: EPOCH,
    contentDir: leakingContent,
    env: { GITHUB_TOKEN: CONTENT_TOKEN, GITHUB_GRAPHQL_URL: server.url, GITHUB_CACHE_DIR: cacheDir },
  });
  await server.close();
  return { build, server, cacheDir };
}

test.before(async () => {
  refusedContent = copyContent();
  const file = join(refusedContent, "github", "snapshot.json");
  const bad = JSON.parse(readFileSync(file, "utf8")) as { pulls: { url: string }[] };
  (bad.pulls[0] as { url: string }).url = JAVASCRIPT;
  writeFileSync(file, JSON.stringify(bad, null, 2));
  [refused, echoed, erroring, inContent] = await Promise.all([
    buildSite({
      epoch: EPOCH,
      contentDir: refusedContent,
      env: { GITHUB_TOKEN: NEWLINE_TOKEN, GITHUB_GRAPHQL_URL: `http://user:${URL_SECRET}@127.0.0.1:9/graphql` },
    }),
    liveBuild(wrongShape),
    liveBuild((_, request) => ({
      body: JSON.stringify({ errors: [{ message: `Bad credentials (${request.authorization ?? ""})` }] }),
    })),
    contentLeakBuild(),
  ]);
});

test.after(() => {
  removeDir(refusedContent);
  removeDir(refused.outDir);
  removeDir(leakingContent);
  for (const run of [echoed, erroring, inContent]) {
    removeDir(run.build.outDir);
    removeDir(run.cacheDir);
  }
});

test("should refuse a token with a line break before any request, without echoing it", () => {
  assertRefused(refused, {
    mentions: ["GITHUB_TOKEN", "line break", "the value is not shown"],
    hostile: "ghp_FAKE123",
    notInLog: true,
  });
});

test("should refuse a token in GITHUB_GRAPHQL_URL's userinfo in the same build, without echoing it", () => {
  assertRefused(refused, {
    mentions: ["GITHUB_GRAPHQL_URL", "without a user name or password"],
    hostile: URL_SECRET,
    notInLog: true,
  });
});

test("should refuse a javascript: link in the snapshot in the same build, naming the file and field", () => {
  assertRefused(refused, {
    mentions: [/github\/snapshot\.json: pulls\[0\]\.url: expected an absolute http\(s\) URL/],
    hostile: JAVASCRIPT,
  });
});

test("should publish a live answer that echoes the token without it, in the site, the cache and the log", () => {
  assertPublishedWithout(echoed.build, TOKEN);
  assert.equal(filesCarrying(echoed.cacheDir, TOKEN), []);
  assert.ok(filesCarrying(echoed.cacheDir, "[redacted]").length > 0, "the clean answer was cached, redacted");
  assert.not.ok(echoed.build.output.includes(TOKEN));
  assert.is(echoed.server.requests[0]?.authorization, `bearer ${TOKEN}`);
});

test("should publish a live javascript: pull link as its github.com address, with a note", () => {
  const list = readJson<Envelope<{ url: string; title: string }[]>>(echoed.build.outDir, "api/v1/pulls.json");

  assertPublishedWithout(echoed.build, JAVASCRIPT);
  assert.ok(list.data.some((p) => p.url === "https://github.com/python/cpython/pull/7"));
  assert.match(list.meta.note ?? "", "not http(s) URLs for python/cpython#7");
  assert.match(readText(echoed.build.outDir, "pulls/index.html"), 'href="https://github.com/python/cpython/pull/7"');
});

test("should publish live titles without control characters, with a note", () => {
  const list = readJson<Envelope<{ title: string }[]>>(echoed.build.outDir, "api/v1/pulls.json");

  assertPublishedWithout(echoed.build, "\u001b[2J");
  assert.ok(list.data.some((p) => p.title === "Bell and escape[2J"));
  assert.match(list.meta.note ?? "", "Control characters were removed from the titles of zig/zig#8.");
});

test("should publish nothing of a pull request to a private repository, in the site, the cache and the log", () => {
  const list = readJson<Envelope<{ repo: string }[]>>(echoed.build.outDir, "api/v1/pulls.json");

  for (const trace of [PRIVATE_TITLE, "acme-internal"]) {
    assertPublishedWithout(echoed.build, trace);
    assert.equal(filesCarrying(echoed.cacheDir, trace), []);
    assert.not.ok(echoed.build.output.includes(trace), `the log must not carry ${trace}`);
  }
  assert.equal(list.data.map((p) => p.repo).sort(), ["python/cpython", "zig/zig"]);
  assert.match(String(echoed.server.requests[0]?.variables.pullsQuery), "is:public");
});

test("should fall back for a repository of the wrong shape alone, and say so", () => {
  const projects = readJson<Envelope<{ stars: number }[]>>(echoed.build.outDir, "api/v1/projects.json");

  assert.match(
    projects.meta.note ?? "",
    "unexpected shape (stargazerCount: expected a whole number from 0 to 2,147,483,647)",
  );
  assert.ok(projects.data.filter((p) => p.stars >= 5000).length >= projects.data.length - 1);
});

test("should fall back with a redacted note when GraphQL errors echo the Authorization header", () => {
  const projects = readJson<Envelope<unknown[]>>(erroring.build.outDir, "api/v1/projects.json");
  const pullList = readJson<Envelope<{ url: string }[]>>(erroring.build.outDir, "api/v1/pulls.json");

  assertPublishedWithout(erroring.build, TOKEN);
  assert.equal(filesCarrying(erroring.cacheDir, TOKEN), []);
  assert.not.ok(erroring.build.output.includes(TOKEN));
  assert.match(projects.meta.note ?? "", "GraphQL errors: Bad credentials (bearer [redacted])");
  assert.match(pullList.meta.note ?? "", "Bad credentials (bearer [redacted])");
  assert.equal(pullList.data.map((p) => p.url).sort(), snapshot.pulls.map((p) => p.url).sort());
});

test("should refuse a build whose content carries the token, naming GITHUB_TOKEN and the files, never the value", () => {
  const carries = "carries the value of GITHUB_TOKEN (not shown)";

  assertRefused(inContent.build, {
    mentions: [
      `api/v1/profile.json: (built file): expected no secret, but it ${carries}`,
      `api/v1/card.txt: (built file): expected no secret, but it ${carries}`,
      `api/v1/card.ansi: (built file)`,
      /^ {2}index\.html: \(built file\)/m,
    ],
    hostile: CONTENT_TOKEN,
    notInLog: true,
  });
  // The disguised copy in the focus line is no more published or printed than the plain one.
  assert.equal(filesCarrying(inContent.build.outDir, CONTENT_TOKEN.slice(12)), []);
  assert.not.ok(
    inContent.build.output.includes(CONTENT_TOKEN.slice(12)),
    "the log must not carry the token's tail either",
  );
  assert.equal(filesCarrying(inContent.cacheDir, CONTENT_TOKEN), []);
  assert.is(inContent.server.requests[0]?.authorization, `bearer ${CONTENT_TOKEN}`);
});

test.run();
