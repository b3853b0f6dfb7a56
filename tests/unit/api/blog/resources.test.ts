import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  archive,
  fullPost,
  postRef,
  postSummary,
  search,
  site,
  stats,
  tagDetail,
  tagList,
} from "../../../../src/api/blog/resources.ts";
import type { BlogModel, BlogTag } from "../../../../src/blog/blog-model.ts";
import type { BlogPost } from "../../../../src/blog/load-blog.ts";
import { blogSettings, blogTime, handBlogModel, handPost } from "../../blog/support/hand-blog.ts";
import { siteConfig } from "../../support/model.ts";
import { SITE_PATH_PATTERN } from "../../../../src/schemas/common.ts";
import { RELATED_CANDIDATES } from "../../../../src/schemas/blog/posts.ts";

/*
 * The blog's resource builders pin every published field: values, derived figures, orders
 * (as the OpenAPI document states them: posts newest first, tags most used first), nulls, and
 * URLs with and without a base path. The builders never write `meta.note`: the envelope does.
 */

const tag = (name: string) => ({ name, slug: name.toLowerCase() });
const RUST = tag("Rust");
const NOTES = tag("Notes");

/** Five posts: two at the same instant, two either side of New Year in the site's zone, one updated later. */
function posts(): BlogPost[] {
  return [
    handPost("first", "2025-12-31T23:30", {
      tags: [RUST],
      codeLanguages: ["c"],
      wordCount: 100,
      updated: blogTime("2026-03-12T08:00"),
    }),
    handPost("kernel-notes", "2026-03-10T09:00", {
      title: 'The "boot" path',
      tags: [RUST, tag("Kernels")],
      codeLanguages: ["rust", null, "rust", "c"],
      wordCount: 440,
      readingMinutes: 2,
      headings: [
        { level: 2, id: "boot", title: "Boot" },
        { level: 3, id: "boot-1", title: "Boot, again" },
      ],
      links: {
        internal: [{ url: "https://fixture.example/blog/posts/first/", text: "the first" }],
        external: [{ url: "https://kernel.example/", text: "kernel" }],
      },
    }),
    handPost("tie-b", "2026-02-01", { tags: [NOTES] }),
    handPost("tie-a", "2026-02-01", { tags: [NOTES, tag("A-tag")] }),
    // 2025-12-31T23:30Z: the archive and the dates follow the site's zone, where it is New Year.
    handPost("new-year", "2026-01-01T00:30", { tags: [RUST] }),
  ];
}

function blog(baseUrl = "https://fixture.example"): BlogModel {
  return handBlogModel(posts(), { config: siteConfig({ baseUrl }) });
}

function postOf(model: BlogModel, slug: string): BlogPost {
  const found = model.postBySlug.get(slug);
  if (!found) throw new Error(`no post ${slug}`);
  return found;
}

function tagOf(model: BlogModel, slug: string): BlogTag {
  const found = model.tagBySlug.get(slug);
  if (!found) throw new Error(`no tag ${slug}`);
  return found;
}

/** Equal values and the same key order: the JSON files are compared byte for byte. */
function assertPublished(actual: unknown, expected: unknown): void {
  assert.equal(actual, expected);
  assert.is(JSON.stringify(actual), JSON.stringify(expected), "key order");
}

test("should publish a post reference: slug, title, page and API URLs, and the date with the site's offset", () => {
  const model = blog();

  assertPublished(postRef(model, postOf(model, "new-year")), {
    slug: "new-year",
    title: "Title new-year",
    url: "https://fixture.example/blog/posts/new-year/",
    api_url: "https://fixture.example/blog/api/v1/posts/new-year.json",
    published: "2026-01-01T00:30:00+01:00",
  });
});

test("should publish every field of a post summary", () => {
  const model = blog();

  assertPublished(postSummary(model, postOf(model, "first")), {
    slug: "first",
    title: "Title first",
    description: "About first.",
    summary: "Body of first.",
    url: "https://fixture.example/blog/posts/first/",
    api_url: "https://fixture.example/blog/api/v1/posts/first.json",
    published: "2025-12-31T23:30:00+01:00",
    updated: "2026-03-12T08:00:00+01:00",
    tags: [
      {
        name: "Rust",
        slug: "rust",
        url: "https://fixture.example/blog/tags/rust/",
        api_url: "https://fixture.example/blog/api/v1/tags/rust.json",
      },
    ],
    reading_time_minutes: 1,
    word_count: 100,
    cover: { url: "https://fixture.example/og/site.png", width: 1200, height: 630, alt: "Fixture Owner: first" },
  });
});

