import { readSiteConfig, type SiteConfig } from "../config/site-config.ts";
import { loadPortfolioContent, type PortfolioContent } from "../content/load-portfolio-content.ts";
import type { GithubData } from "../github/github-data.ts";
import { loadFeedPosts, loadPortfolioGithub } from "../model/load-portfolio.ts";
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

export const portfolioModel = (): Promise<PortfolioModel> =>
  once("portfolio", async () => {
    const config = await siteConfig();
    return buildPortfolioModel({
      config,
      content: await portfolioContent(),
      github: await githubData(),
      posts: await loadFeedPosts(config),
    });
  });
