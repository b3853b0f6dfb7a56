import { test } from "uvu";
import * as assert from "uvu/assert";
import { fromSnapshot } from "../../../src/github/github-data.ts";
import type { SnapshotFile } from "../../../src/github/snapshot.ts";
import { isStale } from "../../../src/model/portfolio-model.ts";
import { changedProject } from "../support/content-tree.ts";
import { content, fixtureModel, github, handModel, project, pull, siteConfig } from "../support/model.ts";

test("should list projects by name, ignoring case", () => {
  const model = handModel({
    content: content({ projects: [project({ name: "beta" }), project({ name: "gamma" }), project({ name: "Alpha" })] }),
  });

  assert.equal(
    model.projects.map((p) => p.name),
    ["Alpha", "beta", "gamma"],
  );
});

test("should keep the blog feed's fallback note for the files built from its posts", () => {
  assert.is(handModel({ postsNote: "The feed is old." }).notes.posts, "The feed is old.");
  assert.equal(Object.keys(handModel().notes), []);
});

test("should relate a project to the other projects of its domain, most shared tags first", () => {
  const projects = [
    project({ name: "a", cluster: "one", tags: ["x", "y"] }),
    project({ name: "b", cluster: "one", tags: ["x"] }),
    project({ name: "c", cluster: "one", tags: ["x", "y", "z"] }),
    project({ name: "d", cluster: "one" }),
    project({ name: "e", cluster: "two", tags: ["x", "y"] }),
  ];

  const model = handModel({ content: content({ projects }) });

  const related = Object.fromEntries(model.projects.map((p) => [p.name, p.related]));
  assert.equal(related, { a: ["c", "b", "d"], b: ["a", "c", "d"], c: ["a", "b", "d"], d: ["a", "b", "c"], e: [] });
});

test("should group projects by language, most used first, then by name, with colours when known", () => {
  const projects = [
    project({ name: "a", languages: ["Rust", "C"] }),
    project({ name: "b", languages: ["C", "Zig"] }),
    project({ name: "c", languages: ["Go"] }),
  ];

  const model = handModel({ content: content({ projects, languageColors: { C: "#555555", Rust: "#dea584" } }) });

  assert.equal(model.languages, [
    { name: "C", projects: ["a", "b"], color: "#555555" },
    { name: "Go", projects: ["c"], color: null },
    { name: "Rust", projects: ["a"], color: "#dea584" },
    { name: "Zig", projects: ["b"], color: null },
  ]);
});