test("should put the base path into every URL of a post summary", () => {
  const model = blog("https://fixture.example/folio");

  const summary = postSummary(model, postOf(model, "tie-a"));

  assert.is(summary.url, "https://fixture.example/folio/blog/posts/tie-a/");
  assert.is(summary.api_url, "https://fixture.example/folio/blog/api/v1/posts/tie-a.json");
  assert.equal(
    summary.tags.map((t) => [t.url, t.api_url]),
    [
      ["https://fixture.example/folio/blog/tags/notes/", "https://fixture.example/folio/blog/api/v1/tags/notes.json"],
      ["https://fixture.example/folio/blog/tags/a-tag/", "https://fixture.example/folio/blog/api/v1/tags/a-tag.json"],
    ],
  );
});

test("should publish every field a full post adds to its summary", () => {
  const model = blog();
  const post = postOf(model, "kernel-notes");

  const full = fullPost(model, post);

  assertPublished(full, {
    ...postSummary(model, post),
    content_html: "<p>Body of kernel-notes.</p>\n",
    content_text: "Body of kernel-notes.",
    headings: [
      { level: 2, id: "boot", title: "Boot", url: "https://fixture.example/blog/posts/kernel-notes/#boot" },
      { level: 3, id: "boot-1", title: "Boot, again", url: "https://fixture.example/blog/posts/kernel-notes/#boot-1" },
    ],
    code: { count: 4, languages: ["rust", "c"] },
    links: {
      internal: [{ url: "https://fixture.example/blog/posts/first/", text: "the first" }],
      external: [{ url: "https://kernel.example/", text: "kernel" }],
    },
    images: [
      {
        url: "https://fixture.example/og/site.png",
        width: 1200,
        height: 630,
        alt: "Fixture Owner: kernel-notes",
        cover: true,
      },
    ],
    older: postRef(model, postOf(model, "tie-a")),
    newer: null,
    // The two other Rust posts, newest first.
    related: [postRef(model, postOf(model, "new-year")), postRef(model, postOf(model, "first"))],
    license: {
      writing: {
        id: "CC-BY-4.0",
        name: "Creative Commons Attribution 4.0 International",
        url: "https://creativecommons.org/licenses/by/4.0/",
      },
      code: { id: "MIT", name: "MIT License", url: "https://opensource.org/license/mit" },
      attribution:
        '"The "boot" path" by Fixture Owner, https://fixture.example/blog/posts/kernel-notes/, licensed under CC BY 4.0',
    },
    source: {
      markdown: "https://code.example/fixture/site/blob/main/content/blog/posts/kernel-notes.md",
      raw: "https://code.example/fixture/site/raw/main/content/blog/posts/kernel-notes.md",
      history: "https://code.example/fixture/site/commits/main/content/blog/posts/kernel-notes.md",
    },
  });
});

test("should relate up to three posts by tags in common, then the newest, then by slug, never a draft", () => {
  const [a, b, c, d] = [tag("A"), tag("B"), tag("C"), tag("D")];
  const model = handBlogModel([
    handPost("subject", "2026-05-01", { tags: [a, b, c] }),
    handPost("one-old", "2026-01-01", { tags: [a] }),
    handPost("two-old", "2026-01-02", { tags: [a, b] }),
    handPost("three", "2025-06-01", { tags: [c, b, a, d] }),
    handPost("one-new-b", "2026-04-01", { tags: [c] }),
    handPost("one-new-a", "2026-04-01", { tags: [b] }),
    handPost("draft", "2026-04-30", { tags: [a, b, c], draft: true }),
    handPost("unrelated", "2026-04-30", { tags: [d] }),
  ]);
  const related = (slug: string) => fullPost(model, postOf(model, slug)).related.map((ref) => ref.slug);

  assert.equal(related("subject"), ["three", "two-old", "one-new-a"]);
  assert.equal(related("unrelated"), ["three"]);
  assert.equal(related("draft"), ["subject", "three", "two-old"]);
});

