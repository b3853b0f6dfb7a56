import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  awardList,
  clusterDetail,
  clusterList,
  inProgressList,
  languageList,
  nowResource,
  post,
  postList,
  profileResource,
  projectDetail,
  projectSummary,
  pullList,
  searchIndex,
  statsResource,
  tagList,
} from "../../../../src/api/portfolio/resources.ts";
import type { FeedPost } from "../../../../src/feeds/read-rss-posts.ts";
import type { Domain, PortfolioModel, Project } from "../../../../src/model/portfolio-model.ts";
import { planImage } from "../../../../src/images/rendition-plan.ts";
import { PGP_FINGERPRINT } from "../../support/content-tree.ts";
import { content, github, handModel, profile, project, pull, siteConfig } from "../../support/model.ts";

/*
 * The portfolio's resource builders pin every published field: values, derived counts, orders
 * (as the OpenAPI document states them), nulls, and the URLs with and without a base path. The
 * builders never write `meta.note`: the envelope does (api/envelope.ts), from the model's notes.
 */

const ARMORED = "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nxx\n-----END PGP PUBLIC KEY BLOCK-----\n";

/** Three projects in two domains (and an empty third), pulls, posts and a key: every list has something to order. */
function portfolio(baseUrl = "https://fixture.example", buildTime?: Date): PortfolioModel {
  return handModel({
    config: siteConfig(buildTime ? { baseUrl, buildTime } : { baseUrl }),
    content: content({
      domains: [
        { id: "one", emoji: "1️⃣", title: "One", blurb: "First domain." },
        { id: "two", emoji: "2️⃣", title: "Two", blurb: "Second domain." },
        { id: "empty", emoji: "🕳️", title: "Empty", blurb: "Nothing yet." },
      ],
      projects: [
        project(
          {
            name: "beta",
            tagline: "A scheduler",
            cluster: "one",
            languages: ["C"],
            tags: ["cli"],
            pypi: "beta-sched",
            demo: "https://beta.example/demo",
            docs: "https://docs.example/beta/",
          },
          "Beta *schedules*.\n",
        ),
        project({
          name: "Alpha",
          tagline: "A tiny allocator",
          cluster: "one",
          languages: ["Rust", "C"],
          tags: ["cli", "tui"],
          featured: true,
          award: {
            place: "1st place",
            medal: "gold",
            event: "Hack 2025",
            track: "Tools",
            url: "https://hack.example/",
          },
          links: [{ label: "Talk", url: "https://talks.example/alpha" }],
        }),
        project({
          name: "gamma",
          owner: "other-org",
          tagline: "A logbook",
          cluster: "two",
          languages: ["Go"],
          tags: ["tui"],
          award: { place: "Finalist", medal: "bronze", event: "Jam" },
        }),
      ],
      inProgress: [{ name: "secret-thing", hint: "Not yet published." }],
      languageColors: { C: "#555555", Rust: "#DEA584" },
      pgp: { fingerprint: PGP_FINGERPRINT, armored: ARMORED },
      now: { updated: "2026-11-02", sections: [{ title: "Building", items: ["Porting **beta**"] }] },
    }),
    github: github(
      {
        "fixture-owner/Alpha": { stars: 10, pushedAt: "2026-11-10T10:00:00Z" },
        "fixture-owner/beta": { stars: 5, pushedAt: "2026-10-01T10:00:00Z" },
        "other-org/gamma": { stars: 10, pushedAt: null },
      },
      [
        pull({ repo: "z/open", number: 4, state: "open", created: "2026-05-01", repoStars: 3 }),
        pull({ repo: "python/cpython", number: 1, state: "merged", created: "2025-04-02", repoStars: 1000 }),
        pull({ repo: "rust-lang/rust", number: 3, state: "closed", created: null, repoStars: 500 }),
        pull({ repo: "Python/CPython", number: 7, state: "merged", created: "2026-01-09", repoStars: 1001 }),
        pull({ repo: "a/same-day", number: 8, state: "open", created: "2026-05-01", repoStars: 0 }),
        pull({ repo: "a/same-day", number: 9, state: "open", created: "2026-05-01", repoStars: 0 }),
      ],
    ),
    posts: [
      feedPost("Older", "https://fixture.example/blog/posts/older/", "2025-02-11T07:45:00Z"),
      feedPost("Undated", "https://fixture.example/blog/posts/undated/", null),
      // 23:30 UTC: later than 23:15Z although its text sorts first.
      feedPost("Offset", "https://fixture.example/blog/posts/offset/", "2026-10-29T00:30:00+01:00"),
      feedPost("Newest", "https://fixture.example/blog/posts/newest/", "2026-10-28T23:15:00Z"),
    ],
  });
}

