import { resolve } from "node:path";
import type { SiteConfig } from "../config/site-config.ts";
import type { PortfolioContent } from "../content/load-portfolio-content.ts";
import { parseRssPosts, readRssPosts, type FeedPost } from "../feeds/read-rss-posts.ts";
import { loadGithubData, type GithubData, type RepositoryRef } from "../github/github-data.ts";

/** The repositories the site lists, as GitHub names them. */
export function projectRepositories(config: SiteConfig, content: PortfolioContent): RepositoryRef[] {
  return content.projects.map((project) => ({
    owner: project.meta.owner ?? config.site.github,
    name: project.meta.name,
  }));
}

/** GitHub figures for every listed repository, plus the owner's pull requests. */
export function loadPortfolioGithub(config: SiteConfig, content: PortfolioContent): Promise<GithubData> {
  return loadGithubData(config, projectRepositories(config, content));
}

/** The blog posts the portfolio lists, from the blog's RSS feed (a file under content/ or a URL). */
export async function loadFeedPosts(config: SiteConfig): Promise<FeedPost[]> {
  const feed = config.site.blog.feed ?? "";
  if (!/^https?:\/\//.test(feed)) return readRssPosts(resolve(config.contentDir, feed));
  const response = await fetch(feed, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Blog feed ${feed} answered HTTP ${response.status}`);
  return parseRssPosts(await response.text(), feed);
}
