import { imageSize } from "image-size";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Validator } from "@seriousme/openapi-schema-validator";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { mf2 } from "microformats-parser";
import Parser from "rss-parser";
import { SaxesParser } from "saxes";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  copyContent,
  filesPromisedByIndex,
  landingPageFiles,
  listFiles,
  readJson,
  readText,
  removeDir,
  sampleContentDir,
  type ApiIndex,
  type BuildResult,
  type Envelope,
} from "./support/build-site.ts";
import { SAMPLE_EPOCH, SAMPLE_SITE_URL, sampleSite } from "./support/sample-site.ts";
import { decodeEntities } from "../../src/util/html.ts";
import { blogPaths } from "../../src/api/blog/paths.ts";

/*
 * The blog half of the sample site, built at two clocks: 2026-11-18 (16 published posts; the
 * scheduled `winter-mesh-report` of 2027-01-12 and the draft are not published) and 2027-01-13
 * (the scheduled post is published, the draft still is not). A third build, from a copy whose
 * post bodies were edited, checks that feed ids do not change with an edit. The first is the
 * run's shared sample build (support/sample-site.ts), which this file only reads.
 */

const SITE_URL = SAMPLE_SITE_URL;
const BLOG = `${SITE_URL}/blog/`;
/** 2026-11-18T11:06:40Z. */
const BEFORE = SAMPLE_EPOCH;
/** 2027-01-13T00:00:00Z. */
const AFTER = 1_799_798_400;
const PUBLISHED = 16;
const SCHEDULED = { slug: "winter-mesh-report", title: "Winter mesh report: how the valley nodes handled the snow" };
const DRAFT = {
  slug: "half-written-thoughts-on-zig",
  title: "Half-written thoughts on Zig after three years of kestrel",
};
const EDITED_SLUG = "ropes-and-dynamic-belays";
const BADGE_METRICS = ["latest", "posts", "updated", "words"];

interface Tag {
  name: string;
  slug: string;
  url: string;
  api_url: string;
}
interface PostRef {
  slug: string;
  title: string;
  url: string;
  api_url: string;
  published: string;
}
interface PostSummary {
  slug: string;
  title: string;
  description: string;
  summary: string;
  url: string;
  api_url: string;
  published: string;
  updated: string;
  tags: Tag[];
  reading_time_minutes: number;
  word_count: number;
  cover: { url: string; width: number; height: number; alt: string };
}
interface FullPost extends PostSummary {
  content_html: string;
  content_text: string;
  headings: { level: number; id: string; title: string; url: string }[];
  code: { count: number; languages: string[] };
  links: { internal: { url: string; text: string }[]; external: { url: string; text: string }[] };
  images: { url: string; width: number; height: number; alt: string; cover: boolean }[];
  older: PostRef | null;
  newer: PostRef | null;
  license: { writing: { id: string }; code: { id: string } };
  source: { markdown: string; raw: string; history: string };
}
interface TagEntry {
  name: string;
  slug: string;
  count: number;
  posts: PostRef[];
}
interface ArchiveYear {
  year: number;
  count: number;
  months: { month: number; count: number; posts: PostRef[] }[];
}
interface SearchItem {
  kind: string;
  title: string;
  url: string;
}
interface Badge {
  schemaVersion: number;
  label: string;
  message: string;
}
interface JsonFeed {
  version: string;
  items: {
    id: string;
    url: string;
    title: string;
    summary: string;
    content_html: string;
    date_published: string;
    date_modified: string;
    tags: string[];
  }[];
}
interface PortfolioPost {
  title: string;
  url: string;
  published: string | null;
}

/** The shared build at BEFORE: only its folder; sampleSite() resolves only once it exited with 0. */
let before: Built;
let after: BuildResult;
let edited: BuildResult;
let editedContent: string;

/** What the reads below need of a build. */
type Built = Pick<BuildResult, "outDir">;

const blogData = <T>(build: Built, file: string): T => readJson<Envelope<T>>(build.outDir, `blog/api/v1/${file}`).data;
const posts = (build: Built) => blogData<PostSummary[]>(build, "posts.json");
const fullPosts = (build: Built) => posts(build).map((post) => blogData<FullPost>(build, `posts/${post.slug}.json`));
const blogSettings = loadYaml(readFileSync(join(sampleContentDir, "blog/blog.yaml"), "utf8"), {
  schema: CORE_SCHEMA,
}) as {
  api: { name: string };
  source: { repository: string; branch: string; path: string };
};
/** The Markdown source of a sample post. */
const markdownOf = (slug: string) => readFileSync(join(sampleContentDir, "blog/posts", `${slug}.md`), "utf8");