function feedPost(title: string, url: string, published: string | null): FeedPost {
  return { title, url, published, summary: `About ${title.toLowerCase()}.` };
}

function projectOf(model: PortfolioModel, name: string): Project {
  const found = model.projectByName.get(name);
  if (!found) throw new Error(`no project ${name}`);
  return found;
}

function domainOf(model: PortfolioModel, id: string): Domain {
  const found = model.domainById.get(id);
  if (!found) throw new Error(`no domain ${id}`);
  return found;
}

/** Equal values and the same key order: the JSON files are compared byte for byte. */
function assertPublished(actual: unknown, expected: unknown): void {
  assert.equal(actual, expected);
  assert.is(JSON.stringify(actual), JSON.stringify(expected), "key order");
}

test("should publish every field of a project summary", () => {
  const model = portfolio();

  const summary = projectSummary(model, projectOf(model, "Alpha"));

  assertPublished(summary, {
    name: "Alpha",
    tagline: "A tiny allocator",
    cluster: { id: "one", title: "One" },
    languages: ["Rust", "C"],
    tags: ["cli", "tui"],
    featured: true,
    stars: 10,
    pushed_at: "2026-11-10T10:00:00Z",
    award: { place: "1st place", medal: "gold", event: "Hack 2025", track: "Tools", url: "https://hack.example/" },
    urls: {
      page: "https://fixture.example/projects/Alpha/",
      repo: "https://github.com/fixture-owner/Alpha",
      demo: null,
      docs: null,
      og_image: "https://fixture.example/og/projects/Alpha.png",
      api: "https://fixture.example/api/v1/projects/Alpha.json",
    },
    links: [{ label: "Talk", url: "https://talks.example/alpha" }],
  });
});

test("should publish null, not leave out, what a project does not have", () => {
  const model = portfolio();

  const summary = projectSummary(model, projectOf(model, "gamma"));

  assert.is(summary.pushed_at, null);
  assert.is(summary.featured, false);
  assert.equal(summary.links, []);
  assert.equal(summary.award, { place: "Finalist", medal: "bronze", event: "Jam", track: null, url: null });
  assert.equal(summary.urls, {
    page: "https://fixture.example/projects/gamma/",
    repo: "https://github.com/other-org/gamma",
    demo: null,
    docs: null,
    og_image: "https://fixture.example/og/projects/gamma.png",
    api: "https://fixture.example/api/v1/projects/gamma.json",
  });
});

test("should publish zero stars and no tags, award or push for a project GitHub knows nothing of", () => {
  const model = handModel();

  const summary = projectSummary(model, projectOf(model, "solo"));

  assert.is(summary.stars, 0);
  assert.is(summary.pushed_at, null);
  assert.is(summary.award, null);
  assert.equal(summary.tags, []);
});

test("should put the base path into a project's own URLs but not into its repository's", () => {
  const model = portfolio("https://fixture.example/folio");

  const { urls } = projectSummary(model, projectOf(model, "beta"));

  assertPublished(urls, {
    page: "https://fixture.example/folio/projects/beta/",
    repo: "https://github.com/fixture-owner/beta",
    demo: "https://beta.example/demo",
    docs: "https://docs.example/beta/",
    og_image: "https://fixture.example/folio/og/projects/beta.png",
    api: "https://fixture.example/folio/api/v1/projects/beta.json",
  });
});

test("should add the install command, the writeup and the related projects to a project's detail", () => {
  const model = portfolio();
  const beta = projectOf(model, "beta");

  const detail = projectDetail(model, beta);

  assertPublished(detail, {
    ...projectSummary(model, beta),
    install: "pip install beta-sched",
    writeup: { html: "<p>Beta <em>schedules</em>.</p>\n", text: "Beta schedules." },
    related: ["Alpha"],
  });
});

test("should publish null for a detail without a package or a writeup", () => {
  const model = portfolio();

  const detail = projectDetail(model, projectOf(model, "gamma"));

  assert.is(detail.install, null);
  assert.is(detail.writeup, null);
  assert.equal(detail.related, []);
});

