import { existsSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { readKey } from "openpgp";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import stringWidth from "string-width";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  envelopeFiles,
  filesPromisedByIndex,
  portfolioFiles,
  readJson,
  readText,
  sampleContentDir,
  type ApiIndex,
  type Envelope,
} from "./support/build-site.ts";
import { SAMPLE_EPOCH, SAMPLE_SITE_URL, sampleSite } from "./support/sample-site.ts";
// The published shape itself, so a field added to it (docs/recipes.md) is known here too.
import type { ProjectSummary } from "../../src/schemas/portfolio/projects.ts";

// The shared sample build (support/sample-site.ts): https://margo.example at
// 2026-11-18T11:06:40Z, 16 days after now.yaml's update, two days before the snapshot.
const SITE_URL = SAMPLE_SITE_URL;
const EPOCH = SAMPLE_EPOCH;

/** The portfolio API's endpoints as docs/architecture.md ("The portfolio API") lists them. */
const DOCUMENTED_PLAIN_PATHS = [
  "/api/v1/index.json",
  "/api/openapi.json",
  "/api/v1/manifest.json",
  "/api/v1/search.json",
  "/api/v1/profile.json",
  "/api/v1/now.json",
  "/api/v1/resume.json",
  "/pgp.asc",
  "/api/v1/projects.json",
  "/api/v1/featured.json",
  "/api/v1/awards.json",
  "/api/v1/in-progress.json",
  "/api/v1/clusters.json",
  "/api/v1/languages.json",
  "/api/v1/tags.json",
  "/api/v1/pulls.json",
  "/api/v1/posts.json",
  "/api/v1/stats.json",
  "/api/v1/card.txt",
  "/api/v1/card.ansi",
];
const DOCUMENTED_TEMPLATED_PATHS: Record<string, string> = {
  "/api/v1/projects/{name}.json": "name",
  "/api/v1/clusters/{id}.json": "id",
  "/api/v1/badges/{metric}.json": "metric",
  "/api/v1/schemas/{name}.json": "name",
};
const DOCUMENTED_CLUSTER_IDS = [
  "systems",
  "security",
  "medicine",
  "climbing",
  "geospatial",
  "networking",
  "devtools",
  "assistant-tooling",
  "ai",
  "games",
  "audio",
];
const DOCUMENTED_BADGE_METRICS = ["catalog", "projects", "domains", "stars", "pulls", "merged", "posts"];
const META_FIELDS = ["api", "version", "generated", "self", "docs", "schema", "count", "source", "note"];
const LIST_FILES = [
  "api/v1/search.json",
  "api/v1/projects.json",
  "api/v1/featured.json",
  "api/v1/awards.json",
  "api/v1/in-progress.json",
  "api/v1/clusters.json",
  "api/v1/languages.json",
  "api/v1/tags.json",
  "api/v1/pulls.json",
  "api/v1/posts.json",
];

interface Cluster {
  id: string;
  count: number;
  projects: string[];
}
interface Pull {
  repo: string;
  state: string;
  created: string | null;
  repo_stars: number;
}
interface Post {
  published: string | null;
}
interface Stats {
  projects: number;
  domains: number;
  featured: number;
  languages: number;
  tags: number;
  stars: { total: number; top: { name: string; stars: number }[] };
  pull_requests: { count: number; repos: number; merged: number; reach: number };
  posts: number;
  awards: number;
  in_progress: number;
  last_push: { project: string; at: string } | null;
}
interface Badge {
  schemaVersion: number;
  label: string;
  message: string;
  color: string;
}

/** The shared build, read only: sampleSite() resolves only once the build exited with 0. */
const build = { outDir: "" };
const data = <T>(file: string): T => readJson<Envelope<T>>(build.outDir, file).data;
const apiName = (
  loadYaml(readText(sampleContentDir, "site.yaml"), { schema: CORE_SCHEMA }) as { api: { name: string } }
).api.name;

test.before(async () => {
  build.outDir = await sampleSite();
});

test("should build the sample content with exit code 0", () => {
  // sampleSite() rejects, with the build's output, unless the build exited with 0.
  assert.ok(existsSync(join(build.outDir, "index.html")), build.outDir);
});