test("should pick related posts among each tag's newest RELATED_CANDIDATES posts only, so a post costs no more", () => {
  // Each tag of "subject" has RELATED_CANDIDATES newest posts: itself, fillers with one tag in
  // common, "found" with both; beneath them, "buried" shares both too. Counting every post of
  // each tag (a square in the posts: 8,000 sharing 20 tags took seconds) listed "buried".
  const [a, b] = [tag("A"), tag("B")];
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString().slice(0, 16);
  const filler = Array.from({ length: RELATED_CANDIDATES }, (_, i) => [
    handPost(`a-${i}`, day(1000 + i), { tags: [a] }),
    handPost(`b-${i}`, day(1000 + i), { tags: [b] }),
  ]).flat();
  const model = handBlogModel([
    handPost("subject", day(5000), { tags: [a, b] }),
    handPost("buried", day(10), { tags: [b, a] }),
    ...filler.slice(4),
    handPost("found", day(999), { tags: [a, b] }),
  ]);
  const related = (slug: string) => fullPost(model, postOf(model, slug)).related.map((ref) => ref.slug);

  assert.equal(related("subject"), ["found", `a-${RELATED_CANDIDATES - 1}`, `b-${RELATED_CANDIDATES - 1}`]);
  // From "found", the newest candidates of each tag are the fillers and "subject"; "buried" is not among them.
  assert.equal(related("found")[0], "subject");
  assert.not.ok(related("found").includes("buried"));
});

test("should link each post to its neighbours, and the oldest to none older", () => {
  const model = blog();
  const neighbours = (slug: string) => {
    const full = fullPost(model, postOf(model, slug));
    return [full.newer?.slug ?? null, full.older?.slug ?? null];
  };

  assert.equal(neighbours("kernel-notes"), [null, "tie-a"]);
  assert.equal(neighbours("tie-a"), ["kernel-notes", "tie-b"]);
  assert.equal(neighbours("tie-b"), ["tie-a", "new-year"]);
  assert.equal(neighbours("first"), ["new-year", null]);
});

test("should join the source folder and repository without doubled slashes when blog.yaml ends them with one", () => {
  const settings = blogSettings({
    source: { repository: "https://code.example/fixture/site/", branch: "drafts", path: "posts/" },
  });
  const model = handBlogModel([handPost("a", "2026-03-10")], { settings });

  const { source } = fullPost(model, postOf(model, "a"));

  assertPublished(source, {
    markdown: "https://code.example/fixture/site/blob/drafts/posts/a.md",
    raw: "https://code.example/fixture/site/raw/drafts/posts/a.md",
    history: "https://code.example/fixture/site/commits/drafts/posts/a.md",
  });
});

test("should escape a source branch like the path, so a # in a branch name cannot cut the URL short", () => {
  // Git allows `#` and `%` in branch names; blog.yaml's pattern only refuses white space.
  const settings = blogSettings({
    source: { repository: "https://code.example/fixture/site", branch: "release/fix#2%", path: "posts" },
  });
  const model = handBlogModel([handPost("a", "2026-03-10")], { settings });

  const { source } = fullPost(model, postOf(model, "a"));

  assert.is(source.markdown, "https://code.example/fixture/site/blob/release/fix%232%25/posts/a.md");
  assert.is(source.raw, "https://code.example/fixture/site/raw/release/fix%232%25/posts/a.md");
  assert.is(source.history, "https://code.example/fixture/site/commits/release/fix%232%25/posts/a.md");
});

test("should read a source path written with a leading or doubled slash as the same folder", () => {
  const settings = blogSettings({
    source: { repository: "https://code.example/fixture/site", branch: "main", path: "/content//posts/" },
  });
  const model = handBlogModel([handPost("a", "2026-03-10")], { settings });

  const { source } = fullPost(model, postOf(model, "a"));

  assert.is(source.markdown, "https://code.example/fixture/site/blob/main/content/posts/a.md");
});

test("should list posts newest first, those at the same instant by slug", () => {
  const model = blog();

  assert.equal(
    model.posts.map((post) => postRef(model, post).slug),
    ["kernel-notes", "tie-a", "tie-b", "new-year", "first"],
  );
});