test("should list clusters in the order of domains.yaml with counts, project names and URLs", () => {
  const model = portfolio("https://fixture.example/folio");

  const clusters = clusterList(model);

  assertPublished(clusters, [
    {
      id: "one",
      emoji: "1️⃣",
      title: "One",
      blurb: "First domain.",
      count: 2,
      projects: ["Alpha", "beta"],
      urls: {
        page: "https://fixture.example/folio/domains/one/",
        api: "https://fixture.example/folio/api/v1/clusters/one.json",
      },
    },
    {
      id: "two",
      emoji: "2️⃣",
      title: "Two",
      blurb: "Second domain.",
      count: 1,
      projects: ["gamma"],
      urls: {
        page: "https://fixture.example/folio/domains/two/",
        api: "https://fixture.example/folio/api/v1/clusters/two.json",
      },
    },
    {
      id: "empty",
      emoji: "🕳️",
      title: "Empty",
      blurb: "Nothing yet.",
      count: 0,
      projects: [],
      urls: {
        page: "https://fixture.example/folio/domains/empty/",
        api: "https://fixture.example/folio/api/v1/clusters/empty.json",
      },
    },
  ]);
});

test("should give a cluster's detail its projects as full summaries", () => {
  const model = portfolio();

  const detail = clusterDetail(model, domainOf(model, "one"));

  assertPublished(detail, {
    id: "one",
    emoji: "1️⃣",
    title: "One",
    blurb: "First domain.",
    count: 2,
    projects: [projectSummary(model, projectOf(model, "Alpha")), projectSummary(model, projectOf(model, "beta"))],
    urls: { page: "https://fixture.example/domains/one/", api: "https://fixture.example/api/v1/clusters/one.json" },
  });
});

test("should list awards gold to bronze, each with its project's name and page", () => {
  const model = portfolio("https://fixture.example/folio");

  const awards = awardList(model);

  assertPublished(awards, [
    {
      place: "1st place",
      medal: "gold",
      event: "Hack 2025",
      track: "Tools",
      url: "https://hack.example/",
      project: "Alpha",
      project_url: "https://fixture.example/folio/projects/Alpha/",
    },
    {
      place: "Finalist",
      medal: "bronze",
      event: "Jam",
      track: null,
      url: null,
      project: "gamma",
      project_url: "https://fixture.example/folio/projects/gamma/",
    },
  ]);
});

test("should list languages most used first, then by name, with lower-case colours or null", () => {
  const languages = languageList(portfolio());

  assertPublished(languages, [
    { name: "C", color: "#555555", count: 2, projects: ["Alpha", "beta"] },
    { name: "Go", color: null, count: 1, projects: ["gamma"] },
    { name: "Rust", color: "#dea584", count: 1, projects: ["Alpha"] },
  ]);
});

test("should list tags most used first, then by name, with their counts", () => {
  const tags = tagList(portfolio());

  assertPublished(tags, [
    { tag: "cli", count: 2, projects: ["Alpha", "beta"] },
    { tag: "tui", count: 2, projects: ["Alpha", "gamma"] },
  ]);
});

test("should list the names reserved for projects in progress with their hints", () => {
  assertPublished(inProgressList(portfolio()), [{ name: "secret-thing", hint: "Not yet published." }]);
});

test("should list pull requests merged first, then newest first, undated last, then by repository and number", () => {
  const pulls = pullList(portfolio());

  assert.equal(
    pulls.map((p) => `${p.state} ${p.created} ${p.repo}#${p.number}`),
    [
      "merged 2026-01-09 Python/CPython#7",
      "merged 2025-04-02 python/cpython#1",
      "open 2026-05-01 a/same-day#9",
      "open 2026-05-01 a/same-day#8",
      "open 2026-05-01 z/open#4",
      "closed null rust-lang/rust#3",
    ],
  );
  assertPublished(pulls[0], {
    repo: "Python/CPython",
    number: 7,
    title: "PR 7",
    state: "merged",
    url: "https://github.com/Python/CPython/pull/7",
    created: "2026-01-09",
    repo_stars: 1001,
  });
});

test("should list posts newest first as instants, whatever offset each carries, undated last", () => {
  const posts = postList(portfolio());

  assert.equal(
    posts.map((p) => p.title),
    ["Offset", "Newest", "Older", "Undated"],
  );
  assertPublished(posts[0], {
    title: "Offset",
    url: "https://fixture.example/blog/posts/offset/",
    published: "2026-10-29T00:30:00+01:00",
    summary: "About offset.",
  });
  assert.is(posts[3]?.published, null);
});

test("should order posts published at the same instant by URL", () => {
  const at = "2026-01-01T00:00:00Z";
  const model = handModel({
    posts: [feedPost("B", "https://fixture.example/b/", at), feedPost("A", "https://fixture.example/a/", at)],
  });

  assert.equal(
    postList(model).map((p) => p.url),
    ["https://fixture.example/a/", "https://fixture.example/b/"],
  );
});

test("should publish a feed post's four fields and nothing else", () => {
  const published = post({ ...feedPost("T", "https://blog.example/t/", null), extra: "x" } as FeedPost);

  assertPublished(published, { title: "T", url: "https://blog.example/t/", published: null, summary: "About t." });
});

