import { test } from "uvu";
import * as assert from "uvu/assert";
import yaml from "js-yaml";
import { contentTree, proposeDomains, usableRepositories, NO_LANGUAGE } from "../../../src/init/content-tree.ts";
import type { OwnedRepository } from "../../../src/init/list-repositories.ts";
import { MAX_DOMAIN_PROJECTS } from "../../../src/content/content-limits.ts";

function repository(name: string, more: Partial<OwnedRepository> = {}): OwnedRepository {
  return {
    name,
    description: `About ${name}`,
    homepageUrl: null,
    stars: 0,
    pushedAt: null,
    languages: [{ name: "Go", color: "#00ADD8" }],
    topics: [],
    readme: null,
    isFork: false,
    isArchived: false,
    ...more,
  };
}

const answers = { name: "Ada Lovelace", login: "ada", siteUrl: "https://ada.example/", timezone: "UTC", blog: true };
const NOW = new Date("2026-11-23T12:00:00Z");

test("should skip names the build refuses, and a second spelling ignoring case, with a line each", () => {
  const { usable, lines: skipped } = usableRepositories([
    repository("tools"),
    repository(".github"),
    repository("café"),
    repository("Tools"),
    repository("fork", { isFork: true }),
    repository("old", { isArchived: true }),
  ]);

  assert.equal(
    usable.map((r) => r.name),
    ["tools"],
  );
  assert.is(skipped.length, 3);
  assert.match(skipped[0] ?? "", '".github"');
  assert.match(skipped[2] ?? "", "ignoring case");
});

test("should put each repository's values through the GitHub entry check, with a line for each change", () => {
  const { usable, lines } = usableRepositories([
    repository("tide", { homepageUrl: 'https://tide.example/"><script>alert(1)</script>' }),
    repository("flip", {
      description: "Flip \u202egnp.exe\u202c here",
      readme: "Read \u2067me\u2069.\n",
      languages: [{ name: "Ru\u202est", color: "#dea584" }],
      topics: ["cli", "Not\u001b[2J A Tag"],
    }),
    repository("old", { pushedAt: "9999-12-31T23:30:00-01:00", homepageUrl: " https://old.example/ " }),
    repository("new", { pushedAt: "2026-11-21T12:00:00+02:00" }),
    repository("tide"),
  ]);

  assert.equal(
    usable.map((r) => [r.name, r.homepageUrl, r.pushedAt, r.description, r.readme, r.topics]),
    [
      ["tide", null, null, "About tide", null, []],
      ["flip", null, null, "Flip gnp.exe here", "Read me.\n", ["cli"]],
      ["old", "https://old.example/", null, "About old", null, []],
      ["new", null, "2026-11-21T10:00:00Z", "About new", null, []],
    ],
  );
  assert.equal(usable[1]?.languages, [{ name: "Rust", color: "#dea584" }]);
  assert.equal(lines, [
    'left out the homepage of "tide" ("https://tide.example/\\"><script>alert(1)</script>"): not an http(s) URL the site can publish',
    'removed control or invisible characters from the description, languages, README of "flip"',
    'left out topics of "flip" that are not tags (lowercase words with hyphens): "Not\\u001b[2J A Tag"',
    'left out the last push of "old" (9999-12-31T23:30:00-01:00): a date outside 1970-9999',
    'left out a second "tide": GitHub listed it more than once',
  ]);
});

test("should propose a domain for each topic two projects share, and put the rest in projects", () => {
  const { domains, clusterOf } = proposeDomains([
    repository("a", { topics: ["cli"] }),
    repository("b", { topics: ["cli", "web"] }),
    repository("c", { topics: ["web"] }),
    repository("d"),
  ]);

  assert.equal(
    domains.map((d) => d.id),
    ["cli", "web", "projects"],
  );
  assert.equal(
    [...clusterOf.entries()],
    [
      ["a", "cli"],
      ["b", "cli"],
      ["c", "web"],
      ["d", "projects"],
    ],
  );
});

