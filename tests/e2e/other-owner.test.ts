import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  envelopeFiles,
  filesPromisedByIndex,
  listFiles,
  portfolioFiles,
  readJson,
  readText,
  removeDir,
  repoRoot,
  type ApiIndex,
  type BuildResult,
  type Envelope,
} from "./support/build-site.ts";

/*
 * A second, hand-written owner (tests/fixtures/other-owner): 2 domains, 3 projects, no
 * in-progress.yaml, no languages.yaml, no pgp.asc, a snapshot that knows only 2 of the 3
 * repositories and 1 pull, and a feed of 2 posts. SITE_URL is left unset so site.yaml's url applies.
 */
const CONTENT_DIR = join(repoRoot, "tests/fixtures/other-owner");
const OWNER_URL = "https://ilse.example";
const EPOCH = 1_795_000_000;

interface ProjectSummary {
  name: string;
  stars: number;
  pushed_at: string | null;
}

let build: BuildResult;
const data = <T>(file: string): T => readJson<Envelope<T>>(build.outDir, file).data;

test.before(async () => {
  build = await buildSite({ contentDir: CONTENT_DIR, epoch: EPOCH });
});

test.after(() => {
  removeDir(build.outDir);
});

test("should build another owner's content with exit code 0", () => {
  assert.is(build.status, 0, build.output);
});

test("should write exactly the portfolio files its index promises, and no pgp.asc without a key", () => {
  const files = portfolioFiles(build.outDir);
  assert.equal(files, filesPromisedByIndex(data<ApiIndex>("api/v1/index.json")));
  // pgp.asc is the one route with an availability condition; the lists stay, merely empty.
  assert.not.ok(files.includes("pgp.asc"));
  for (const file of ["api/v1/in-progress.json", "api/v1/languages.json", "api/v1/resume.json"])
    assert.ok(files.includes(file), file);
});

test("should not mention the sample owner anywhere in the output", () => {
  const mentions = listFiles(build.outDir).filter((file) =>
    /margo/i.test(readFileSync(join(build.outDir, file), "utf8")),
  );
  assert.equal(mentions, []);
});

test("should take the base URL and API name from the owner's site.yaml", () => {
  for (const file of envelopeFiles(build.outDir)) {
    const { meta } = readJson<Envelope>(build.outDir, file);
    assert.is(meta.api, "ilse-brandt-portfolio", file);
    assert.is(meta.self, `${OWNER_URL}/${file}`, file);
  }
  assert.is(data<{ links: { github: string } }>("api/v1/profile.json").links.github, "https://github.com/ilse-brandt");
});

test("should publish no key when the owner has no pgp.asc", () => {
  assert.is(data<{ pgp: unknown }>("api/v1/profile.json").pgp, null);
  assert.not.ok(existsSync(join(build.outDir, "pgp.asc")));
  assert.not.ok(data<ApiIndex>("api/v1/index.json").endpoints.some((e) => e.path === "/pgp.asc"));
  const openapi = readJson<{ paths: Record<string, unknown> }>(build.outDir, "api/openapi.json");
  assert.not.ok("/pgp.asc" in openapi.paths);
  assert.not.match(readText(build.outDir, "api/v1/card.txt"), /\bpgp\b/);
});

interface ObjectSchema {
  required?: string[];
  properties: Record<string, ObjectSchema>;
}

test("should describe in its OpenAPI exactly the links and contact methods the owner gives", () => {
  const openapi = readJson<{ components: { schemas: { Profile: ObjectSchema } } }>(build.outDir, "api/openapi.json");
  const { links, contact } = openapi.components.schemas.Profile.properties;
  const published = ["site", "blog", "api", "github", "mastodon", "linkedin"];

  assert.equal(Object.keys(links?.properties ?? {}), published);
  assert.equal(links?.required, published);
  assert.equal(Object.keys(contact?.properties ?? {}), ["form"]);
  assert.equal(contact?.required, ["form"]);
  const schemaFile = readJson<ObjectSchema>(build.outDir, "api/v1/schemas/Profile.json");
  assert.equal(Object.keys(schemaFile.properties.links?.properties ?? {}), published);
});