test("should list exactly the documented endpoints in the index", () => {
  const index = data<ApiIndex>("api/v1/index.json");
  const paths = index.endpoints.map((endpoint) => endpoint.path).sort();
  assert.equal(paths, [...DOCUMENTED_PLAIN_PATHS, ...Object.keys(DOCUMENTED_TEMPLATED_PATHS)].sort());
  for (const endpoint of index.endpoints) {
    assert.is(endpoint.url, SITE_URL + endpoint.path);
    const param = DOCUMENTED_TEMPLATED_PATHS[endpoint.path];
    assert.equal(Object.keys(endpoint.params ?? {}), param ? [param] : [], endpoint.path);
  }
});

test("should list the sample's 36 projects, 11 domain ids and 7 badge metrics as index params", () => {
  const params = (path: string) =>
    data<ApiIndex>("api/v1/index.json").endpoints.find((e) => e.path === path)?.params ?? {};
  assert.is(params("/api/v1/projects/{name}.json").name?.length, 36);
  assert.equal(params("/api/v1/clusters/{id}.json").id, DOCUMENTED_CLUSTER_IDS);
  assert.equal(params("/api/v1/badges/{metric}.json").metric, DOCUMENTED_BADGE_METRICS);
});

test("should write exactly the portfolio files the index promises: its endpoints expanded over their params", () => {
  const index = data<ApiIndex>("api/v1/index.json");
  assert.equal(portfolioFiles(build.outDir), filesPromisedByIndex(index));
});

test("should declare in openapi.json the same paths and parameter values as the index", () => {
  type Operation = { parameters?: { name: string; in: string; schema: { enum: string[] } }[] };
  const openapi = readJson<{ paths: Record<string, { get: Operation }> }>(build.outDir, "api/openapi.json");
  const index = data<ApiIndex>("api/v1/index.json");
  assert.equal(Object.keys(openapi.paths).sort(), index.endpoints.map((e) => e.path).sort());
  for (const endpoint of index.endpoints) {
    const declared = Object.fromEntries(
      (openapi.paths[endpoint.path]?.get.parameters ?? [])
        .filter((p) => p.in === "path")
        .map((p) => [p.name, p.schema.enum]),
    );
    assert.equal(declared, endpoint.params ?? {}, endpoint.path);
  }
});

test("should wrap every JSON file except badges and openapi.json in {meta, data}", () => {
  // Every JSON file under api/ but the badges, the OpenAPI document and the résumé (the files
  // written are exactly those the index promises: above).
  const files = envelopeFiles(build.outDir);
  assert.ok(files.length > 0);
  for (const file of files) {
    const body = readJson<Record<string, unknown>>(build.outDir, file);
    assert.equal(Object.keys(body).sort(), ["data", "meta"], file);
    const extra = Object.keys(body.meta as object).filter((key) => !META_FIELDS.includes(key));
    assert.equal(extra, [], `${file} meta has undocumented fields`);
  }
});

test("should give every envelope the API name, version 1.0.0, the build instant and the file's own URL", () => {
  for (const file of envelopeFiles(build.outDir)) {
    const { meta } = readJson<Envelope>(build.outDir, file);
    assert.is(meta.api, apiName, file);
    assert.is(meta.version, "1.0.0", file);
    assert.is(Date.parse(meta.generated), EPOCH * 1000, `${file}: generated ${meta.generated}`);
    assert.is(meta.self, `${SITE_URL}/${file.split("/").map(encodeURIComponent).join("/")}`, file);
  }
});

