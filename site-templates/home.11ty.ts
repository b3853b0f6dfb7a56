// The home page: profile, featured projects, domains, latest posts.
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { portfolioKey } from "../src/model/portfolio-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { sitePaths } from "../src/config/site-paths.ts";
import { homePage } from "../src/site/pages/portfolio-pages.ts";

export const { data, render } = pagesTemplate(
  "portfolio",
  (m: PortfolioModel) => [m],
  (m) => sitePaths(m.config).home,
  homePage,
  portfolioKey,
);