test("should continue a domain past the build's limit of projects in `{id}-2`, `{id}-3`", () => {
  const names = Array.from({ length: 2 * MAX_DOMAIN_PROJECTS + 60 }, (_, i) => `repo-${i}`);
  // Every third a cli project, the rest in the catch-all.
  const { domains, clusterOf } = proposeDomains(
    names.map((name, i) => repository(name, { topics: i % 3 === 0 ? ["cli"] : [] })),
  );

  assert.equal(
    domains.map((d) => [d.id, d.title]),
    [
      ["cli", "Cli"],
      ["projects", "Projects"],
      ["projects-2", "Projects (2)"],
    ],
  );
  const sizes = new Map<string, number>();
  for (const id of clusterOf.values()) sizes.set(id, (sizes.get(id) ?? 0) + 1);
  assert.equal(
    [...sizes],
    [
      ["cli", 154],
      ["projects", MAX_DOMAIN_PROJECTS],
      ["projects-2", 106],
    ],
  );
});

test("should write a project with the description as tagline, topics as tags and a safe homepage as demo", () => {
  const tree = contentTree(
    answers,
    [
      repository("tide", {
        description: "Tides\nand\u0007 more",
        topics: ["tides", "Bad Topic"],
        homepageUrl: "https://tide.example/",
      }),
    ],
    new Set(["tide"]),
    NOW,
    [],
  );
  const text = tree.get("projects/tide.md") ?? "";
  const front = yaml.load(text.split("---\n")[1] ?? "") as Record<string, unknown>;

  assert.equal(front, {
    name: "tide",
    tagline: "Tides and more",
    cluster: "projects",
    languages: ["Go"],
    tags: ["tides"],
    featured: true,
    demo: "https://tide.example/",
  });
});

test("should leave out a homepage that is not http(s), and name a language when GitHub gives none", () => {
  const tree = contentTree(
    answers,
    [repository("x", { homepageUrl: "javascript:alert(1)", languages: [] })],
    new Set(),
    NOW,
    [],
  );
  const text = tree.get("projects/x.md") ?? "";

  assert.not.match(text, "javascript:");
  assert.match(text, `languages:\n  - ${NO_LANGUAGE}`);
});

test("should write an empty snapshot and one example project without live data", () => {
  const tree = contentTree({ ...answers, blog: false }, [], new Set(), NOW, null);

  assert.equal(JSON.parse(tree.get("github/snapshot.json") ?? ""), {
    fetched_at: "2026-11-23T12:00:00Z",
    repositories: {},
    pulls: [],
  });
  assert.ok(tree.has("projects/example-project.md"));
  assert.ok(tree.has("blog/feed.xml"));
  assert.not.ok(tree.has("blog/blog.yaml"));
});

test("should keep an answer with YAML syntax as text", () => {
  const tree = contentTree({ ...answers, name: 'Ada: "x" # y' }, [], new Set(), NOW, null);

  assert.is((yaml.load(tree.get("site.yaml") ?? "") as { title: string }).title, 'Ada: "x" # y');
});

test("should date the first post and the /now list in the owner's time zone", () => {
  const tree = contentTree(
    { ...answers, timezone: "America/Los_Angeles" },
    [],
    new Set(),
    new Date("2026-11-23T03:00:00Z"),
    null,
  );

  assert.match(tree.get("now.yaml") ?? "", 'updated: "2026-11-22"');
  assert.match(tree.get("blog/posts/hello-world.md") ?? "", 'date: "2026-11-22"');
});

test("should write in profile.yaml only the GitHub link and no contact placeholders", () => {
  const tree = contentTree(answers, [repository("alpha")], new Set(), NOW, []);

  const profile = yaml.load(tree.get("profile.yaml") ?? "") as { links: unknown; contact: unknown };

  assert.equal(profile.links, { github: "https://github.com/ada" });
  assert.equal(profile.contact, {});
});

test("should name the blog's source repository after a project site's path, else the user site's", () => {
  const source = (siteUrl: string) =>
    (
      yaml.load(contentTree({ ...answers, siteUrl }, [], new Set(), NOW, null).get("blog/blog.yaml") ?? "") as {
        source: { repository: string };
      }
    ).source.repository;

  assert.is(source("https://ada.github.io/portfolio"), "https://github.com/ada/portfolio");
  assert.is(source("https://ada.github.io"), "https://github.com/ada/ada.github.io");
  assert.is(source("https://ada.example/folio/"), "https://github.com/ada/ada.github.io");
});

test.run();