test("should list tags most used first, then by slug, each with its posts newest first", () => {
  const model = blog();

  const tags = tagList(model);

  assert.equal(
    tags.map((t) => `${t.slug} ${t.count} ${t.posts.map((p) => p.slug).join(",")}`),
    ["rust 3 kernel-notes,new-year,first", "notes 2 tie-a,tie-b", "a-tag 1 tie-a", "kernels 1 kernel-notes"],
  );
  assertPublished(tags[3], {
    name: "Kernels",
    slug: "kernels",
    count: 1,
    url: "https://fixture.example/blog/tags/kernels/",
    api_url: "https://fixture.example/blog/api/v1/tags/kernels.json",
    posts: [postRef(model, postOf(model, "kernel-notes"))],
  });
});

test("should give a tag's detail its posts as summaries, newest first", () => {
  const model = blog("https://fixture.example/folio");

  assertPublished(tagDetail(model, tagOf(model, "notes")), {
    name: "Notes",
    slug: "notes",
    count: 2,
    url: "https://fixture.example/folio/blog/tags/notes/",
    api_url: "https://fixture.example/folio/blog/api/v1/tags/notes.json",
    posts: [postSummary(model, postOf(model, "tie-a")), postSummary(model, postOf(model, "tie-b"))],
  });
});

test("should group the archive by the site's year and month, newest first, with English month names", () => {
  const model = blog();
  const ref = (slug: string) => postRef(model, postOf(model, slug));

  assertPublished(archive(model), [
    {
      year: 2026,
      count: 4,
      months: [
        { month: 3, name: "March", count: 1, posts: [ref("kernel-notes")] },
        { month: 2, name: "February", count: 2, posts: [ref("tie-a"), ref("tie-b")] },
        { month: 1, name: "January", count: 1, posts: [ref("new-year")] },
      ],
    },
    { year: 2025, count: 1, months: [{ month: 12, name: "December", count: 1, posts: [ref("first")] }] },
  ]);
});

test("should publish every figure of the blog's stats", () => {
  const model = blog();
  const ref = (slug: string) => postRef(model, postOf(model, slug));

  assertPublished(stats(model), {
    posts: 5,
    // 100 + 440 + 3 + 3 + 3 = 549 words: 109.8 on average, published rounded.
    words: { total: 549, average: 110 },
    reading_time_minutes: 6,
    tags: 4,
    code: {
      blocks: 5,
      languages: [
        { language: "c", count: 2 },
        { language: "rust", count: 2 },
      ],
    },
    images: 5,
    first_post: ref("first"),
    latest_post: ref("kernel-notes"),
    last_updated: "2026-03-12T08:00:00+01:00",
    per_year: [
      { year: 2026, posts: 4, words: 449 },
      { year: 2025, posts: 1, words: 100 },
    ],
  });
});

test("should publish zeros and nulls, never a division by zero, for a blog without posts", () => {
  const model = handBlogModel([]);

  assertPublished(stats(model), {
    posts: 0,
    words: { total: 0, average: 0 },
    reading_time_minutes: 0,
    tags: 0,
    code: { blocks: 0, languages: [] },
    images: 0,
    first_post: null,
    latest_post: null,
    last_updated: null,
    per_year: [],
  });
  assert.equal(archive(model), []);
  assert.equal(tagList(model), []);
});

test("should publish every field of the blog's site information", () => {
  const model = blog("https://fixture.example/folio");

  assertPublished(site(model), {
    title: "Fixture Notes",
    tagline: "Notes of a fixture",
    description: "What the fixture writes about.",
    url: "https://fixture.example/folio/blog/",
    language: "en",
    author: { name: "Fixture Owner", url: "https://fixture.example/folio/" },
    links: [],
    license: {
      writing: {
        id: "CC-BY-4.0",
        name: "Creative Commons Attribution 4.0 International",
        url: "https://creativecommons.org/licenses/by/4.0/",
      },
      code: { id: "MIT", name: "MIT License", url: "https://opensource.org/license/mit" },
    },
    schedule: { text: "Now and then.", timezone: "Europe/Berlin", rebuild: "daily" },
    feeds: {
      rss: "https://fixture.example/folio/blog/index.xml",
      json: "https://fixture.example/folio/blog/api/v1/feed.json",
      atom: "https://fixture.example/folio/blog/atom.xml",
    },
    api: {
      index: "https://fixture.example/folio/blog/api/v1/index.json",
      openapi: "https://fixture.example/folio/blog/api/openapi.json",
      docs: "https://fixture.example/folio/blog/docs/api/",
    },
  });
});

