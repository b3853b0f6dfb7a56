import { DateTime } from "luxon";
import { SaxesParser } from "saxes";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { atomFeed, FEED_POSTS, jsonFeed, portfolioPosts, rssFeed } from "../../../../src/api/blog/feeds.ts";
import { site } from "../../../../src/api/blog/resources.ts";
import type { BlogModel } from "../../../../src/blog/blog-model.ts";
import { blogModelOf, meta, postFile } from "../../blog/support/blog-tree.ts";
import { blogTime, handBlogModel, handPost } from "../../blog/support/hand-blog.ts";
import { siteConfig } from "../../support/model.ts";

/** A terminal title (OSC), a screen clear, the C1 CSI, NUL and a character XML never allows (U+FFFE). */
const HOSTILE = "\u001b]0;PWNED\u0007\u001b[2J\u009b2J\u0000\ufffe";
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;

function blog(): BlogModel {
  return blogModelOf({ "a.md": postFile(meta({ title: "A post", tags: ["notes"] })) });
}

/** The blog with hostile text in every text a feed carries, as if it had got past the entry checks. */
function hostileBlog(): BlogModel {
  const model = blog();
  return {
    ...model,
    settings: { ...model.settings, title: `Blog${HOSTILE}`, description: `About${HOSTILE}` },
    posts: model.posts.map((post) => ({
      ...post,
      title: `Title${HOSTILE}`,
      description: `Summary${HOSTILE}`,
      html: `<p>Body${HOSTILE}</p>`,
      tags: post.tags.map((tag) => ({ ...tag, name: `tag${HOSTILE}` })),
    })),
  };
}

function strictXmlError(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  let error: string | null = null;
  parser.on("error", (e) => {
    error ??= e.message;
  });
  parser.write(text).close();
  return error;
}

test("should write an RSS feed a strict XML parser accepts when titles, tags and content carry control characters", () => {
  const xml = rssFeed(hostileBlog());

  assert.is(strictXmlError(xml), null);
  assert.not.match(xml, CONTROL);
  assert.match(xml, "<title>Title]0;PWNED[2J2J</title>");
  assert.match(xml, "<![CDATA[<p>Body]0;PWNED[2J2J</p>]]>");
  assert.match(xml, "<category>tag]0;PWNED[2J2J</category>");
});

test("should give the JSON Feed no control character in any text, as the RSS feed", () => {
  const feed = jsonFeed(hostileBlog());
  const item = feed.items[0];

  assert.not.match(JSON.stringify(feed), /\\u00[01][0-9a-f]|\\u007f|[\u0080-\u009f]/);
  assert.is(feed.title, "Blog]0;PWNED[2J2J\ufffe");
  assert.is(feed.description, "About]0;PWNED[2J2J\ufffe");
  assert.is(item?.title, "Title]0;PWNED[2J2J\ufffe");
  assert.is(item?.summary, "Summary]0;PWNED[2J2J\ufffe");
  assert.is(item?.content_html, "<p>Body]0;PWNED[2J2J\ufffe</p>");
  assert.equal(item?.tags, ["tag]0;PWNED[2J2J\ufffe"]);
});

/**
 * A blog under a base path (`/folio`) with two posts: one in winter (Berlin +01:00), edited in
 * summer (+02:00), whose text needs escaping, and one dated in another zone (-07:00).
 */
function folioBlog(timezone = "Europe/Berlin"): BlogModel {
  const config = siteConfig({ baseUrl: "https://fixture.example/folio", timezone });
  const winter = handPost("winter-notes", "2026-03-10T09:30:00", {
    title: `Fish & <chips> "quoted" 'single'`,
    description: "A < B & C",
    html: "<p>Code: <code>a]]>b</code> &amp; more</p>",
    updated: blogTime("2026-07-04T18:05:09"),
    tags: [
      { name: "C++", slug: "c" },
      { name: "R&D", slug: "r-d" },
    ],
    cover: { url: "https://fixture.example/folio/blog/images/cover.png", width: 800, height: 400, alt: "A cover" },
  });
  const away = handPost("away", "2026-07-05T01:02:03", {
    published: DateTime.fromISO("2026-07-05T01:02:03", { zone: "America/Los_Angeles" }),
    updated: DateTime.fromISO("2026-07-05T01:02:03", { zone: "America/Los_Angeles" }),
  });
  return handBlogModel([away, winter], { config });
}

/** The text between the first `<item>` whose link ends with `slug/` and its `</item>`. */
function rssItem(xml: string, slug: string): string {
  const items = xml.split("<item>").slice(1);
  const item = items.find((text) => text.includes(`/posts/${slug}/</link>`));
  if (!item) throw new Error(`no item for ${slug} in ${xml}`);
  return `<item>${item.slice(0, item.indexOf("</item>") + "</item>".length)}`;
}