/** Real pixel size of an image of the sample: a PNG's IHDR chunk, or an SVG's width and height attributes. */
function pixelSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  if (file.endsWith(".png")) {
    assert.is(bytes.toString("latin1", 12, 16), "IHDR", `${file} has no IHDR chunk where expected`);
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  // A photo's rendition (docs/content-format.md, "Images").
  if (file.endsWith(".jpg")) return { width: imageSize(bytes).width, height: imageSize(bytes).height };
  const svg = /<svg\b[^>]*>/.exec(bytes.toString("utf8"))?.[0] ?? "";
  return { width: Number(/\bwidth="(\d+)"/.exec(svg)?.[1]), height: Number(/\bheight="(\d+)"/.exec(svg)?.[1]) };
}

/** Every href and src value in an HTML fragment. */
const urlsIn = (html: string) => [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1] ?? "");

/** The fenced code blocks of a Markdown file: the language of each (null when none is given). */
function fencesOf(markdown: string): (string | null)[] {
  const languages: (string | null)[] = [];
  let open: string | null = null;
  for (const line of markdown.split("\n")) {
    const fence = /^(```+|~~~+)\s*(\S*)/.exec(line);
    if (!fence) continue;
    if (open === null) {
      open = fence[1] ?? "";
      languages.push(fence[2] || null);
    } else if (line.trim().startsWith(open) && line.trim().replace(/[`~]/g, "") === "") open = null;
  }
  return languages;
}

test.before(async () => {
  editedContent = copyContent();
  const file = join(editedContent, "blog/posts", `${EDITED_SLUG}.md`);
  writeFileSync(file, `${readFileSync(file, "utf8")}\nAn added closing paragraph after an edit.\n`);
  let shared: string;
  [shared, after, edited] = await Promise.all([
    sampleSite(),
    buildSite({ siteUrl: SITE_URL, epoch: AFTER }),
    buildSite({ siteUrl: SITE_URL, epoch: BEFORE, contentDir: editedContent }),
  ]);
  before = { outDir: shared };
});

test.after(() => {
  removeDir(editedContent);
  for (const build of [after, edited]) removeDir(build.outDir);
});

// ---- the files

test("should build the sample at both clocks and the edited copy with exit code 0", () => {
  // sampleSite() rejects, with the build's output, unless the build at BEFORE exited with 0.
  assert.ok(existsSync(join(before.outDir, "index.html")), before.outDir);
  assert.is(after.status, 0, after.output);
  assert.is(edited.status, 0, edited.output);
});

test("should write every blog file the issue lists", () => {
  const expected = [
    "blog/api/v1/index.json",
    "blog/api/openapi.json",
    "blog/api/v1/search.json",
    "blog/api/v1/site.json",
    "blog/api/v1/posts.json",
    "blog/api/v1/latest.json",
    "blog/api/v1/tags.json",
    "blog/api/v1/archive.json",
    "blog/api/v1/stats.json",
    "blog/api/v1/feed.json",
    "blog/index.xml",
    "blog/api/v1/posts.txt",
    ...BADGE_METRICS.map((metric) => `blog/api/v1/badges/${metric}.json`),
    ...posts(before).map((post) => `blog/api/v1/posts/${post.slug}.json`),
    ...blogData<TagEntry[]>(before, "tags.json").map((tag) => `blog/api/v1/tags/${tag.slug}.json`),
  ];

  const missing = expected.filter((file) => !existsSync(join(before.outDir, file)));

  assert.equal(missing, []);
});

test("should write under blog/api/ exactly the files the blog index promises, and the feeds beside it", () => {
  const index = blogData<ApiIndex>(before, "index.json");

  const pages = landingPageFiles("blog/", blogPaths);
  const feeds = ["blog/index.xml", "blog/atom.xml"];
  const tagFeeds = listFiles(before.outDir, "blog/tags").filter((file) => file.endsWith("/atom.xml"));
  const written = [...listFiles(before.outDir, "blog/api").filter((file) => !pages.has(file)), ...feeds, ...tagFeeds];

  assert.equal([...pages].filter((page) => existsSync(join(before.outDir, page))).length, pages.size);

  assert.equal(written.sort(), filesPromisedByIndex(index));
});

test("should list every blog endpoint in the index with its absolute URL and the valid values of its params", () => {
  const index = blogData<ApiIndex>(before, "index.json");
  const byPath = new Map(index.endpoints.map((endpoint) => [endpoint.path, endpoint]));

  for (const endpoint of index.endpoints) assert.is(endpoint.url, SITE_URL + endpoint.path, endpoint.path);
  assert.equal(byPath.get("/blog/api/v1/posts/{slug}.json")?.params, { slug: posts(before).map((post) => post.slug) });
  assert.equal(byPath.get("/blog/api/v1/tags/{tag}.json")?.params, {
    tag: blogData<TagEntry[]>(before, "tags.json").map((tag) => tag.slug),
  });
  assert.equal([...(byPath.get("/blog/api/v1/badges/{metric}.json")?.params?.metric ?? [])].sort(), BADGE_METRICS);
  assert.ok(byPath.has("/blog/index.xml"));
});

