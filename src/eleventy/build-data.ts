import { readSiteConfig, type SiteConfig } from "../config/site-config.ts";
import { loadPortfolioContent, type PortfolioContent } from "../content/load-portfolio-content.ts";
import type { GithubData } from "../github/github-data.ts";
import { loadFeedPosts, loadPortfolioGithub } from "../model/load-portfolio.ts";
import { buildBlogModel, type BlogModel } from "../blog/blog-model.ts";
import { loadBlog, type BlogContent } from "../blog/load-blog.ts";
import { rssChannel } from "../api/blog/feeds.ts";
import { postsFromRss, type FeedPost } from "../feeds/read-rss-posts.ts";
import { ContentError } from "../content/content-error.ts";
import { buildPortfolioModel, type PortfolioModel } from "../model/portfolio-model.ts";

/*
 * The global data of one build, each part computed once and shared by the `_data/` files that
 * expose it. The memo is cleared before every build so `--serve` picks up edited content.
 */
const memo = new Map<string, Promise<unknown>>();

/** Forgets the previous build's data; called from `eleventy.before`. */
export function startBuild(): void {
  memo.clear();
}

function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = make();
    memo.set(key, value);
  }
  return value;
}

export const siteConfig = (): Promise<SiteConfig> => once("config", async () => readSiteConfig());

export const portfolioContent = (): Promise<PortfolioContent> =>
  once("content", async () => loadPortfolioContent((await siteConfig()).contentDir));

export const githubData = (): Promise<GithubData> =>
  once("github", async () => loadPortfolioGithub(await siteConfig(), await portfolioContent()));

export const blogContent = (): Promise<BlogContent | null> => once("blog-content", async () => loadBlog(await siteConfig()));

/** The blog built here, or null when the owner has none (no content/blog/blog.yaml). */
export const blogModel = (): Promise<BlogModel | null> =>
  once("blog", async () => {
    const content = await blogContent();
    return content ? buildBlogModel(await siteConfig(), content) : null;
  });

/**
 * The portfolio's posts come from an RSS feed: the one `site.yaml` names (a file or a URL), or
 * else this build's own blog feed, read from its channel as it is written to index.xml.
 */
const portfolioPosts = (): Promise<FeedPost[]> =>
  once("portfolio-posts", async () => {
    const config = await siteConfig();
    if (config.site.blog.feed) return loadFeedPosts(config);
    const blog = await blogModel();
    if (!blog) {
      throw new ContentError([{ file: "content/site.yaml", field: "blog.feed", expected: "the blog's RSS feed (a path under content/ or a URL), since content/blog/blog.yaml does not exist" }]);
    }
    return postsFromRss(rssChannel(blog), "the blog's RSS feed");
  });

export const portfolioModel = (): Promise<PortfolioModel> =>
  once("portfolio", async () => {
    const config = await siteConfig();
    return buildPortfolioModel({
      config,
      content: await portfolioContent(),
      github: await githubData(),
      posts: await portfolioPosts(),
    });
  });
