import { XMLParser } from "fast-xml-parser";
import { DateTime } from "luxon";
import { ContentError, type ContentProblem } from "../content/content-error.ts";
import { stripTags } from "../markdown/render-markdown.ts";
import { summarize } from "../markdown/summary.ts";
import { MAX_FEED_ITEMS, overStringLimit } from "../content/content-limits.ts";
import type { Post } from "../schemas/portfolio/activity.ts";
import { isPublishableUrl } from "../github/entry-check.ts";
import { findControlCharacter } from "../util/control-characters.ts";

/** A blog post as the portfolio knows it (the API's Post): what the blog's RSS feed says about it. */
export type FeedPost = Post;

const parser = new XMLParser({
  ignoreAttributes: true,
  processEntities: true,
  htmlEntities: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === "item",
});

/** A parsed RSS channel: a field is text, or an object with `#text` when it holds markup. */
interface RssChannel {
  item?: readonly { title?: unknown; link?: unknown; pubDate?: unknown; description?: unknown }[];
}

/** Parses RSS 2.0 text into posts (in feed order). `where` names the source in errors. */
export function parseRssPosts(xml: string, where: string): FeedPost[] {
  let document: { rss?: { channel?: RssChannel } };
  // Counted before the parse, which takes 4 KB and 87 µs an item (100,000 items: 8.7 s, 405 MB).
  let items = 0; // the element only: `<items>` or `<itemFoo>` is none
  for (const opening = /<item[\t\n\r />]/g; opening.exec(xml); ) items++;
  if (items > MAX_FEED_ITEMS) {
    const expected = `a feed of at most ${MAX_FEED_ITEMS.toLocaleString("en")} items (this one has ${items.toLocaleString("en")})`;
    throw new ContentError([{ file: where, field: "rss.channel.item", expected }]);
  }
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContentError([{ file: where, field: "(file)", expected: `well-formed RSS 2.0 XML (${reason})` }]);
  }
  const channel = document.rss?.channel;
  if (!channel) {
    throw new ContentError([{ file: where, field: "rss.channel", expected: "an RSS 2.0 document with a <channel>" }]);
  }
  return postsFromRss(channel, where);
}

/** The posts of a parsed RSS channel. An item without title or link, or with a bad date, fails. */
function postsFromRss(channel: RssChannel, where: string): FeedPost[] {
  const problems: ContentProblem[] = [];
  const posts: FeedPost[] = [];
  (channel.item ?? []).forEach((item, index) => {
    const field = (name: string) => `item[${index}].${name}`;
    // A title is text, shown as written ("Why <div> soup"), as the RSS Advisory Board asks; a description is HTML.
    const [title, link, pubDate] = [textOf(item.title) ?? "", textOf(item.link), textOf(item.pubDate)];
    // Each as long as a YAML string may be (a post's own title): a 60 MB title took a build 3.7 GB.
    const long = Object.entries({ title, link, pubDate }).flatMap(([name, text = ""]) => {
      const expected = overStringLimit(text);
      return expected ? [{ file: where, field: field(name), expected }] : [];
    });
    problems.push(...long);
    if (long.length > 0) return;
    if (!title.trim()) problems.push({ file: where, field: field("title"), expected: "a title" });
    if (!link || !isPublishableUrl(link))
      problems.push({ file: where, field: field("link"), expected: "an absolute http(s) URL", actual: link });
    let published: string | null = null;
    if (pubDate) {
      const parsed = DateTime.fromRFC2822(pubDate, { setZone: true });
      // The feed's own offset is kept, so the day is the one the blog shows (a zone's: under 24 h).
      if (parsed.isValid && Math.abs(parsed.offset) < 1440) published = parsed.toISO({ suppressMilliseconds: true });
      else {
        const expected = "an RFC 822 date such as Tue, 03 Jun 2025 09:00:00 +0000";
        problems.push({ file: where, field: field("pubDate"), expected, actual: pubDate });
      }
    }
    if (title && link) {
      // A description may be a whole post: cut as a post's own summary is, so no item is megabytes.
      const summary = summarize(stripTags(textOf(item.description) ?? ""));
      const bad = findControlCharacter(title + summary)?.codePoint;
      if (bad) problems.push({ file: where, field: field("title"), expected: "no control characters", actual: bad });
      posts.push({ title: title.trim(), url: link, published, summary });
    }
  });
  if (problems.length > 0) throw new ContentError(problems);
  return posts;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "#text" in value) return String((value as { "#text": unknown })["#text"]);
  return undefined;
}
