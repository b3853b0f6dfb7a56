import { resolve } from "node:path";
import type { SiteConfig } from "../config/site-config.ts";
import type { PortfolioContent } from "../content/load-portfolio-content.ts";
import { parseRssPosts, type FeedPost } from "../feeds/read-rss-posts.ts";
import type { RepositoryRef } from "../github/github-data.ts";
import { buildCacheDir, contentKey, keepEntry, pruneEntries, readEntry } from "../util/build-cache.ts";
import { readAnswer } from "../util/read-answer.ts";
import { redact } from "../util/redact.ts";
import { ContentError } from "../content/content-error.ts";
import { MAX_FEED_BYTES, MIB } from "../content/content-limits.ts";
import { displayPath, readText, utf8Text } from "../content/read-files.ts";

/** The repositories the site lists, as GitHub names them. */
export function projectRepositories(config: SiteConfig, content: PortfolioContent): RepositoryRef[] {
  return content.projects.map((project) => ({
    owner: project.meta.owner ?? config.site.github,
    name: project.meta.name,
  }));
}

/** The blog posts the portfolio lists, from the blog's RSS feed (a file under content/ or a URL). */
export async function loadFeedPosts(config: SiteConfig): Promise<{ posts: FeedPost[]; note?: string }> {
  const feed = config.site.blog.feed ?? "";
  const file = resolve(config.contentDir, feed);
  if (!/^https?:\/\//.test(feed))
    return { posts: parseRssPosts(readText(file, undefined, MAX_FEED_BYTES), displayPath(file)) };
  // The last feed read is kept by its URL: a failing server (or a broken answer) falls back to it.
  const cache = buildCacheDir("feed");
  const key = contentKey("feed", feed);
  try {
    const text = await readFeed(feed);
    const posts = parseRssPosts(text, feed);
    keepEntry(cache, key, text);
    pruneEntries(cache, 4);
    return { posts };
  } catch (error) {
    // Held to what an answer may be: an entry over 8 MiB, or not UTF-8, was never an answer kept.
    const kept = readEntry(cache, key, (bytes) =>
      bytes.length > MAX_FEED_BYTES ? undefined : parseRssPosts(utf8Text(bytes, feed), feed),
    );
    if (kept === undefined || !(error instanceof ContentError)) throw error;
    // What the server did, or a fixed phrase: a broken answer's problems may quote its text.
    const answer = error.problems[0]?.field === "(answer)" ? String(error.problems[0].actual) : undefined;
    const why = redact(answer ?? "not an RSS feed this build can read");
    console.warn(`[feed] Fallback: the blog's feed ${redact(feed)}: ${why}; its posts as last read are shown.`);
    return { posts: kept, note: `The blog's feed could not be read (${why}): its posts are shown as last read.` };
  }
}

/** The text of the feed at `url`; the server's faults are the owner's to fix, said with the others. */
async function readFeed(feed: string): Promise<string> {
  const expected = `an RSS feed of at most ${MAX_FEED_BYTES / MIB} MiB within 10 s`;
  const refused = (found: string) => new ContentError([{ file: feed, field: "(answer)", expected, actual: found }]);
  const noAnswer = (error: Error & { cause?: { code?: string; message?: string } }): never => {
    throw refused(`no answer (${error.cause?.code ?? error.cause?.message ?? error.message})`);
  };
  const response = await fetch(feed, { signal: AbortSignal.timeout(10_000) }).catch(noAnswer);
  if (!response.ok) throw refused(`HTTP ${response.status}`);
  const bytes = await readAnswer(response, MAX_FEED_BYTES).catch(noAnswer);
  if (bytes === null) throw refused("a larger answer, not read");
  // The rule a feed file follows: bytes that are not UTF-8 are refused, not published as U+FFFD.
  return utf8Text(bytes, feed);
}