test("should publish the /now list with its newest post and the projects pushed to lately, newest first", () => {
  const now = nowResource(portfolio("https://fixture.example/folio"));

  assertPublished(now, {
    updated: "2026-11-02",
    stale: false,
    url: "https://fixture.example/folio/now/",
    sections: [{ title: "Building", items: [{ text: "Porting beta", html: "Porting <strong>beta</strong>" }] }],
    lately: {
      latest_post: {
        title: "Offset",
        url: "https://fixture.example/blog/posts/offset/",
        published: "2026-10-29T00:30:00+01:00",
        summary: "About offset.",
      },
      recent_pushes: [
        { project: "Alpha", pushed_at: "2026-11-10T10:00:00Z", url: "https://github.com/fixture-owner/Alpha" },
        { project: "beta", pushed_at: "2026-10-01T10:00:00Z", url: "https://github.com/fixture-owner/beta" },
      ],
    },
  });
});

test("should mark the /now list stale 60 days after its update, and publish no latest post without posts", () => {
  const stale = nowResource(portfolio("https://fixture.example", new Date("2027-01-01T00:00:00Z")));
  const empty = nowResource(handModel());

  assert.is(stale.stale, true);
  assert.is(empty.lately.latest_post, null);
  assert.equal(empty.lately.recent_pushes, []);
});

test("should publish at most five recent pushes", () => {
  const names = ["a", "b", "c", "d", "e", "f"];
  const model = handModel({
    content: content({ projects: names.map((name) => project({ name })) }),
    github: github(
      Object.fromEntries(
        names.map((name, i) => [`fixture-owner/${name}`, { stars: 0, pushedAt: `2026-0${i + 1}-01` }]),
      ),
    ),
  });

  assert.equal(
    nowResource(model).lately.recent_pushes.map((push) => push.project),
    ["f", "e", "d", "c", "b"],
  );
});

test("should publish every field of the profile, its links under the base path", () => {
  const published = profileResource(portfolio("https://fixture.example/folio"));

  assertPublished(published, {
    name: profile.name,
    handle: profile.handle,
    headline: profile.headline,
    summary: profile.summary,
    focus: profile.focus,
    certifications: [],
    open_to_work: { open: true, text: null },
    links: {
      site: "https://fixture.example/folio/",
      blog: "https://fixture.example/folio/blog/",
      api: "https://fixture.example/folio/api/v1/index.json",
      github: "https://github.com/fixture-owner",
      itch: "https://fixture.itch.io",
    },
    contact: {
      form: "https://fixture.example/contact/",
      discord: "fixture",
      irc: {
        network: "Libera.Chat",
        nick: "fixture",
        how: "/msg fixture",
        web_client: "https://web.libera.chat/#fixture",
      },
    },
    pgp: { fingerprint: PGP_FINGERPRINT, key_url: "https://fixture.example/folio/pgp.asc", armored: ARMORED },
    photo: null,
  });
});

test("should publish the owner's photo as the home page shows it: its absolute URL, size and alt text", () => {
  // Before: profile.json had no photo, though the home page's h-card, the Person and the résumé did.
  const url = "https://fixture.example/folio/images/people/me.jpg";
  const plan = planImage({ url, width: 2400, height: 3000, type: "jpg", digest: "a".repeat(64) }, "s");
  const model = handModel({ config: siteConfig({ baseUrl: "https://fixture.example/folio" }) });
  const published = profileResource({ ...model, photo: { source: "/content/people/me.jpg", plan, alt: "Me, roped" } });

  // A photo wider than 1600 px is shown as its 1600-px rendition, the <img src> of the page.
  assert.equal(published.photo, { url: plan.fallback.url, width: 1600, height: 2000, alt: "Me, roped" });
  assert.match(plan.fallback.url, /^https:\/\/fixture\.example\/folio\/images\/people\/me-[0-9a-f]{16}-1600\.jpg$/);
});

test("should publish pgp as null without a key, and the profile's links without a base path at the root", () => {
  const published = profileResource(handModel());

  assert.is(published.pgp, null);
  assert.equal(published.links, {
    site: "https://fixture.example/",
    blog: "https://fixture.example/blog/",
    api: "https://fixture.example/api/v1/index.json",
    github: "https://github.com/fixture-owner",
    itch: "https://fixture.itch.io",
  });
});

