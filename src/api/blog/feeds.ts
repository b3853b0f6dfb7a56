import { dateToRfc3339, dateToRfc822 } from "@11ty/eleventy-plugin-rss";
import { DateTime } from "luxon";
import type { BlogModel, BlogTag } from "../../blog/blog-model.ts";
import { isoInZone } from "../../blog/post-date.ts";
import { summarize } from "../../markdown/summary.ts";
import type { Post } from "../../schemas/portfolio/activity.ts";
import type { JsonFeed } from "../../schemas/blog/catalog.ts";
import { withoutControlCharacters as feedText } from "../../util/control-characters.ts";
import { escapeHtml } from "../../util/html.ts";
import { xmlDocument, type XmlElement } from "../../util/xml.ts";
import { blogUrls } from "./blog-urls.ts";

/*
 * Both feeds are built as objects and serialized (JSON.stringify, our XML writer), never
 * templated: titles stay plain text in JSON and are escaped exactly once in XML. The XML writer
 * drops control characters (XML cannot carry most of them), so the JSON Feed drops them too
 * (`feedText`) rather than hand a reader an escaped ESC that it decodes and may print. What XML
 * alone cannot carry (U+FFFE, U+FFFF, lone surrogates) stays in the JSON, which can.
 */

/**
 * How many posts each feed holds, newest first: what a feed reader needs, since it keeps the
 * entries it has seen. Every post in full (4.3 KB a post each) made each of the three feeds 4.3 MB
 * at 1,000 posts, fetched whole at every poll, and rewritten, validated and hashed at every edit
 * of a post (docs/performance.md). Every post stays in `posts.json` and `llms-full.txt`.
 */
export const FEED_POSTS = 20;

/**
 * The blog's posts as the portfolio lists them (its `posts.json`, résumé and pages): every
 * published post, its title and summary as written (not read back from the RSS feed, whose
 * reader takes text for HTML), its time as the blog's API gives it.
 */
export function portfolioPosts(model: BlogModel): Post[] {
  const urls = blogUrls(model);
  return model.posts.map((post) => ({
    title: post.title,
    url: urls.post(post.slug),
    published: isoInZone(post.published),
    summary: summarize(post.description),
  }));
}

/** A feed's date: the newest change to one of its posts, not the build time (unchanged posts, an unchanged feed). */
function newestChange(posts: readonly { updated: DateTime }[]): DateTime | undefined {
  return DateTime.max(...posts.map((post) => post.updated));
}

const text = (name: string, value: string): XmlElement => ({ name, text: value });

/**
 * RSS's date (RFC 822) by the RSS plugin, at the date's own offset, which Intl takes as a zone
 * (`+02:00`): `Tue, 11 Aug 2026 00:00:00 +0200` (`+0000` with Node 20's and 24's ICU, `GMT` with
 * some others). A new `Intl.DateTimeFormat` a date (0.2-0.3 ms): the feed's 21 dates.
 */
const rfc822 = (date: DateTime): string => dateToRfc822(date.toJSDate(), date.toFormat("ZZ"));

/**
 * RSS 2.0 with full content (`content:encoded` as CDATA, namespace declared) and `atom:link
 * rel="self"`: the newest `FEED_POSTS` posts as items, and the newest change among them. Feed
 * readers take a description, the channel's or an item's, for HTML; ours are text ("the <dialog>
 * element"). An item's writer is `dc:creator`, as the Atom and JSON feeds name it: RSS's
 * `author` must be an e-mail address, which the site does not publish.
 */
