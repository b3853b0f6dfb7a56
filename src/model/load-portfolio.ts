import { resolve } from "node:path";
import type { SiteConfig } from "../config/site-config.ts";
import type { PortfolioContent } from "../content/load-portfolio-content.ts";
import { parseRssPosts, readRssPosts, type FeedPost } from "../feeds/read-rss-posts.ts";
import type { RepositoryRef } from "../github/github-data.ts";
import { readAnswerText } from "../util/read-answer.ts";
import { ContentError } from "../content/content-error.ts";
import { MAX_CONTENT_FILE_BYTES } from "../content/content-limits.ts";

/** The repositories the site lists, as GitHub names them. */
export function projectRepositories(config: SiteConfig, content: PortfolioContent): RepositoryRef[] {
  return content.projects.map((project) => ({
    owner: project.meta.owner ?? config.site.github,
    name: project.meta.name,
  }));
}

/** The blog posts the portfolio lists, from the blog's RSS feed (a file under content/ or a URL). */
export async function loadFeedPosts(config: SiteConfig): Promise<FeedPost[]> {
  const feed = config.site.blog.feed ?? "";
  if (!/^https?:\/\//.test(feed)) return readRssPosts(resolve(config.contentDir, feed));
  // The server's faults are the owner's to fix, said with the others, as a feed file's would be.
  const refused = (found: string) =>
    new ContentError([
      { file: feed, field: "(answer)", expected: "an RSS feed of at most 64 MiB within 10 s", actual: found },
    ]);
  const noAnswer = (error: Error & { cause?: { code?: string } }): never => {
    throw refused(`no answer (${error.cause?.code ?? error.message})`);
  };
  const response = await fetch(feed, { signal: AbortSignal.timeout(10_000) }).catch(noAnswer);
  if (!response.ok) throw refused(`HTTP ${response.status}`);
  const text = await readAnswerText(response, MAX_CONTENT_FILE_BYTES).catch(noAnswer);
  if (text === null) throw refused("a larger answer, not read");
  return parseRssPosts(text, feed);
}
