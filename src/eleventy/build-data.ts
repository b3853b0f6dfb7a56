import { fediverseHandle, type OptionalSection, readSiteConfig, type SiteConfig } from "../config/site-config.ts";
import { readPortfolioContent, type PortfolioContent } from "../content/load-portfolio-content.ts";
import { loadGithubData, snapshotPath, type GithubData } from "../github/github-data.ts";
import { githubSettings } from "../github/settings.ts";
import { readSnapshot } from "../github/snapshot.ts";
import { loadFeedPosts, projectRepositories } from "../model/load-portfolio.ts";
import { buildBlogModel, type BlogModel } from "../blog/blog-model.ts";
import { loadBlog, type BlogContent } from "../blog/load-blog.ts";
import { profilePhoto } from "../blog/post-images.ts";
import { portfolioPosts } from "../api/blog/feeds.ts";
import { ContentError, ProblemList } from "../content/content-error.ts";
import { buildPortfolioModel, type PortfolioModel } from "../model/portfolio-model.ts";
import { renderPortfolioMarkdown } from "../model/portfolio-markdown.ts";

/* The global data of one build, each part computed once; cleared before every build for `--serve`. */
const memo = new Map<string, Promise<unknown>>();

/** Forgets the previous build's data; called from `eleventy.before`. */
export function startBuild(): void {
  memo.clear();
}

function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as Promise<T>;
}

export const siteConfig = (): Promise<SiteConfig> => once("config", async () => readSiteConfig());

/**
 * The configuration the pages and models are built with: the site's, with the sections that
 * have nothing to show named (`emptySections`), from the checked content and GitHub's data.
 */
export const pageConfig = (): Promise<SiteConfig> =>
  once("pageConfig", async () => {
    const config = await siteConfig();
    const content = await portfolioContent();
    const empty: OptionalSection[] = [];
    if (!content.projects.some((project) => project.meta.award)) empty.push("awards");
    if ((await githubData()).pulls.length === 0) empty.push("pulls");
    const fediverseCreator = Object.values(content.profile.links).map(fediverseHandle).find(Boolean);
    return {
      ...config,
      ...(empty.length > 0 ? { emptySections: empty } : {}),
      ...(fediverseCreator ? { fediverseCreator } : {}),
    };
  });

/**
 * Reads and checks all content in one step, so one build reports every problem of every file in
 * one ContentError (only site.yaml comes before): the portfolio, the blog, the GitHub settings and
 * snapshot (read again, with live data, by `githubData`), the posts of the feed site.yaml names (null
 * when the blog is built here), and the portfolio's Markdown, rendered here so a refused link
 * in a writeup is reported beside a project's bad field.
 */
const checkedContent = () =>
  once("content", async () => {
    const config = await siteConfig();
    const problems = new ProblemList();
    const { content: portfolio, refusedProjects } = await readPortfolioContent(config.contentDir, problems);
    const blog = problems.collect(() => loadBlog(config), null);
    const photo = profilePhoto(config, portfolio.profile?.photo, problems.items);
    problems.collect(() => githubSettings(process.env), null);
    problems.collect(() => readSnapshot(snapshotPath(config), config.contentDir), null);
    const feed = config.site.blog.feed ? await problems.collectAsync(() => loadFeedPosts(config), { posts: [] }) : null;
    const { projects, now } = portfolio;
    const markdown = { config, projects, now, refusedProjects, unpublished: blog?.unpublished };
    const portfolioMarkdown = problems.collect(() => renderPortfolioMarkdown(markdown), null);
    if (problems.items.length > 0 || !portfolioMarkdown) throw new ContentError(problems.items);
    return { portfolio, blog, feed, portfolioMarkdown, photo };
  });

export const portfolioContent = async (): Promise<PortfolioContent> => (await checkedContent()).portfolio;

export const githubData = (): Promise<GithubData> =>
  once("github", async () =>
    loadGithubData(await siteConfig(), projectRepositories(await siteConfig(), await portfolioContent())),
  );

export const blogContent = async (): Promise<BlogContent | null> => (await checkedContent()).blog;

/** The blog built here, or null when the owner has none (no content/blog/blog.yaml). */
export const blogModel = (): Promise<BlogModel | null> =>
  once("blog", async () => {
    const content = await blogContent();
    return content ? buildBlogModel(await pageConfig(), content) : null;
  });

export const portfolioModel = (): Promise<PortfolioModel> =>
  once("portfolio", async () => {
    const config = await pageConfig();
    const { portfolio, blog, feed, portfolioMarkdown: markdown, photo } = await checkedContent();
    const github = await githubData();
    // The posts of the feed site.yaml names, or else of this build's own blog.
    const own = feed ? null : await blogModel();
    const posts = feed?.posts ?? (own ? portfolioPosts(own) : []);
    const unpublished = blog?.unpublished;
    const postsNote = feed?.note;
    return buildPortfolioModel({ config, content: portfolio, github, posts, postsNote, unpublished, markdown, photo });
  });
