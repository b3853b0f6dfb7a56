// One page per domain with its projects.
import type { Domain, PortfolioModel } from "../src/model/portfolio-model.ts";
import { portfolioKey } from "../src/model/portfolio-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { sitePaths } from "../src/config/site-paths.ts";
import { domainPage } from "../src/site/pages/portfolio-pages.ts";

export const { data, render } = pagesTemplate(
  "portfolio",
  (m: PortfolioModel) => m.domains,
  (m: PortfolioModel, d: Domain) => sitePaths(m.config).domain(d.id),
  domainPage,
  portfolioKey,
);