test("should wrap every blog JSON file except the JSON Feed, the badges and openapi.json in {meta, data} with the blog's API name", () => {
  const files = listFiles(before.outDir, "blog/api").filter(
    (file) =>
      file.endsWith(".json") &&
      !file.endsWith("/openapi.json") &&
      !file.endsWith("/feed.json") &&
      !file.includes("/badges/") &&
      !file.includes("/schemas/"),
  );

  assert.ok(files.length > PUBLISHED);
  for (const file of files) {
    const body = readJson<Envelope>(before.outDir, file);
    assert.equal(Object.keys(body).sort(), ["data", "meta"], file);
    assert.is(body.meta.api, blogSettings.api.name, file);
    assert.is(body.meta.version, "1.0.0", file);
    assert.is(body.meta.self, `${SITE_URL}/${file}`, file);
  }
});

test("should write the JSON Feed, the badges and openapi.json without an envelope", () => {
  const raw = [
    "blog/api/v1/feed.json",
    "blog/api/openapi.json",
    ...BADGE_METRICS.map((metric) => `blog/api/v1/badges/${metric}.json`),
  ];

  const enveloped = raw.filter((file) => "meta" in readJson<Record<string, unknown>>(before.outDir, file));

  assert.equal(enveloped, []);
});

test("should write a blog openapi.json that is a valid OpenAPI 3.1 document", async () => {
  const document = readJson<Record<string, unknown>>(before.outDir, "blog/api/openapi.json");

  const result = await new Validator().validate(document);

  assert.ok(result.valid, JSON.stringify(result.errors, null, 2));
  assert.match(String(document.openapi), /^3\.1\./);
});

// ---- full posts

test("should list 16 published posts in posts.json, newest first, with meta.count", () => {
  const body = readJson<Envelope<PostSummary[]>>(before.outDir, "blog/api/v1/posts.json");
  const times = body.data.map((post) => Date.parse(post.published));

  assert.is(body.data.length, PUBLISHED);
  assert.is(body.meta.count, PUBLISHED);
  assert.equal(
    times,
    [...times].sort((a, b) => b - a),
  );
});