test("should write every field of an RSS item: escaped text, CDATA content, base-path link, RFC 822 date in its zone", () => {
  const xml = rssFeed(folioBlog());

  assert.is(strictXmlError(xml), null);
  assert.is(
    rssItem(xml, "winter-notes"),
    [
      "<item>",
      "      <title>Fish &amp; &lt;chips&gt; &quot;quoted&quot; &apos;single&apos;</title>",
      "      <link>https://fixture.example/folio/blog/posts/winter-notes/</link>",
      '      <guid isPermaLink="true">https://fixture.example/folio/blog/posts/winter-notes/</guid>',
      "      <pubDate>Tue, 10 Mar 2026 09:30:00 +0100</pubDate>",
      "      <dc:creator>Fixture Owner</dc:creator>",
      "      <description>A &amp;lt; B &amp;amp; C</description>",
      "      <content:encoded><![CDATA[<p>Code: <code>a]]]]><![CDATA[>b</code> &amp; more</p>]]></content:encoded>",
      "      <category>C++</category>",
      "      <category>R&amp;D</category>",
      "    </item>",
    ].join("\n"),
  );
  assert.match(rssItem(xml, "away"), "<pubDate>Sun, 05 Jul 2026 01:02:03 -0700</pubDate>");
});

test("should write the RSS channel with base-path URLs and the newest edit as lastBuildDate in the site's zone", () => {
  const xml = rssFeed(folioBlog());
  const channel = xml.slice(xml.indexOf("<channel>"), xml.indexOf("<item>"));

  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom='), xml);
  assert.match(channel, "<title>Fixture Notes</title>");
  assert.match(channel, "<link>https://fixture.example/folio/blog/</link>");
  assert.match(channel, "<description>What the fixture writes about.</description>");
  assert.match(channel, "<language>en</language>");
  // The away post's update (08:02:03 UTC) is newer than the winter post's (16:05:09 UTC the day before).
  assert.match(channel, "<lastBuildDate>Sun, 05 Jul 2026 10:02:03 +0200</lastBuildDate>");
  assert.match(
    channel,
    '<atom:link href="https://fixture.example/folio/blog/index.xml" rel="self" type="application/rss+xml"/>',
  );
});

test("should write the RSS channel's description as HTML, which feed readers take it for", () => {
  // Before: blog.yaml's "About <dialog> &amp; R&D" was XML text only; a reader showed "About & R&D".
  const model = blog();
  const description = "About <dialog> &amp; R&D";
  const xml = rssFeed({ ...model, settings: { ...model.settings, description } });
  const channel = xml.slice(xml.indexOf("<channel>"), xml.indexOf("<item>"));

  assert.match(channel, "<description>About &amp;lt;dialog&amp;gt; &amp;amp;amp; R&amp;amp;D</description>");
});

test("should name one writer in every feed and site.json: dc:creator in RSS, whose author wants an e-mail", () => {
  // Before: RSS items named no one, where the Atom and JSON feeds named the site's owner.
  const model = folioBlog();
  const rss = rssFeed(model);
  const atom = atomFeed(model);

  assert.ok(rss.includes(' xmlns:dc="http://purl.org/dc/elements/1.1/"'), rss.slice(0, 300));
  assert.is([...rss.matchAll(/<dc:creator>Fixture Owner<\/dc:creator>/g)].length, 2);
  assert.not.match(rss, "<author>");
  assert.match(atom, "<author>\n    <name>Fixture Owner</name>\n    <uri>https://fixture.example/folio/</uri>");
  assert.equal(jsonFeed(model).authors, [{ name: "Fixture Owner", url: "https://fixture.example/folio/" }]);
  assert.equal(site(model).author, { name: "Fixture Owner", url: "https://fixture.example/folio/" });
});

/** The text of the RSS channel's lastBuildDate. */
function lastBuildDate(xml: string): string {
  return /<lastBuildDate>([^<]*)<\/lastBuildDate>/.exec(xml)?.[1] ?? "";
}

test("should write a zero offset in RFC 822 dates as RFC 822 allows it, for the same instant", () => {
  const date = lastBuildDate(rssFeed(folioBlog("UTC")));

  // The RSS plugin writes +0000 with the ICU of Node 20 and 24; GMT, from another ICU, is as valid.
  assert.match(date, /^Sun, 05 Jul 2026 08:02:03 (\+0000|GMT)$/);
  assert.is(DateTime.fromRFC2822(date, { setZone: true }).toISO(), "2026-07-05T08:02:03.000Z");
});