test("should name no Atom feed in the site information when site.yaml leaves Atom out", () => {
  const config = siteConfig();
  const model = handBlogModel(posts(), { config: { ...config, site: { ...config.site, leave_out: ["atom"] } } });

  assert.equal(Object.keys(site(model).feeds), ["rss", "json"]);
});

test("should publish blog.yaml's links as written", () => {
  const links = [{ label: "Portfolio", url: "https://fixture.example/" }];
  const model = handBlogModel([], { settings: blogSettings({ links }) });

  assert.equal(site(model).links, links);
});

test("should index the pages, then the posts newest first, then the tags most used first", () => {
  const index = search(blog());

  assert.equal(
    index.map((item) => `${item.kind} ${item.title} ${item.path}`),
    [
      "page Fixture Notes /blog/",
      "page Archive /blog/archive/",
      "page API documentation /blog/docs/api/",
      'post The "boot" path /blog/posts/kernel-notes/',
      "post Title tie-a /blog/posts/tie-a/",
      "post Title tie-b /blog/posts/tie-b/",
      "post Title new-year /blog/posts/new-year/",
      "post Title first /blog/posts/first/",
      "tag Rust /blog/tags/rust/",
      "tag Notes /blog/tags/notes/",
      "tag A-tag /blog/tags/a-tag/",
      "tag Kernels /blog/tags/kernels/",
    ],
  );
});

test("should give search entries their subtitles and keywords, dates in the site's zone", () => {
  const index = search(blog());
  const find = (title: string) => index.find((item) => item.title === title);

  assertPublished(find("Fixture Notes"), {
    kind: "page",
    title: "Fixture Notes",
    subtitle: "Notes of a fixture",
    path: "/blog/",
    url: "https://fixture.example/blog/",
    keywords: ["blog", "home"],
  });
  assert.is(find("Archive")?.subtitle, "All 5 posts by year and month");
  assertPublished(find("Title new-year"), {
    kind: "post",
    title: "Title new-year",
    subtitle: "2026-01-01 · About new-year.",
    path: "/blog/posts/new-year/",
    url: "https://fixture.example/blog/posts/new-year/",
    keywords: ["Rust"],
  });
  assert.is(find("Rust")?.subtitle, "3 posts");
  assert.is(find("Kernels")?.subtitle, "1 post");
  assert.equal(find("A-tag")?.keywords, ["a-tag"]);
});

test("should count one post in the singular in the archive's search subtitle", () => {
  const index = search(handBlogModel([handPost("only", "2026-03-10")]));

  assert.is(index.find((item) => item.title === "Archive")?.subtitle, "All 1 post by year and month");
});

test("should keep the base path in the blog's search paths", () => {
  const index = search(blog("https://fixture.example/folio"));

  assert.equal(
    index.slice(0, 4).map((item) => item.path),
    ["/folio/blog/", "/folio/blog/archive/", "/folio/blog/docs/api/", "/folio/blog/posts/kernel-notes/"],
  );
});

test("should give a blog on another host search paths on that host, which its schema allows", () => {
  const config = { ...siteConfig(), blogUrl: "https://notes.example/" };
  const index = search(handBlogModel([handPost("kernel-notes", "2026-03-10")], { config }));

  assert.equal(
    index.slice(0, 4).map((item) => [item.path, item.url]),
    [
      ["/", "https://notes.example/"],
      ["/archive/", "https://notes.example/archive/"],
      ["/docs/api/", "https://notes.example/docs/api/"],
      ["/posts/kernel-notes/", "https://notes.example/posts/kernel-notes/"],
    ],
  );
  assert.ok(index.every((item) => new RegExp(SITE_PATH_PATTERN).test(item.path)));
});

test.run();
