import dateToRfc3339 from "@11ty/eleventy-plugin-rss/src/dateRfc3339.js";
import dateToRfc822 from "@11ty/eleventy-plugin-rss/src/dateRfc822.js";
import { XMLBuilder } from "fast-xml-parser";
import type { BlogModel } from "../../blog/blog-model.ts";
import type { JsonFeed } from "../../schemas/blog/catalog.ts";
import { pageUrls } from "../../site/page-urls.ts";
import { blogUrls } from "./blog-urls.ts";

/*
 * Both feeds are built as objects and serialized (JSON.stringify, an XML builder), never
 * templated: titles stay plain text in JSON and are escaped exactly once in XML.
 */

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  format: true,
  indentBy: "  ",
  suppressEmptyNode: true,
  processEntities: true,
  // Otherwise `isPermaLink="true"` is written as a bare attribute, which is not well-formed XML.
  suppressBooleanAttributes: false,
});

// The RSS text is needed twice per build (index.xml, and the portfolio reading its posts from it).
const rssByModel = new WeakMap<BlogModel, string>();

/** RSS 2.0 with full content (`content:encoded`, namespace declared) and `atom:link rel="self"`. */
export function rssFeed(model: BlogModel): string {
  let text = rssByModel.get(model);
  if (text === undefined) {
    text = buildRss(model);
    rssByModel.set(model, text);
  }
  return text;
}

function buildRss(model: BlogModel): string {
  const urls = blogUrls(model);
  const newest = model.stats.lastUpdated;
  const document = {
    "?xml": { "@version": "1.0", "@encoding": "UTF-8" },
    rss: {
      "@version": "2.0",
      "@xmlns:atom": "http://www.w3.org/2005/Atom",
      "@xmlns:content": "http://purl.org/rss/1.0/modules/content/",
      channel: {
        title: model.settings.title,
        link: urls.home,
        description: model.settings.description,
        language: model.settings.language,
        // The newest change to any post, not the build time: unchanged posts give an unchanged feed.
        ...(newest ? { lastBuildDate: dateToRfc822(newest.updated.toJSDate(), model.config.site.timezone) } : {}),
        "atom:link": { "@href": urls.rss, "@rel": "self", "@type": "application/rss+xml" },
        item: model.posts.map((post) => ({
          title: post.title,
          link: urls.post(post.slug),
          guid: { "#text": urls.post(post.slug), "@isPermaLink": "true" },
          // RFC 822 in the blog's zone. luxon reuses its formatters; the plugin's dateToRfc822
          // builds a new Intl formatter per call, a tenth of a second per thousand posts.
          pubDate: post.published.toRFC2822(),
          description: post.description,
          "content:encoded": post.html,
          category: post.tags.map((tag) => tag.name),
        })),
      },
    },
  };
  return `${String(builder.build(document)).trim()}\n`;
}

/** JSON Feed 1.1 with full content; item ids are the posts' original URLs, which edits never change. */
export function jsonFeed(model: BlogModel): JsonFeed {
  const urls = blogUrls(model);
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: model.settings.title,
    home_page_url: urls.home,
    feed_url: urls.jsonFeed,
    description: model.settings.description,
    language: model.settings.language,
    authors: [{ name: model.config.site.title, url: pageUrls(model.config).home }],
    items: model.posts.map((post) => ({
      id: urls.post(post.slug),
      url: urls.post(post.slug),
      title: post.title,
      content_html: post.html,
      summary: post.description,
      image: post.cover.url,
      date_published: dateToRfc3339(post.published.toJSDate()),
      date_modified: dateToRfc3339(post.updated.toJSDate()),
      tags: post.tags.map((tag) => tag.name),
    })),
  };
}