test("should make every href and src in content_html absolute", () => {
  const relative = fullPosts(before).flatMap((post) =>
    urlsIn(post.content_html)
      .filter((url) => !/^https?:\/\//.test(url))
      .map((url) => `${post.slug}: ${url}`),
  );

  assert.equal(relative, []);
});

test("should turn an in-page #anchor link into the post URL plus the anchor", () => {
  const post = blogData<FullPost>(before, "posts/booting-kestrel-on-risc-v.json");

  assert.ok(
    post.content_html.includes(`href="${BLOG}posts/booting-kestrel-on-risc-v/#what-broke"`),
    post.content_html.slice(0, 1200),
  );
  assert.ok(post.headings.some((heading) => heading.id === "what-broke"));
});

test("should turn a ../other.md link into the other post's URL", () => {
  const post = blogData<FullPost>(before, "posts/grading-board-problems-with-graphs.json");

  assert.ok(post.content_html.includes(`href="${BLOG}posts/ropes-and-dynamic-belays/"`));
  assert.not.ok(post.content_html.includes('.md"'));
});

test("should give content_text without any HTML tag", () => {
  const tag = /<\/?(?:p|a|h[1-6]|code|pre|img|em|strong|ul|ol|li|table|thead|tbody|tr|td|th|blockquote|br|hr)\b[^>]*>/;

  const tagged = fullPosts(before)
    .filter((post) => tag.test(post.content_text))
    .map((post) => post.slug);

  assert.equal(tagged, []);
});

test("should give every heading a URL to its id and carry the same ids on the heading elements", () => {
  for (const post of fullPosts(before)) {
    const ids = [...post.content_html.matchAll(/<h([1-6]) id="([^"]*)"/g)].map((match) => match[2]);
    assert.equal(
      ids,
      post.headings.map((heading) => heading.id),
      post.slug,
    );
    for (const heading of post.headings) assert.is(heading.url, `${post.url}#${heading.id}`, post.slug);
  }
});

test("should count the code blocks of each post and list their languages", () => {
  for (const post of fullPosts(before)) {
    const fences = fencesOf(markdownOf(post.slug));
    assert.is(post.code.count, fences.length, post.slug);
    assert.equal(
      post.code.languages,
      [...new Set(fences.filter((language): language is string => language !== null))],
      post.slug,
    );
  }
});

test("should split links into internal ones on this site and external ones", () => {
  for (const post of fullPosts(before)) {
    const all = urlsIn(post.content_html).filter((url) => !url.includes("/blog/images/"));
    for (const link of post.links.internal) assert.ok(link.url.startsWith(`${SITE_URL}/`), `${post.slug}: ${link.url}`);
    for (const link of post.links.external)
      assert.not.ok(link.url.startsWith(`${SITE_URL}/`), `${post.slug}: ${link.url}`);
    assert.equal(
      [...post.links.internal, ...post.links.external].map((link) => link.url).sort(),
      all.sort(),
      post.slug,
    );
  }
});

/** The file behind an image URL in the output: a post image as published (the file itself or its rendition), or the site's social image. */
function imageFile(url: string): string {
  return join(before.outDir, decodeURIComponent(new URL(url).pathname));
}

test("should give every image the real pixel size of its file and mark exactly the cover as cover", () => {
  for (const post of fullPosts(before)) {
    for (const image of post.images) {
      assert.equal(
        { width: image.width, height: image.height },
        pixelSize(imageFile(image.url)),
        `${post.slug}: ${image.url}`,
      );
      assert.ok(existsSync(join(before.outDir, new URL(image.url).pathname)), `${image.url} is not in the output`);
    }
    const covers = post.images.filter((image) => image.cover);
    assert.equal(
      covers.map((image) => image.url),
      [post.cover.url],
      post.slug,
    );
  }
});

test("should give every post a cover: its own, else its first image, else the site's social image", () => {
  const all = posts(before);
  const siteImage = `${SITE_URL}/og/site.png`;

  for (const post of all)
    assert.equal(
      { width: post.cover.width, height: post.cover.height },
      pixelSize(imageFile(post.cover.url)),
      post.slug,
    );
  assert.ok(all.some((post) => post.cover.url === siteImage && post.cover.width === 1200 && post.cover.height === 630));
  assert.ok(all.some((post) => post.cover.url !== siteImage));
});

test("should link older and newer neighbours in the order of posts.json", () => {
  const order = posts(before).map((post) => post.slug);

  for (const post of fullPosts(before)) {
    const at = order.indexOf(post.slug);
    assert.is(post.newer?.slug ?? null, order[at - 1] ?? null, post.slug);
    assert.is(post.older?.slug ?? null, order[at + 1] ?? null, post.slug);
  }
});

test("should license the writing CC-BY-4.0 and the code MIT", () => {
  const licenses = new Set(fullPosts(before).map((post) => `${post.license.writing.id} ${post.license.code.id}`));

  assert.equal([...licenses], ["CC-BY-4.0 MIT"]);
});

test("should build the source URLs from blog.yaml's repository, branch and path", () => {
  const { repository, branch, path } = blogSettings.source;

  for (const post of fullPosts(before)) {
    const file = `${path}/${post.slug}.md`;
    assert.is(post.source.markdown, `${repository}/blob/${branch}/${file}`, post.slug);
    assert.is(post.source.raw, `${repository}/raw/${branch}/${file}`, post.slug);
    assert.is(post.source.history, `${repository}/commits/${branch}/${file}`, post.slug);
  }
});

test("should give every post a positive word count and reading time, and add them up in stats and the words badge", () => {
  const all = posts(before);
  const total = all.reduce((sum, post) => sum + post.word_count, 0);

  for (const post of all) {
    assert.ok(post.word_count > 100, post.slug);
    assert.ok(Number.isInteger(post.reading_time_minutes) && post.reading_time_minutes >= 1, post.slug);
  }
  assert.is(blogData<{ words: { total: number } }>(before, "stats.json").words.total, total);
  assert.is(readJson<Badge>(before.outDir, "blog/api/v1/badges/words.json").message, String(total));
});

test("should write the newest post in full as latest.json", () => {
  const newest = posts(before)[0]?.slug ?? "";

  assert.equal(blogData<FullPost>(before, "latest.json"), blogData<FullPost>(before, `posts/${newest}.json`));
});

test("should count in tags.json and tags/{tag}.json exactly the posts carrying each tag", () => {
  const all = posts(before);

  for (const tag of blogData<TagEntry[]>(before, "tags.json")) {
    const carrying = all.filter((post) => post.tags.some((t) => t.slug === tag.slug)).map((post) => post.slug);
    assert.is(tag.count, carrying.length, tag.slug);
    assert.equal(
      tag.posts.map((post) => post.slug),
      carrying,
      tag.slug,
    );
    assert.equal(
      blogData<{ posts: PostSummary[] }>(before, `tags/${tag.slug}.json`).posts.map((post) => post.slug),
      carrying,
      tag.slug,
    );
  }
});

// ---- scheduled and draft posts

/** Every file of a build (blog and portfolio) whose text mentions the post's slug or title. */
function filesMentioning(build: Built, post: { slug: string; title: string }): string[] {
  const titleWords = post.title.split(":")[0] ?? post.title;
  return listFiles(build.outDir).filter((file) => {
    if (/\.(png|jpe?g|gif|webp|ico|woff2?)$/.test(file)) return false;
    const text = readText(build.outDir, file);
    return text.includes(post.slug) || text.includes(post.title) || text.includes(titleWords);
  });
}

test("should mention neither the scheduled post nor the draft in any file before the scheduled date", () => {
  const mentions = [...filesMentioning(before, SCHEDULED), ...filesMentioning(before, DRAFT)];

  assert.equal(mentions, []);
});

test("should count 16 posts everywhere before the scheduled date", () => {
  const tagTotal = blogData<TagEntry[]>(before, "tags.json").reduce((sum, tag) => sum + tag.count, 0);
  const tagged = posts(before).reduce((sum, post) => sum + post.tags.length, 0);

  assert.is(blogData<{ posts: number }>(before, "stats.json").posts, PUBLISHED);
  assert.is(readJson<Badge>(before.outDir, "blog/api/v1/badges/posts.json").message, String(PUBLISHED));
  assert.is(tagTotal, tagged);
  assert.is(
    blogData<ArchiveYear[]>(before, "archive.json").reduce((sum, year) => sum + year.count, 0),
    PUBLISHED,
  );
  assert.is(blogData<SearchItem[]>(before, "search.json").filter((item) => item.kind === "post").length, PUBLISHED);
  assert.is(readJson<JsonFeed>(before.outDir, "blog/api/v1/feed.json").items.length, PUBLISHED);
  assert.is((readText(before.outDir, "blog/index.xml").match(/<item>/g) ?? []).length, PUBLISHED);
  assert.is(readJson<Envelope<PortfolioPost[]>>(before.outDir, "api/v1/posts.json").data.length, PUBLISHED);
  assert.is(readJson<Envelope<{ posts: number }>>(before.outDir, "api/v1/stats.json").data.posts, PUBLISHED);
});

test("should publish the scheduled post everywhere a post appears from its date on", () => {
  const slug = SCHEDULED.slug;
  const inTag = (tag: string) =>
    blogData<{ posts: PostSummary[] }>(after, `tags/${tag}.json`).posts.some((post) => post.slug === slug);
  const archive = blogData<ArchiveYear[]>(after, "archive.json");

  assert.is(posts(after)[0]?.slug, slug);
  assert.is(blogData<FullPost>(after, `posts/${slug}.json`).title, SCHEDULED.title);
  assert.is(blogData<FullPost>(after, "latest.json").slug, slug);
  assert.ok(inTag("embedded") && inTag("radio") && inTag("offline-first"));
  assert.equal(archive[0]?.year, 2027);
  assert.equal(
    archive[0]?.months[0]?.posts.map((post) => post.slug),
    [slug],
  );
  assert.is(blogData<{ posts: number }>(after, "stats.json").posts, PUBLISHED + 1);
  assert.is(readJson<Badge>(after.outDir, "blog/api/v1/badges/posts.json").message, String(PUBLISHED + 1));
  assert.ok(
    blogData<SearchItem[]>(after, "search.json").some((item) => item.kind === "post" && item.title === SCHEDULED.title),
  );
  assert.is(readJson<JsonFeed>(after.outDir, "blog/api/v1/feed.json").items[0]?.id, `${BLOG}posts/${slug}/`);
  assert.match(readText(after.outDir, "blog/index.xml"), `<link>${BLOG}posts/${slug}/</link>`);
  assert.match(readText(after.outDir, "blog/api/v1/posts.txt"), `${BLOG}posts/${slug}/`);
  assert.is(readJson<Envelope<PortfolioPost[]>>(after.outDir, "api/v1/posts.json").data[0]?.title, SCHEDULED.title);
  assert.is(readJson<Envelope<{ posts: number }>>(after.outDir, "api/v1/stats.json").data.posts, PUBLISHED + 1);
});

test("should still mention the draft in no file after the scheduled date", () => {
  const mentions = filesMentioning(after, DRAFT);

  assert.equal(mentions, []);
});

// ---- feeds

test("should parse the RSS feed with a standard parser: one item per published post with title, link, guid and pubDate", async () => {
  const feed = await new Parser().parseString(readText(before.outDir, "blog/index.xml"));
  const all = posts(before);

  assert.is(feed.items.length, PUBLISHED);
  feed.items.forEach((item, index) => {
    const post = all[index] as PostSummary;
    assert.is(item.title, post.title);
    assert.is(item.link, post.url);
    assert.is(item.guid, post.url);
    assert.is(Date.parse(item.pubDate ?? ""), Date.parse(post.published), post.slug);
  });
});

test("should carry the full post in content:encoded of every RSS item", async () => {
  const feed = await new Parser<Record<string, never>, { "content:encoded": string }>().parseString(
    readText(before.outDir, "blog/index.xml"),
  );

  for (const item of feed.items) {
    const slug = /\/posts\/([^/]+)\/$/.exec(item.link ?? "")?.[1] ?? "";
    assert.is(item["content:encoded"], blogData<FullPost>(before, `posts/${slug}.json`).content_html, slug);
  }
});

test("should declare xmlns:content and an atom:link rel=self pointing at SITE_URL/blog/index.xml", () => {
  const xml = readText(before.outDir, "blog/index.xml");
  const selfLink = /<atom:link\b[^>]*>/.exec(xml)?.[0] ?? "";

  assert.match(xml, /<rss\b[^>]*\sxmlns:content="http:\/\/purl\.org\/rss\/1\.0\/modules\/content\/"/);
  assert.match(xml, /<rss\b[^>]*\sxmlns:atom="http:\/\/www\.w3\.org\/2005\/Atom"/);
  assert.match(selfLink, /\srel="self"/);
  assert.match(selfLink, `href="${SITE_URL}/blog/index.xml"`);
});

test("should write every RSS pubDate in RFC 822 form", () => {
  const rfc822 =
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} ([+-]\d{4}|GMT|UT)$/;

  const dates = [...readText(before.outDir, "blog/index.xml").matchAll(/<pubDate>([^<]*)<\/pubDate>/g)].map(
    (match) => match[1] ?? "",
  );

  assert.is(dates.length, PUBLISHED);
  assert.equal(
    dates.filter((date) => !rfc822.test(date)),
    [],
  );
  for (const date of dates) {
    // The weekday must be that of the calendar date written next to it.
    const calendar = new Date(`${date.slice(5, 16)} 12:00:00 GMT`).toUTCString().slice(0, 3);
    assert.is(date.slice(0, 3), calendar, date);
  }
});