test("should publish the owner's links and only the contact methods given", () => {
  const profile = data<{ links: Record<string, string>; contact: Record<string, unknown> }>("api/v1/profile.json");

  assert.equal(profile.links, {
    site: `${OWNER_URL}/`,
    blog: `${OWNER_URL}/writing/`,
    api: `${OWNER_URL}/api/v1/index.json`,
    github: "https://github.com/ilse-brandt",
    mastodon: "https://social.example/@ilse",
    linkedin: "https://www.linkedin.com/in/ilse-brandt-example",
  });
  assert.equal(profile.contact, { form: "https://ilse.example/contact/" });
  const card = readText(build.outDir, "api/v1/card.txt");
  assert.not.match(card, /\birc\b|Discord/);
  const resume = readJson<{ basics: { profiles: { network: string }[] } }>(build.outDir, "api/v1/resume.json");
  assert.equal(
    resume.basics.profiles.map((p) => p.network),
    ["GitHub", "Mastodon", "LinkedIn"],
  );
});

test("should show each profile link on the home page with its label and rel=me", () => {
  const home = readText(build.outDir, "index.html");

  // Each a labelled link (the icon before the label is hidden from screen readers).
  const profileLink = (url: string, label: string) =>
    new RegExp(`<a class="u-url" rel="me" href="${url}"><svg class="icon"[^>]*aria-hidden="true".*?</svg>${label}</a>`);
  assert.match(home, profileLink("https://github.com/ilse-brandt", "GitHub"));
  assert.match(home, profileLink("https://social.example/@ilse", "Mastodon"));
  assert.match(home, profileLink("https://www.linkedin.com/in/ilse-brandt-example", "LinkedIn"));
  assert.not.match(home, "itch.io");
  // The Mastodon link names the author of shared links, on every page.
  const creator = '<meta name="fediverse:creator" content="@ilse@social.example">';
  assert.match(home, creator);
  assert.match(readText(build.outDir, "projects/index.html"), creator);
});

test("should show a project missing from the snapshot with 0 stars and name it in its note", () => {
  const missing = data<ProjectSummary[]>("api/v1/projects.json").find((p) => p.name === "tarn-notes");
  assert.ok(missing);
  assert.is(missing.stars, 0);
  assert.is(missing.pushed_at, null);
  const { meta, data: detail } = readJson<Envelope<ProjectSummary>>(build.outDir, "api/v1/projects/tarn-notes.json");
  assert.is(detail.stars, 0);
  assert.match(meta.note ?? "", "ilse-brandt/tarn-notes");
  assert.match(meta.note ?? "", /snapshot/i);
});

test("should take stars from the snapshot for a repository with another owner", () => {
  const ferry = data<ProjectSummary[]>("api/v1/projects.json").find((p) => p.name === "ferry-times");
  assert.is(ferry?.stars, 7);
  assert.is(data<{ stars: { total: number } }>("api/v1/stats.json").stars.total, 42 + 7);
});

test("should publish empty in-progress and uncoloured languages when those files are absent", () => {
  const inProgress = readJson<Envelope<unknown[]>>(build.outDir, "api/v1/in-progress.json");
  assert.equal(inProgress.data, []);
  assert.is(inProgress.meta.count, 0);
  const languages = data<{ name: string; color: string | null }[]>("api/v1/languages.json");
  assert.equal(languages.map((l) => l.name).sort(), ["Python", "Rust", "TypeScript"]);
  assert.ok(languages.every((l) => l.color === null));
  assert.is(data<{ in_progress: number }>("api/v1/stats.json").in_progress, 0);
});

test("should list the owner's one pull and two posts, newest post first", () => {
  assert.is(data<unknown[]>("api/v1/pulls.json").length, 1);
  const posts = data<{ title: string }[]>("api/v1/posts.json");
  assert.equal(
    posts.map((p) => p.title),
    ["Sizing a battery for a ferry pier", "A timetable format for small ferries"],
  );
});

test("should count in stats the owner's 3 projects, 2 domains and 1 merged pull", () => {
  const stats = data<{
    projects: number;
    domains: number;
    awards: number;
    pull_requests: { count: number; merged: number };
  }>("api/v1/stats.json");
  assert.is(stats.projects, 3);
  assert.is(stats.domains, 2);
  assert.is(stats.awards, 1);
  assert.is(stats.pull_requests.count, 1);
  assert.is(stats.pull_requests.merged, 1);
});

test("should write the card's counts line in the singular for one merged pull request", () => {
  const card = readText(build.outDir, "api/v1/card.txt");
  assert.match(card, "3 projects · 2 domains · 1 merged upstream pull request");
  assert.not.match(card, "1 merged upstream pull requests");
});

test.run();