export function rssFeed(model: BlogModel): string {
  const urls = blogUrls(model);
  const posts = model.posts.slice(0, FEED_POSTS);
  const newest = newestChange(posts)?.setZone(model.config.site.timezone);
  return xmlDocument({
    name: "rss",
    attributes: {
      version: "2.0",
      "xmlns:atom": "http://www.w3.org/2005/Atom",
      "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
      "xmlns:dc": "http://purl.org/dc/elements/1.1/",
    },
    children: [
      {
        name: "channel",
        children: [
          text("title", model.settings.title),
          text("link", urls.home),
          text("description", escapeHtml(model.settings.description)),
          text("language", model.settings.language),
          ...(newest ? [text("lastBuildDate", rfc822(newest))] : []),
          { name: "atom:link", attributes: { href: urls.rss, rel: "self", type: "application/rss+xml" } },
          ...posts.map((post) => ({
            name: "item",
            children: [
              text("title", post.title),
              text("link", urls.post(post.slug)),
              { name: "guid", attributes: { isPermaLink: "true" }, text: urls.post(post.slug) },
              text("pubDate", rfc822(post.published)),
              text("dc:creator", urls.author.name),
              text("description", escapeHtml(post.description)),
              { name: "content:encoded", text: post.html, cdata: true },
              ...post.tags.map((tag) => text("category", tag.name)),
            ],
          })),
        ],
      },
    ],
  });
}

/**
 * Atom 1.0 (RFC 4287) with full content: the posts of the RSS feed, or the newest `FEED_POSTS`
 * of one tag. Its `updated` is the newest change to one of its posts (the Unix epoch for a blog
 * with none yet), so an unchanged blog gives an unchanged feed.
 */
export function atomFeed(model: BlogModel, tag?: BlogTag): string {
  const urls = blogUrls(model);
  const posts = (tag ? tag.posts : model.posts).slice(0, FEED_POSTS);
  const self = tag ? urls.tagAtom(tag.slug) : urls.atom;
  const home = tag ? urls.tag(tag.slug) : urls.home;
  const newest = newestChange(posts)?.toMillis() ?? 0;
  const link = (rel: string, href: string, type: string): XmlElement => ({
    name: "link",
    attributes: { rel, href, type },
  });
  return xmlDocument({
    name: "feed",
    attributes: { xmlns: "http://www.w3.org/2005/Atom", "xml:lang": model.settings.language },
    children: [
      text("id", home),
      text("title", tag ? `${model.settings.title}: ${tag.name}` : model.settings.title),
      text("subtitle", model.settings.description),
      text("updated", dateToRfc3339(new Date(newest))),
      link("alternate", home, "text/html"),
      link("self", self, "application/atom+xml"),
      { name: "author", children: [text("name", urls.author.name), text("uri", urls.author.url)] },
      ...posts.map((post) => ({
        name: "entry",
        children: [
          text("id", urls.post(post.slug)),
          text("title", post.title),
          link("alternate", urls.post(post.slug), "text/html"),
          text("published", dateToRfc3339(post.published.toJSDate())),
          text("updated", dateToRfc3339(post.updated.toJSDate())),
          text("summary", post.description),
          { name: "content", attributes: { type: "html" }, text: post.html, cdata: true },
          ...post.tags.map((postTag) => ({ name: "category", attributes: { term: postTag.name } })),
        ],
      })),
    ],
  });
}

/** JSON Feed 1.1 with full content, the newest `FEED_POSTS`; item ids are the posts' original URLs, which edits never change. */
export function jsonFeed(model: BlogModel): JsonFeed {
  const urls = blogUrls(model);
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: feedText(model.settings.title),
    home_page_url: urls.home,
    feed_url: urls.jsonFeed,
    description: feedText(model.settings.description),
    language: model.settings.language,
    authors: [{ ...urls.author, name: feedText(urls.author.name) }],
    items: model.posts.slice(0, FEED_POSTS).map((post) => ({
      id: urls.post(post.slug),
      url: urls.post(post.slug),
      title: feedText(post.title),
      content_html: feedText(post.html),
      summary: feedText(post.description),
      image: post.cover.url,
      // RFC 3339 as every date-time of the APIs: UTC, whole seconds.
      date_published: dateToRfc3339(post.published.toJSDate()),
      date_modified: dateToRfc3339(post.updated.toJSDate()),
      tags: post.tags.map((tag) => feedText(tag.name)),
    })),
  };
}