test("should give languages named like Object.prototype's members no colour unless languages.yaml gives one", () => {
  const projects = [
    project({ name: "a", languages: ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"] }),
  ];
  const languageColors = JSON.parse('{"__proto__": "#112233", "valueOf": "#ABCDEF"}') as Record<string, string>;

  const model = handModel({ content: content({ projects, languageColors }) });

  assert.equal(
    model.languages.map((language) => [language.name, language.color]),
    [
      ["__proto__", "#112233"],
      ["constructor", null],
      ["hasOwnProperty", null],
      ["toString", null],
      ["valueOf", "#abcdef"],
    ],
  );
});

test("should group tags named like Object.prototype's members as any other tag", () => {
  const projects = [
    project({ name: "a", tags: ["constructor", "__proto__"] }),
    project({ name: "b", tags: ["__proto__"] }),
  ];

  const model = handModel({ content: content({ projects }) });

  assert.equal(model.tags, [
    { name: "__proto__", projects: ["a", "b"] },
    { name: "constructor", projects: ["a"] },
  ]);
});

test("should group projects by tag, most used first, then by name", () => {
  const projects = [
    project({ name: "a", tags: ["cli", "tui"] }),
    project({ name: "b", tags: ["tui", "audio"] }),
    project({ name: "c", tags: ["tui", "cli"] }),
  ];

  const model = handModel({ content: content({ projects }) });

  assert.equal(model.tags, [
    { name: "tui", projects: ["a", "b", "c"] },
    { name: "cli", projects: ["a", "c"] },
    { name: "audio", projects: ["b"] },
  ]);
});

test("should order awards gold, silver, bronze, then by event", () => {
  const award = (medal: "gold" | "silver" | "bronze", event: string) => ({ place: "1st", medal, event });
  const projects = [
    project({ name: "a", award: award("bronze", "Alpha Jam") }),
    project({ name: "b", award: award("gold", "Zulu Hack") }),
    project({ name: "c", award: award("silver", "Beta Fest") }),
    project({ name: "d", award: award("gold", "Alpha Jam") }),
    project({ name: "e" }),
  ];

  const model = handModel({ content: content({ projects }) });

  assert.equal(
    model.awards.map((a) => `${a.award.medal} ${a.award.event} ${a.project.name}`),
    ["gold Alpha Jam d", "gold Zulu Hack b", "silver Beta Fest c", "bronze Alpha Jam a"],
  );
});

test("should fill optional award fields with null", () => {
  const model = handModel({
    content: content({ projects: [project({ name: "a", award: { place: "2nd", medal: "silver", event: "Jam" } })] }),
  });

  assert.equal(model.projects[0]?.award, { place: "2nd", medal: "silver", event: "Jam", track: null, url: null });
});

test("should list featured projects by name", () => {
  const projects = [
    project({ name: "z", featured: true }),
    project({ name: "m" }),
    project({ name: "b", featured: true }),
  ];

  const model = handModel({ content: content({ projects }) });

  assert.equal(
    model.featured.map((p) => p.name),
    ["b", "z"],
  );
  assert.is(model.stats.featured, 2);
});

test("should order pulls merged first, then newest created first, undated last, then by repo and number", () => {
  const pulls = [
    pull({ repo: "o/b", number: 1, state: "open", created: "2025-06-01" }),
    pull({ repo: "o/a", number: 2, state: "merged", created: "2024-01-01" }),
    pull({ repo: "o/a", number: 3, state: "closed", created: null }),
    pull({ repo: "o/c", number: 4, state: "merged", created: "2025-01-01" }),
    pull({ repo: "o/a", number: 5, state: "open", created: "2025-06-01" }),
    pull({ repo: "o/a", number: 6, state: "open", created: "2025-06-01" }),
    pull({ repo: "o/z", number: 7, state: "merged", created: null }),
  ];

  const model = handModel({ github: github({}, pulls) });

  assert.equal(
    model.pulls.map((p) => p.number),
    [4, 2, 7, 6, 5, 1, 3],
  );
});

test("should count reach over distinct repositories, however many pulls each received", () => {
  const pulls = [
    pull({ repo: "python/cpython", number: 1, state: "merged", repoStars: 1000 }),
    pull({ repo: "python/cpython", number: 2, state: "open", repoStars: 1000 }),
    pull({ repo: "rust-lang/rust", number: 3, state: "merged", repoStars: 500 }),
    pull({ repo: "small/tool", number: 4, state: "closed", repoStars: 3 }),
  ];

  const model = handModel({ github: github({}, pulls) });

  assert.equal(model.stats.pulls, { count: 4, repos: 3, merged: 2, reach: 1503 });
});

test("should total the stars and list the five most starred projects", () => {
  const names = ["a", "b", "c", "d", "e", "f"];
  const stars = [5, 50, 7, 50, 1, 9];
  const repositories = Object.fromEntries(
    names.map((name, i) => [`fixture-owner/${name}`, { stars: stars[i] ?? 0, pushedAt: null }]),
  );

  const model = handModel({
    content: content({ projects: names.map((name) => project({ name })) }),
    github: github(repositories),
  });

  assert.is(model.stats.starsTotal, 122);
  assert.equal(model.stats.topStarred, [
    { name: "b", stars: 50 },
    { name: "d", stars: 50 },
    { name: "f", stars: 9 },
    { name: "c", stars: 7 },
    { name: "a", stars: 5 },
  ]);
});

test("should list at most five recent pushes, newest first, leaving out never-pushed projects", () => {
  const pushes: Record<string, string | null> = {
    a: "2026-01-01T00:00:00Z",
    b: "2026-06-01T00:00:00Z",
    c: null,
    d: "2026-03-01T00:00:00Z",
    e: "2026-11-01T00:00:00Z",
    f: "2025-01-01T00:00:00Z",
    g: "2026-02-01T00:00:00Z",
  };
  const repositories = Object.fromEntries(
    Object.entries(pushes).map(([name, at]) => [`fixture-owner/${name}`, { stars: 1, pushedAt: at }]),
  );

  const model = handModel({
    content: content({ projects: Object.keys(pushes).map((name) => project({ name })) }),
    github: github(repositories),
  });

  assert.equal(
    model.recentPushes.map((p) => `${p.project.name} ${p.at}`),
    [
      "e 2026-11-01T00:00:00Z",
      "b 2026-06-01T00:00:00Z",
      "d 2026-03-01T00:00:00Z",
      "g 2026-02-01T00:00:00Z",
      "a 2026-01-01T00:00:00Z",
    ],
  );
  assert.equal(model.stats.lastPush, { project: "e", at: "2026-11-01T00:00:00Z" });
});

test("should have no last push when no project was ever pushed", () => {
  const model = handModel({ github: github({ "fixture-owner/solo": { stars: 3, pushedAt: null } }) });

  assert.is(model.stats.lastPush, null);
  assert.equal(model.recentPushes, []);
});

test("should give an install command only to projects published on the Python package index", () => {
  const projects = [project({ name: "py", pypi: "py-tool" }), project({ name: "rs" })];

  const model = handModel({ content: content({ projects }) });

  assert.equal(
    model.projects.map((p) => p.install),
    ["pip install py-tool", null],
  );
});

test("should look repositories up under the project's owner, or the site's GitHub login", () => {
  const projects = [project({ name: "mine" }), project({ name: "theirs", owner: "other-org" })];
  const snapshot: SnapshotFile = {
    fetched_at: "2026-11-20T03:12:00Z",
    repositories: {
      "Fixture-Owner/mine": { stars: 4, pushed_at: "2026-01-01T00:00:00Z" },
      "other-org/theirs": { stars: 9, pushed_at: null },
      "fixture-owner/theirs": { stars: 999, pushed_at: null },
    },
    pulls: [],
  };
  const wanted = [
    { owner: "fixture-owner", name: "mine" },
    { owner: "other-org", name: "theirs" },
  ];

  const model = handModel({ content: content({ projects }), github: fromSnapshot(snapshot, wanted) });

  assert.equal(
    model.projects.map((p) => [p.name, p.stars, p.repoUrl]),
    [
      ["mine", 4, "https://github.com/fixture-owner/mine"],
      ["theirs", 9, "https://github.com/other-org/theirs"],
    ],
  );
});

test("should show a project missing from the snapshot with 0 stars, no push date and a note naming it", () => {
  const snapshot: SnapshotFile = { fetched_at: "2026-11-20T03:12:00Z", repositories: {}, pulls: [] };
  const github = fromSnapshot(snapshot, [{ owner: "fixture-owner", name: "solo" }]);

  const model = handModel({ github });

  assert.is(model.projects[0]?.stars, 0);
  assert.is(model.projects[0]?.pushedAt, null);
  assert.match(model.notes.repositories ?? "", "No data for fixture-owner/solo");
});

test("should render the writeup, or give null for an empty body", () => {
  const projects = [project({ name: "a" }, "## Setup\n\nRun `make`.\n"), project({ name: "b" }, "  \n")];

  const model = handModel({ content: content({ projects }) });

  assert.equal(
    model.projects.map((p) => p.writeup),
    [{ html: '<h2 id="setup">Setup</h2>\n<p>Run <code>make</code>.</p>\n', text: "Setup\n\nRun make." }, null],
  );
});

test("should render each /now item as HTML and text", () => {
  const now = { updated: "2026-11-02", sections: [{ title: "Reading", items: ["*Crafting Interpreters*, again"] }] };

  const model = handModel({ content: content({ now }) });

  assert.equal(model.now.sections, [
    {
      title: "Reading",
      items: [{ html: "<em>Crafting Interpreters</em>, again", text: "Crafting Interpreters, again" }],
    },
  ]);
});

test("should not call the /now list stale 59 days after its update", () => {
  // 2026-12-31T22:59Z is 23:59 on 31 December in Berlin: day 59 after 2 November.
  const config = siteConfig({ timezone: "Europe/Berlin", buildTime: new Date("2026-12-31T22:59:00Z") });

  const stale = isStale("2026-11-02", config);

  assert.is(stale, false);
});

test("should call the /now list stale from the start of day 60 in the site's time zone", () => {
  // 2026-12-31T23:00Z is already 1 January in Berlin (day 60), but still 31 December in UTC.
  const config = siteConfig({ timezone: "Europe/Berlin", buildTime: new Date("2026-12-31T23:00:00Z") });

  const stale = isStale("2026-11-02", config);

  assert.is(stale, true);
});

test("should count stale days in the site's time zone, not in UTC", () => {
  // The same instant as above is day 59 for a site in UTC.
  const config = siteConfig({ timezone: "UTC", buildTime: new Date("2026-12-31T23:00:00Z") });

  const stale = isStale("2026-11-02", config);

  assert.is(stale, false);
});

test("should count calendar days across a daylight-saving change", () => {
  // Berlin moves to summer time on 29 March 2026; 30 April 00:00 there is day 60 after 1 March.
  const config = siteConfig({ timezone: "Europe/Berlin", buildTime: new Date("2026-04-29T22:00:00Z") });

  const stale = isStale("2026-03-01", config);

  assert.is(stale, true);
});

test("should build the model of a fixture content tree the way a build does", async () => {
  const model = await fixtureModel();

  assert.equal(
    model.projects.map((p) => [p.name, p.stars, p.pushedAt]),
    [
      ["alpha", 10, "2026-11-10T10:00:00Z"],
      ["beta", 5, "2026-10-01T10:00:00Z"],
      ["Delta", 2, "2025-01-01T00:00:00Z"],
      ["gamma", 7, null],
    ],
  );
  assert.equal(
    model.domains.map((d) => [d.id, d.projects.map((p) => p.name)]),
    [
      ["systems", ["alpha", "beta"]],
      ["climbing", ["gamma"]],
      ["audio", ["Delta"]],
    ],
  );
  assert.equal(model.stats.pulls, { count: 3, repos: 2, merged: 1, reach: 1500 });
  assert.equal(
    model.posts.map((p) => p.title),
    ["Second post", "First post"],
  );
  assert.is(model.now.stale, false);
});

test("should note a fixture project that the snapshot does not know", async () => {
  const model = await fixtureModel({ "projects/epsilon.md": changedProject("Delta", { name: "epsilon" }) });

  const epsilon = model.projects.find((p) => p.name === "epsilon");
  assert.equal([epsilon?.stars, epsilon?.pushedAt], [0, null]);
  assert.match(model.notes.repositories ?? "", "No data for fixture-owner/epsilon");
});

test.run();