test("should round-trip titles with & and quotes exactly through the RSS feed", async () => {
  const feed = await new Parser().parseString(readText(before.outDir, "blog/index.xml"));
  const tricky = posts(before).filter((post) => /[&"'<]/.test(post.title));

  assert.ok(tricky.some((post) => post.title === 'Ropes & "dynamic" belays: what a fall factor really is'));
  for (const post of tricky)
    assert.ok(
      feed.items.some((item) => item.title === post.title),
      post.title,
    );
});

/** An Atom document read by a strict, namespace-aware XML parser: its root and each entry's children as text. */
function strictAtom(xml: string): { root: string; self: string; entries: Record<string, string>[] } {
  const parser = new SaxesParser({ xmlns: true });
  const result = { root: "", self: "", entries: [] as Record<string, string>[] };
  let entry: Record<string, string> | null = null;
  let field = "";
  parser.on("opentag", (tag) => {
    if (!result.root) result.root = `{${tag.uri}}${tag.local}`;
    if (tag.local === "entry") entry = {};
    else if (entry) field = tag.local;
    if (tag.local === "link" && !entry && tag.attributes.rel?.value === "self")
      result.self = tag.attributes.href?.value ?? "";
  });
  parser.on("text", (text) => {
    if (entry && field) entry[field] = (entry[field] ?? "") + text;
  });
  parser.on("cdata", (text) => {
    if (entry && field) entry[field] = (entry[field] ?? "") + text;
  });
  parser.on("closetag", (tag) => {
    if (tag.local === "entry" && entry) result.entries.push(entry);
    if (tag.local === "entry") entry = null;
    field = "";
  });
  parser.write(xml).close();
  return result;
}

test("should write an Atom 1.0 feed a strict parser and a feed library read as the posts, in full", async () => {
  const xml = readText(before.outDir, "blog/atom.xml");
  const atom = strictAtom(xml);
  const all = posts(before);

  assert.is(atom.root, "{http://www.w3.org/2005/Atom}feed");
  assert.is(atom.self, `${SITE_URL}/blog/atom.xml`);
  // Every page announces it beside RSS and JSON Feed.
  assert.match(
    readText(before.outDir, "index.html"),
    `type="application/atom+xml" title="Blog (Atom)" href="${atom.self}"`,
  );
  assert.equal(
    atom.entries.map((entry) => entry.id),
    all.map((post) => post.url),
  );
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
  for (const [index, entry] of atom.entries.entries()) {
    const post = all[index] as PostSummary;
    assert.is(entry.title, post.title);
    assert.ok(rfc3339.test(entry.published ?? "") && rfc3339.test(entry.updated ?? ""), post.slug);
    assert.is(Date.parse(entry.published ?? ""), Date.parse(post.published), post.slug);
    assert.is(entry.content, blogData<FullPost>(before, `posts/${post.slug}.json`).content_html, post.slug);
  }
  const feed = await new Parser().parseString(xml);
  assert.equal(
    feed.items.map((item) => item.link),
    all.map((post) => post.url),
  );
});

test("should write an Atom feed per tag with exactly that tag's posts, linked from the blog index", () => {
  const tags = blogData<TagEntry[]>(before, "tags.json");
  const index = blogData<ApiIndex>(before, "index.json");
  const tagFeeds = index.endpoints.find((endpoint) => endpoint.path === "/blog/tags/{tag}/atom.xml");

  assert.equal(tagFeeds?.params, { tag: tags.map((tag) => tag.slug) });
  for (const tag of tags) {
    const atom = strictAtom(readText(before.outDir, `blog/tags/${tag.slug}/atom.xml`));
    assert.is(atom.self, `${SITE_URL}/blog/tags/${tag.slug}/atom.xml`);
    // The tag's page announces its feed and links it.
    const page = readText(before.outDir, `blog/tags/${tag.slug}/index.html`);
    assert.match(
      page,
      `<link rel="alternate" type="application/atom+xml" title="${tag.name} (Atom)" href="${atom.self}">`,
    );
    assert.match(page, `<a href="/blog/tags/${tag.slug}/atom.xml">`);
    assert.equal(
      atom.entries.map((entry) => entry.id),
      tag.posts.map((post) => post.url),
      tag.slug,
    );
  }
});

// ---- IndieWeb

test("should mark the owner up as an h-card on the home page, with every profile link rel=me", () => {
  const home = readText(before.outDir, "index.html");
  const cards = mf2(home, { baseUrl: `${SITE_URL}/` }).items.filter((item) => item.type?.includes("h-card"));

  assert.is(cards.length, 1);
  const card = cards[0]?.properties ?? {};
  assert.equal(card.name, ["Margo Voss"]);
  assert.equal(card.uid, [`${SITE_URL}/`]);
  const meLinks = mf2(home, { baseUrl: `${SITE_URL}/` }).rels.me ?? [];
  assert.ok(meLinks.length > 0);
  for (const link of meLinks) assert.ok(card.url?.includes(link), link);
  // The sample's Mastodon link names its author for Mastodon's link previews, on every page.
  for (const page of ["index.html", `blog/posts/${EDITED_SLUG}/index.html`])
    assert.match(
      readText(before.outDir, page),
      '<meta name="fediverse:creator" content="@margo_voss@mastodon.social">',
    );
});

test("should mark every post up as an h-entry that an mf2 parser reads as the post", () => {
  for (const post of posts(before)) {
    const page = readText(before.outDir, `blog/posts/${post.slug}/index.html`);
    const entries = mf2(page, { baseUrl: post.url }).items.filter((item) => item.type?.includes("h-entry"));
    assert.is(entries.length, 1, post.slug);
    const entry = entries[0]?.properties ?? {};
    assert.equal(entry.name, [post.title], post.slug);
    assert.equal(entry.url, [post.url], post.slug);
    assert.is(Date.parse(String(entry.published?.[0])), Date.parse(post.published), post.slug);
    assert.ok(
      entry.updated === undefined || Date.parse(String(entry.updated[0])) === Date.parse(post.updated),
      post.slug,
    );
    assert.equal(
      entry.category,
      post.tags.map((tag) => tag.name),
      post.slug,
    );
    const author = entry.author?.[0] as { type?: string[]; properties?: Record<string, unknown[]> } | undefined;
    assert.equal(author?.type, ["h-card"], post.slug);
    assert.equal(author?.properties?.url, [`${SITE_URL}/`], post.slug);
    const content = entry.content?.[0] as { html?: string } | undefined;
    assert.ok((content?.html ?? "").length > 100, `${post.slug}: e-content holds the post`);
  }
});

// ---- llms.txt

test("should write llms.txt as llmstxt.org lays it out, with every published post, and its posts in full", () => {
  const text = readText(before.outDir, "llms.txt");
  const lines = text.split("\n");
  const all = posts(before);

  assert.match(lines[0] ?? "", /^# \S/);
  assert.match(lines[2] ?? "", /^> \S/);
  const sections = lines.filter((line) => line.startsWith("## "));
  assert.equal(sections, ["## APIs", "## Projects", "## Posts", "## Optional"]);
  const postsSection = text.slice(text.indexOf("## Posts"), text.indexOf("## Optional"));
  const linked = [...postsSection.matchAll(/^- \[.+\]\((\S+)\): .+$/gm)].map((match) => match[1]);
  assert.equal(
    linked,
    all.map((post) => post.url),
  );
  assert.match(text, `(${SITE_URL}/api/openapi.json)`);
  assert.match(text, `(${SITE_URL}/blog/api/openapi.json)`);

  const full = readText(before.outDir, "llms-full.txt");
  for (const post of all) {
    assert.match(full, `# ${post.title}\nURL: ${post.url}\n`, post.slug);
    assert.match(
      full,
      blogData<FullPost>(before, `posts/${post.slug}.json`).content_text.trim().slice(0, 200),
      post.slug,
    );
  }
});

/** Each page of Pagefind's index: one gzipped fragment, "pagefind_dcd" and its JSON (url, content). */
function pagefindFragments(build: Built): { url: string; content: string }[] {
  return listFiles(join(build.outDir, "pagefind/fragment")).map((file) => {
    const text = gunzipSync(readFileSync(join(build.outDir, "pagefind/fragment", file))).toString("utf8");
    return JSON.parse(text.replace(/^pagefind_dcd/, "")) as { url: string; content: string };
  });
}

test("should index in Pagefind's files exactly the published posts and the projects, the scheduled post from its day", () => {
  const indexed = (build: Built) =>
    pagefindFragments(build)
      .map((fragment) => fragment.url)
      .sort();
  const projects = readJson<Envelope<{ urls: { page: string } }[]>>(before.outDir, "api/v1/projects.json").data;
  const expected = (build: Built) =>
    [...posts(build).map((post) => post.url), ...projects.map((project) => project.urls.page)]
      .map((url) => new URL(url).pathname)
      .sort();

  for (const file of ["pagefind.js", "pagefind-worker.js", "pagefind-entry.json"])
    assert.ok(existsSync(join(before.outDir, "pagefind", file)), file);
  assert.equal(indexed(before), expected(before));
  assert.ok(indexed(after).includes(`/blog/posts/${SCHEDULED.slug}/`));
  assert.equal(indexed(after), expected(after));
});

test("should index a post's text without its line of dates and tags, which excerpts read as 'Posts tagged'", () => {
  const postFragments = pagefindFragments(before).filter((fragment) => fragment.url.startsWith("/blog/posts/"));
  assert.is(postFragments.length, posts(before).length);
  assert.equal(
    postFragments.filter((fragment) => /Posts tagged|min read/.test(fragment.content)).map((fragment) => fragment.url),
    [],
  );
});

test("should index a project's writeup without its band and install line, and every code block", () => {
  const fragments = pagefindFragments(before);
  const projects = fragments.filter((fragment) => fragment.url.startsWith("/projects/"));
  assert.ok(projects.length > 0);
  // A project's band of facts, tags and buttons, and its install line: excerpts start as prose.
  assert.equal(
    projects.filter((fragment) => /Last push|Source code|Install:/.test(fragment.content)).map((f) => f.url),
    [],
  );
  // A developer searches for a function's name: the first line of each code block is found.
  const codeLines = (url: string) =>
    [...readText(before.outDir, `${url.slice(1)}index.html`).matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/g)]
      .map(
        ([, code]) =>
          decodeEntities((code ?? "").replace(/<[^>]+>/g, ""))
            .trim()
            .split("\n")[0] ?? "",
      )
      .filter((line) => line.length >= 8);
  const withCode = fragments.filter((fragment) => codeLines(fragment.url).length > 0);
  assert.ok(withCode.length >= 10, `pages with a code block: ${withCode.length}`);
  assert.equal(
    withCode.flatMap((fragment) =>
      codeLines(fragment.url)
        .filter((line) => !fragment.content.includes(line))
        .map((line) => `${fragment.url}: ${line}`),
    ),
    [],
  );
});

test("should write a JSON Feed 1.1 whose item ids equal their URLs", () => {
  const feed = readJson<JsonFeed>(before.outDir, "blog/api/v1/feed.json");

  assert.is(feed.version, "https://jsonfeed.org/version/1.1");
  assert.equal(
    feed.items.map((item) => item.id),
    posts(before).map((post) => post.url),
  );
  for (const item of feed.items) assert.is(item.id, item.url);
});

test("should keep a JSON Feed item's id when the post's body is edited", () => {
  const original = readJson<JsonFeed>(before.outDir, "blog/api/v1/feed.json").items.find((item) =>
    item.url.includes(EDITED_SLUG),
  );
  const changed = readJson<JsonFeed>(edited.outDir, "blog/api/v1/feed.json").items.find((item) =>
    item.url.includes(EDITED_SLUG),
  );

  assert.ok(original && changed);
  assert.is.not(changed?.content_html, original?.content_html);
  assert.is(changed?.id, original?.id);
});

test("should write JSON Feed titles, summaries and tags as plain text", () => {
  const feed = readJson<JsonFeed>(before.outDir, "blog/api/v1/feed.json");

  const texts = feed.items.flatMap((item) => [item.title, item.summary, ...item.tags]);

  assert.equal(
    texts.filter((text) => /&(amp|lt|gt|quot|#\d+);|</.test(text)),
    [],
  );
  assert.ok(feed.items.some((item) => item.title === 'Ropes & "dynamic" belays: what a fall factor really is'));
});

test("should write JSON Feed dates in RFC 3339 at the posts' instants", () => {
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  const feed = readJson<JsonFeed>(before.outDir, "blog/api/v1/feed.json");
  const all = posts(before);

  feed.items.forEach((item, index) => {
    assert.match(item.date_published, rfc3339);
    assert.match(item.date_modified, rfc3339);
    assert.is(Date.parse(item.date_published), Date.parse(all[index]?.published ?? ""), item.id);
  });
});

test("should use only absolute URLs in the content of both feeds", () => {
  const json = readJson<JsonFeed>(before.outDir, "blog/api/v1/feed.json").items.map((item) => item.content_html);
  const rss = [
    ...readText(before.outDir, "blog/index.xml").matchAll(/<content:encoded>([\s\S]*?)<\/content:encoded>/g),
  ].map((match) =>
    (match[1] ?? "")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">"),
  );

  assert.is(rss.length, PUBLISHED);
  const relative = [...json, ...rss].flatMap(urlsIn).filter((url) => !/^https?:\/\//.test(url));
  assert.equal(relative, []);
});

// ---- the portfolio reads the blog's RSS

test("should fill the portfolio's posts.json from the blog: the same titles and URLs, newest first", () => {
  const portfolio = readJson<Envelope<PortfolioPost[]>>(before.outDir, "api/v1/posts.json");

  assert.is(portfolio.data.length, PUBLISHED);
  assert.equal(
    portfolio.data.map((post) => [post.title, post.url]),
    posts(before).map((post) => [post.title, post.url]),
  );
  assert.equal(
    portfolio.data.map((post) => Date.parse(post.published ?? "")),
    posts(before).map((post) => Date.parse(post.published)),
  );
});

test.run();