test("should publish every figure of the stats, reach counting each repository once whatever its case", () => {
  const stats = statsResource(portfolio());

  assertPublished(stats, {
    projects: 3,
    domains: 3,
    featured: 1,
    languages: 3,
    tags: 2,
    stars: {
      total: 25,
      top: [
        { name: "Alpha", stars: 10 },
        { name: "gamma", stars: 10 },
        { name: "beta", stars: 5 },
      ],
    },
    pull_requests: { count: 6, repos: 4, merged: 2, reach: 1001 + 3 + 500 + 0 },
    posts: 4,
    awards: 2,
    in_progress: 1,
    last_push: { project: "Alpha", at: "2026-11-10T10:00:00Z" },
  });
});

test("should publish zeros and no last push for a portfolio without stars, pulls, pushes or posts", () => {
  const stats = statsResource(handModel());

  assert.equal(stats.stars, { total: 0, top: [{ name: "solo", stars: 0 }] });
  assert.equal(stats.pull_requests, { count: 0, repos: 0, merged: 0, reach: 0 });
  assert.is(stats.last_push, null);
  assert.is(stats.posts, 0);
});

test("should index the pages, then projects, domains and posts, each with its site-relative path", () => {
  const index = searchIndex(portfolio());

  assert.equal(
    index.map((item) => `${item.kind} ${item.title} ${item.path}`),
    [
      "page Home /",
      "page Projects /projects/",
      "page Now /now/",
      "page Awards /awards/",
      "page Pull requests /pulls/",
      "page API documentation /docs/api/",
      "page Blog /blog/",
      "project Alpha /projects/Alpha/",
      "project beta /projects/beta/",
      "project gamma /projects/gamma/",
      "domain 1️⃣ One /domains/one/",
      "domain 2️⃣ Two /domains/two/",
      "domain 🕳️ Empty /domains/empty/",
      "post Offset /blog/posts/offset/",
      "post Newest /blog/posts/newest/",
      "post Older /blog/posts/older/",
      "post Undated /blog/posts/undated/",
    ],
  );
  assertPublished(index[0], {
    kind: "page",
    title: "Home",
    subtitle: profile.headline,
    path: "/",
    url: "https://fixture.example/",
    keywords: ["profile", "about", profile.name, profile.handle],
  });
});

test("should give search entries their subtitles and keywords from the model's figures", () => {
  const index = searchIndex(portfolio());
  const find = (title: string) => index.find((item) => item.title === title);

  assert.is(find("Projects")?.subtitle, "All 3 projects");
  assert.is(find("Awards")?.subtitle, "2 awards");
  assert.is(find("Pull requests")?.subtitle, "6 pull requests to other projects");
  assertPublished(find("Alpha"), {
    kind: "project",
    title: "Alpha",
    subtitle: "A tiny allocator",
    path: "/projects/Alpha/",
    url: "https://fixture.example/projects/Alpha/",
    keywords: ["Rust", "C", "cli", "tui", "One"],
  });
  assert.equal(find("1️⃣ One")?.keywords, ["one", "Alpha", "beta"]);
  assert.is(find("1️⃣ One")?.subtitle, "First domain.");
  // The day in the feed's own offset, the one the blog shows: the 29th, though 23:30 UTC on the 28th.
  assert.is(find("Offset")?.subtitle, "2026-10-29 · About offset.");
  assert.is(find("Undated")?.subtitle, "About undated.");
  assert.equal(find("Offset")?.keywords, ["post", "blog"]);
});

test("should count one project, award and pull request in the singular in search subtitles", () => {
  const model = handModel({
    content: content({ projects: [project({ name: "solo", award: { place: "1st", medal: "gold", event: "Jam" } })] }),
    github: github({}, [pull({ repo: "a/b", number: 1 })]),
  });
  const subtitle = (title: string) => searchIndex(model).find((item) => item.title === title)?.subtitle;

  assert.is(subtitle("Projects"), "All 1 project");
  assert.is(subtitle("Awards"), "1 award");
  assert.is(subtitle("Pull requests"), "1 pull request to other projects");
});

test("should keep the base path in search paths, and a post on another host as its full URL", () => {
  const model = handModel({
    config: siteConfig({ baseUrl: "https://fixture.example/folio" }),
    posts: [feedPost("Elsewhere", "https://blog.other.example/p/", "2026-01-01T00:00:00Z")],
  });

  const index = searchIndex(model);

  assert.is(index.find((item) => item.title === "Home")?.path, "/folio/");
  assert.is(index.find((item) => item.title === "solo")?.path, "/folio/projects/solo/");
  assert.is(index.find((item) => item.title === "Blog")?.path, "/folio/blog/");
  assert.is(index.find((item) => item.title === "Elsewhere")?.path, "https://blog.other.example/p/");
});

test.run();