test("should write RFC 822 dates in a site zone given as a fixed offset (UTC+3, UTC-3)", () => {
  assert.is(lastBuildDate(rssFeed(folioBlog("UTC+3"))), "Sun, 05 Jul 2026 11:02:03 +0300");
  assert.is(lastBuildDate(rssFeed(folioBlog("UTC-3"))), "Sun, 05 Jul 2026 05:02:03 -0300");
});

test("should write RFC 822 dates in a site zone given as an offset that is no whole hour (UTC-02:30)", () => {
  assert.is(lastBuildDate(rssFeed(folioBlog("UTC-02:30"))), "Sun, 05 Jul 2026 05:32:03 -0230");
});

test("should write every field of a JSON Feed item: plain text, base-path URLs, RFC 3339 dates in UTC", () => {
  const feed = jsonFeed(folioBlog());
  const winter = feed.items.find((item) => item.id.endsWith("/winter-notes/"));
  const away = feed.items.find((item) => item.id.endsWith("/away/"));

  assert.equal(winter, {
    id: "https://fixture.example/folio/blog/posts/winter-notes/",
    url: "https://fixture.example/folio/blog/posts/winter-notes/",
    title: `Fish & <chips> "quoted" 'single'`,
    content_html: "<p>Code: <code>a]]>b</code> &amp; more</p>",
    summary: "A < B & C",
    image: "https://fixture.example/folio/blog/images/cover.png",
    date_published: "2026-03-10T08:30:00Z",
    date_modified: "2026-07-04T16:05:09Z",
    tags: ["C++", "R&D"],
  });
  assert.is(away?.date_published, "2026-07-05T08:02:03Z");
  assert.is(away?.date_modified, "2026-07-05T08:02:03Z");
});

test("should write the JSON Feed's own fields with base-path URLs", () => {
  const { items, ...feed } = jsonFeed(folioBlog());

  assert.equal(feed, {
    version: "https://jsonfeed.org/version/1.1",
    title: "Fixture Notes",
    home_page_url: "https://fixture.example/folio/blog/",
    feed_url: "https://fixture.example/folio/blog/api/v1/feed.json",
    description: "What the fixture writes about.",
    language: "en",
    authors: [{ name: "Fixture Owner", url: "https://fixture.example/folio/" }],
  });
  assert.is(items.length, 2);
});

test("should give each feed its newest posts only, dated by them, and the portfolio every post", () => {
  const tags = [{ name: "Notes", slug: "notes" }];
  const count = FEED_POSTS + 5;
  // Post i is published on day i; the oldest is edited last, so its change is the newest of all.
  const posts = Array.from({ length: count }, (_, i) => {
    const day = String(i + 1).padStart(2, "0");
    const updated = i === 0 ? blogTime("2026-06-01T12:00:00") : undefined;
    return handPost(`day-${day}`, `2026-03-${day}T10:00:00`, { tags, ...(updated ? { updated } : {}) });
  });
  const model = handBlogModel(posts);
  const entries = (xml: string) => [...xml.matchAll(/<entry>\n\s*<id>[^<]*\/(day-\d+)\/<\/id>/g)].map((m) => m[1]);
  const tag = model.tagBySlug.get("notes");
  assert.ok(tag);
  const tagFeed = atomFeed(model, tag);
  const newest = posts.map((post) => post.slug).reverse();
  assert.equal(entries(tagFeed), newest.slice(0, FEED_POSTS));
  // Its `updated` is its newest entry's, not the edit of a post it leaves out.
  assert.ok(
    tagFeed.includes(`<updated>2026-03-${String(count).padStart(2, "0")}T09:00:00Z</updated>`),
    tagFeed.slice(0, 600),
  );
  const blogFeed = atomFeed(model);
  assert.equal(entries(blogFeed), newest.slice(0, FEED_POSTS));
  assert.equal(entries(blogFeed), entries(tagFeed));
  const links = (xml: string) => [...xml.matchAll(/<item>\n\s*<title>[^<]*<\/title>\n\s*<link>[^<]*\/(day-\d+)\/</g)];
  const rss = rssFeed(model);
  assert.equal(
    links(rss).map((m) => m[1]),
    newest.slice(0, FEED_POSTS),
  );
  assert.ok(!rss.includes("Jun 2026"), rss.slice(0, 600));
  assert.equal(
    jsonFeed(model).items.map((item) => item.id.replace(/^.*\/(day-\d+)\/$/, "$1")),
    newest.slice(0, FEED_POSTS),
  );
  // The portfolio lists every post, as its post count says.
  assert.is(portfolioPosts(model).length, count);
});

test.run();
