import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import jsonResume, { type ResumeSchemaError } from "@jsonresume/schema";
import {
  buildSite,
  copyContent,
  listFiles,
  readJson,
  readText,
  removeDir,
  type ApiIndex,
  type BuildResult,
  type Envelope,
} from "./support/build-site.ts";
import { filesCarrying } from "./support/hostile.ts";

/*
 * The JSON Resume (/api/v1/resume.json) and the pages' JSON-LD, through one real build of the
 * sample content with a project's tagline made to close a script element. A hostile
 * resume.yaml is refused in tests/e2e/hostile/resume.test.ts.
 */

const EPOCH = 1_795_000_000; // 2026-11-18T11:06:40Z
const SITE_URL = "https://margo.example";
const SCRIPT_BREAKER = `</script><script>alert("ld")</script><!--`;

type Node = Record<string, unknown> & { "@type": string };

let contentDir = "";
let build: BuildResult;

test.before(async () => {
  contentDir = copyContent();
  const file = join(contentDir, "projects/hl7.lint.md");
  const text = readFileSync(file, "utf8");
  writeFileSync(file, text.replace(/^tagline: .*$/m, `tagline: 'Lints HL7 ${SCRIPT_BREAKER}'`));
  build = await buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir });
  assert.is(build.status, 0, build.output);
});

test.after(() => {
  if (build) removeDir(build.outDir);
  if (contentDir) removeDir(contentDir);
});

/** Every node of every JSON-LD script of a page, each script parsed as JSON. */
function nodesOf(page: string): Node[] {
  const html = readText(build.outDir, page);
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  assert.is(scripts.length, 1, `${page}: one JSON-LD script`);
  return scripts.flatMap((match) => (JSON.parse(match[1] ?? "") as { "@graph": Node[] })["@graph"]);
}

const ofType = (nodes: Node[], type: string) => nodes.filter((node) => node["@type"] === type);

test("should publish a résumé the official JSON Resume schema accepts, listed and described like every file", () => {
  const resume = readJson<Record<string, unknown>>(build.outDir, "api/v1/resume.json");
  let errors: ResumeSchemaError[] | null = null;
  jsonResume.validate(resume, (found) => (errors = found));
  const index = readJson<Envelope<ApiIndex>>(build.outDir, "api/v1/index.json").data;
  const openapi = readJson<{
    paths: Record<string, { get: { responses: { 200: { content: Record<string, unknown> } } } }>;
  }>(build.outDir, "api/openapi.json");

  assert.is(errors, null);
  assert.ok(
    index.endpoints.some(
      (endpoint) => endpoint.path === "/api/v1/resume.json" && endpoint.url === `${SITE_URL}/api/v1/resume.json`,
    ),
  );
  assert.equal(Object.keys(openapi.paths["/api/v1/resume.json"]?.get.responses[200].content ?? {}), [
    "application/json",
  ]);
  assert.not.ok("meta" in resume && "data" in resume, "no envelope: JSON Resume tools read the document itself");
});

test("should derive the résumé from the profile, projects and awards, and add resume.yaml's history", () => {
  type Resume = {
    basics: { name: string };
    projects: { name: string }[];
    awards: unknown[];
    certificates: { name: string }[];
    work: { name: string }[];
    education: unknown[];
  };
  const resume = readJson<Resume>(build.outDir, "api/v1/resume.json");
  const profile = readJson<Envelope<{ name: string; certifications: string[] }>>(
    build.outDir,
    "api/v1/profile.json",
  ).data;
  const projects = readJson<Envelope<{ name: string }[]>>(build.outDir, "api/v1/projects.json").data;
  const awards = readJson<Envelope<unknown[]>>(build.outDir, "api/v1/awards.json").data;

  assert.is(resume.basics.name, profile.name);
  assert.equal(
    resume.projects.map((p) => p.name),
    projects.map((p) => p.name),
  );
  assert.equal(
    resume.certificates.map((c) => c.name),
    profile.certifications,
  );
  assert.is(resume.awards.length, awards.length);
  assert.equal(
    resume.work.map((job) => job.name),
    ["Halden Clinical Software", "Independent"],
  );
  assert.is(resume.education.length, 1);
});

test("should describe the owner on the home page: a Person with sameAs links, and the WebSite", () => {
  const nodes = nodesOf("index.html");
  const [person] = ofType(nodes, "Person");

  assert.is(person?.name, "Margo Voss");
  assert.equal(person?.sameAs, [
    "https://github.com/margo-voss",
    "https://margo-voss.itch.io",
    "https://mastodon.social/@margo_voss",
  ]);
  assert.is(ofType(nodes, "WebSite")[0]?.url, `${SITE_URL}/`);
});

test("should describe each project as SoftwareSourceCode with its repository and languages", () => {
  const projects = readJson<Envelope<{ name: string; languages: string[]; urls: { page: string; repo: string } }[]>>(
    build.outDir,
    "api/v1/projects.json",
  ).data;

  for (const project of projects) {
    const nodes = nodesOf(`projects/${project.name}/index.html`);
    const [code] = ofType(nodes, "SoftwareSourceCode");
    assert.is(code?.name, project.name);
    assert.is(code?.codeRepository, project.urls.repo);
    assert.equal(code?.programmingLanguage, project.languages);
    assert.is(ofType(nodes, "BreadcrumbList").length, 1);
  }
});

test("should describe each post as a BlogPosting with headline, dates, author, image and keywords", () => {
  const posts = readJson<
    Envelope<{ title: string; url: string; published: string; tags: { name: string }[]; cover: { url: string } }[]>
  >(build.outDir, "blog/api/v1/posts.json").data;
  assert.ok(posts.length > 0);

  for (const post of posts) {
    const nodes = nodesOf(`${new URL(post.url).pathname.slice(1)}index.html`);
    const [posting] = ofType(nodes, "BlogPosting");
    assert.is(posting?.headline, post.title);
    assert.is(posting?.datePublished, post.published);
    assert.ok(posting?.dateModified);
    assert.is((posting?.author as { name?: string } | undefined)?.name, "Margo Voss");
    assert.is((posting?.image as { url?: string } | undefined)?.url, post.cover.url);
    assert.equal(
      posting?.keywords,
      post.tags.map((tag) => tag.name),
    );
  }
});

test("should give every page that has JSON-LD a graph that parses, and keep a script-closing text inside it", () => {
  const pages = listFiles(build.outDir).filter(
    (file) => file.endsWith(".html") && readText(build.outDir, file).includes("application/ld+json"),
  );
  const [code] = ofType(nodesOf("projects/hl7.lint/index.html"), "SoftwareSourceCode");

  assert.ok(pages.length > 20, `pages with JSON-LD: ${pages.length}`);
  for (const page of pages) nodesOf(page);
  assert.is(code?.description, `Lints HL7 ${SCRIPT_BREAKER}`);
  // The JSON API serves the text as it is (JSON has no script element); no page carries it raw.
  assert.equal(
    filesCarrying(build.outDir, SCRIPT_BREAKER).filter((file) => file.endsWith(".html")),
    [],
  );
});

test.run();