test("should point every meta.docs at the documentation page the build writes", () => {
  for (const file of envelopeFiles(build.outDir)) {
    const { meta } = readJson<Envelope>(build.outDir, file);
    assert.ok(meta.docs.startsWith(`${SITE_URL}/`), `${file}: docs ${meta.docs}`);
    const pathname = new URL(meta.docs).pathname;
    const page = join(build.outDir, pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    assert.ok(existsSync(page), `${file}: ${meta.docs} has no page in the output`);
  }
  assert.ok(existsSync(join(build.outDir, "docs/api/index.html")));
});

test("should give every list endpoint a meta.count equal to the length of data", () => {
  for (const file of LIST_FILES) {
    const { meta, data: list } = readJson<Envelope>(build.outDir, file);
    assert.ok(Array.isArray(list), `${file} data is not an array`);
    assert.is(meta.count, (list as unknown[]).length, file);
  }
});

test("should write badges with exactly the four badge-service keys", () => {
  for (const metric of DOCUMENTED_BADGE_METRICS) {
    const badge = readJson<Badge>(build.outDir, `api/v1/badges/${metric}.json`);
    assert.equal(Object.keys(badge).sort(), ["color", "label", "message", "schemaVersion"], metric);
    assert.is(badge.schemaVersion, 1);
    assert.ok(badge.message.length > 0, metric);
  }
});

test("should show the figures of stats.json on the badges", () => {
  const stats = data<Stats>("api/v1/stats.json");
  const message = (metric: string) => readJson<Badge>(build.outDir, `api/v1/badges/${metric}.json`).message;
  assert.is(message("projects"), String(stats.projects));
  assert.is(message("domains"), String(stats.domains));
  assert.is(message("stars"), String(stats.stars.total));
  assert.is(message("pulls"), String(stats.pull_requests.count));
  assert.is(message("merged"), String(stats.pull_requests.merged));
  assert.is(message("posts"), String(stats.posts));
  assert.match(message("catalog"), `${stats.projects} projects`);
  assert.match(message("catalog"), `${stats.domains} domains`);
});

test("should list in projects.json the same names as the index's name param", () => {
  const names = data<ProjectSummary[]>("api/v1/projects.json").map((p) => p.name);
  const params = data<ApiIndex>("api/v1/index.json").endpoints.find(
    (e) => e.path === "/api/v1/projects/{name}.json",
  )?.params;
  assert.equal(names, params?.name);
});

test("should describe each project in its own file with the summary of projects.json", () => {
  for (const summary of data<ProjectSummary[]>("api/v1/projects.json")) {
    const file = `api/v1/projects/${encodeURIComponent(summary.name)}.json`;
    const { meta, data: detail } = readJson<Envelope<ProjectSummary & Record<string, unknown>>>(build.outDir, file);
    const { install, writeup, related, ...rest } = detail;
    assert.equal(rest, summary, file);
    assert.is(detail.urls.api, meta.self);
    assert.ok(install === null || typeof install === "string");
    assert.ok(writeup === null || typeof writeup === "object");
    assert.ok(Array.isArray(related));
  }
});

test("should list featured projects exactly as the projects marked featured", () => {
  const projects = data<ProjectSummary[]>("api/v1/projects.json");
  assert.equal(
    data<ProjectSummary[]>("api/v1/featured.json"),
    projects.filter((p) => p.featured),
  );
});

test("should give each cluster a count equal to its projects, together covering all 36 once", () => {
  const clusters = data<Cluster[]>("api/v1/clusters.json");
  const projects = data<ProjectSummary[]>("api/v1/projects.json");
  assert.equal(
    clusters.map((c) => c.id),
    DOCUMENTED_CLUSTER_IDS,
  );
  for (const cluster of clusters) {
    assert.is(cluster.count, cluster.projects.length, cluster.id);
    for (const name of cluster.projects) assert.is(projects.find((p) => p.name === name)?.cluster.id, cluster.id, name);
  }
  assert.is(
    clusters.reduce((sum, c) => sum + c.count, 0),
    36,
  );
  assert.equal(clusters.flatMap((c) => c.projects).sort(), projects.map((p) => p.name).sort());
});

test("should list in each cluster file the projects clusters.json gives it", () => {
  for (const cluster of data<Cluster[]>("api/v1/clusters.json")) {
    const detail = data<{ id: string; count: number; projects: ProjectSummary[] }>(
      `api/v1/clusters/${cluster.id}.json`,
    );
    assert.is(detail.id, cluster.id);
    assert.is(detail.count, cluster.count);
    assert.equal(
      detail.projects.map((p) => p.name),
      cluster.projects,
    );
  }
});

test("should order pulls merged first, then newest created first", () => {
  const pulls = data<Pull[]>("api/v1/pulls.json");
  assert.ok(pulls.length > 1);
  const rank = (p: Pull) => (p.state === "merged" ? 0 : 1);
  for (let i = 1; i < pulls.length; i++) {
    const [a, b] = [pulls[i - 1] as Pull, pulls[i] as Pull];
    assert.ok(rank(a) <= rank(b), `pull ${i} is merged but follows an unmerged one`);
    if (rank(a) === rank(b) && b.created !== null) {
      assert.ok(
        a.created !== null && a.created >= b.created,
        `pull ${i} (${b.created}) is newer than pull ${i - 1} (${a.created})`,
      );
    }
  }
});

test("should order posts newest first", () => {
  const posts = data<Post[]>("api/v1/posts.json");
  assert.ok(posts.length > 1);
  for (let i = 1; i < posts.length; i++) {
    const [a, b] = [posts[i - 1] as Post, posts[i] as Post];
    if (b.published !== null)
      assert.ok(a.published !== null && Date.parse(a.published) >= Date.parse(b.published), `post ${i}`);
  }
});

test("should report stats that agree with the lists of the same build", () => {
  const stats = data<Stats>("api/v1/stats.json");
  const projects = data<ProjectSummary[]>("api/v1/projects.json");
  assert.is(stats.projects, projects.length);
  assert.is(stats.domains, data<Cluster[]>("api/v1/clusters.json").length);
  assert.is(stats.featured, projects.filter((p) => p.featured).length);
  assert.is(stats.languages, new Set(projects.flatMap((p) => p.languages)).size);
  assert.is(stats.languages, data<unknown[]>("api/v1/languages.json").length);
  assert.is(stats.tags, new Set(projects.flatMap((p) => p.tags)).size);
  assert.is(stats.tags, data<unknown[]>("api/v1/tags.json").length);
  assert.is(stats.awards, projects.filter((p) => p.award !== null).length);
  assert.is(stats.awards, data<unknown[]>("api/v1/awards.json").length);
  assert.is(stats.in_progress, data<unknown[]>("api/v1/in-progress.json").length);
  assert.is(stats.posts, data<unknown[]>("api/v1/posts.json").length);
});

test("should compute pull-request figures in stats from pulls.json", () => {
  const stats = data<Stats>("api/v1/stats.json");
  const pulls = data<Pull[]>("api/v1/pulls.json");
  const reachByRepo = new Map<string, number>();
  for (const pull of pulls)
    reachByRepo.set(pull.repo.toLowerCase(), Math.max(pull.repo_stars, reachByRepo.get(pull.repo.toLowerCase()) ?? 0));
  assert.equal(stats.pull_requests, {
    count: pulls.length,
    repos: reachByRepo.size,
    merged: pulls.filter((p) => p.state === "merged").length,
    reach: [...reachByRepo.values()].reduce((sum, stars) => sum + stars, 0),
  });
});

test("should compute star figures and the last push in stats from projects.json", () => {
  const stats = data<Stats>("api/v1/stats.json");
  const projects = data<ProjectSummary[]>("api/v1/projects.json");
  assert.is(
    stats.stars.total,
    projects.reduce((sum, p) => sum + p.stars, 0),
  );
  const top = stats.stars.top;
  assert.ok(top.length > 0);
  for (const entry of top) assert.is(projects.find((p) => p.name === entry.name)?.stars, entry.stars, entry.name);
  for (let i = 1; i < top.length; i++)
    assert.ok((top[i - 1]?.stars ?? 0) >= (top[i]?.stars ?? 0), "top is not most stars first");
  const lowest = Math.min(...top.map((t) => t.stars));
  const left = projects.filter((p) => !top.some((t) => t.name === p.name));
  assert.ok(
    left.every((p) => p.stars <= lowest),
    "a project outside top has more stars than one in it",
  );
  const pushes = projects
    .filter((p) => p.pushed_at !== null)
    .sort((a, b) => Date.parse(b.pushed_at ?? "") - Date.parse(a.pushed_at ?? ""));
  assert.is(stats.last_push?.at, pushes[0]?.pushed_at);
  assert.is(stats.last_push?.project, pushes[0]?.name);
});

test("should publish the fingerprint that openpgp computes from pgp.asc", async () => {
  const armored = readText(build.outDir, "pgp.asc");
  const key = await readKey({ armoredKey: armored });
  const pgp = data<{ pgp: { fingerprint: string; key_url: string; armored: string } | null }>(
    "api/v1/profile.json",
  ).pgp;
  assert.ok(pgp, "profile.pgp is null");
  assert.is(pgp.fingerprint.toLowerCase(), key.getFingerprint().toLowerCase());
  assert.is(pgp.key_url, `${SITE_URL}/pgp.asc`);
  assert.is(pgp.armored, armored);
});

test("should publish security.txt (RFC 9116) from the profile's security contact, with the key and its own URL", () => {
  const lines = readText(build.outDir, ".well-known/security.txt").split("\n");
  const field = (name: string) =>
    lines.filter((line) => line.startsWith(`${name}: `)).map((line) => line.slice(name.length + 2));
  assert.equal(field("Contact"), ["mailto:security@margo.example"]);
  assert.equal(field("Encryption"), [`${SITE_URL}/pgp.asc`]);
  assert.equal(field("Canonical"), [`${SITE_URL}/.well-known/security.txt`]);
  assert.equal(field("Preferred-Languages"), ["en, de"]);
  // 180 days after the build clock, within RFC 9116's "less than a year".
  assert.equal(field("Expires"), [new Date((EPOCH + 180 * 86400) * 1000).toISOString().replace(".000Z", "Z")]);
});

test("should lay out card.txt with every line of equal display width", () => {
  const lines = readText(build.outDir, "api/v1/card.txt").replace(/\n$/, "").split("\n");
  assert.ok(lines.length > 5);
  const widths = new Set(lines.map((line) => stringWidth(line)));
  assert.is(widths.size, 1, `line widths: ${[...widths].join(", ")}`);
});

test("should put the counts line, the site, the API and the PGP fingerprint on the card", async () => {
  const card = readText(build.outDir, "api/v1/card.txt");
  const stats = data<Stats>("api/v1/stats.json");
  const key = await readKey({ armoredKey: readText(build.outDir, "pgp.asc") });
  assert.match(
    card,
    `${stats.projects} projects · ${stats.domains} domains · ${stats.pull_requests.merged} merged upstream pull requests`,
  );
  assert.match(card, `${SITE_URL}/api/v1/index.json`);
  assert.match(
    card,
    key
      .getFingerprint()
      .toUpperCase()
      .replace(/(.{4})(?!$)/g, "$1 "),
  );
});

test("should colour card.ansi with 24-bit escapes around the same text as card.txt", () => {
  const ansi = readText(build.outDir, "api/v1/card.ansi");
  assert.ok(ansi.includes("\u001b[38;2;"));
  assert.is(ansi.replace(/\u001b\[[0-9;]*m/g, ""), readText(build.outDir, "api/v1/card.txt"));
});

test("should publish an openapi.json that the OpenAPI schema validator accepts", async () => {
  const result = await new Validator().validate(readJson<Record<string, unknown>>(build.outDir, "api/openapi.json"));
  assert.ok(result.valid, JSON.stringify(result.errors, null, 2));
});

test("should say in meta.note of every file built from GitHub data that it comes from the snapshot", () => {
  const githubFiles = envelopeFiles(build.outDir).filter(
    (file) =>
      [
        "api/v1/projects.json",
        "api/v1/featured.json",
        "api/v1/pulls.json",
        "api/v1/stats.json",
        "api/v1/now.json",
      ].includes(file) ||
      file.startsWith("api/v1/projects/") ||
      file.startsWith("api/v1/clusters/"),
  );
  assert.is(githubFiles.length, 5 + 36 + 11);
  for (const file of githubFiles) {
    const { meta } = readJson<Envelope>(build.outDir, file);
    assert.match(meta.note ?? "", /snapshot/i, file);
  }
});

test("should index every project, domain and post in search.json", () => {
  const items = data<{ kind: string; path: string }[]>("api/v1/search.json");
  assert.is(items.filter((i) => i.kind === "project").length, 36);
  assert.is(items.filter((i) => i.kind === "domain").length, 11);
  assert.is(items.filter((i) => i.kind === "post").length, data<unknown[]>("api/v1/posts.json").length);
});

test.run();
