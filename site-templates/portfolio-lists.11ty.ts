// The portfolio's list pages: all projects, now, awards, pull requests.
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { portfolioKey } from "../src/model/portfolio-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { sitePaths } from "../src/config/site-paths.ts";
import { shows } from "../src/config/site-config.ts";
import { awardsPage, nowPage, projectsPage, pullsPage } from "../src/site/pages/portfolio-pages.ts";

const lists = [
  { path: (m: PortfolioModel) => sitePaths(m.config).projects, render: projectsPage },
  { path: (m: PortfolioModel) => sitePaths(m.config).now, render: nowPage },
  { path: (m: PortfolioModel) => sitePaths(m.config).awards, render: awardsPage, section: "awards" as const },
  { path: (m: PortfolioModel) => sitePaths(m.config).pulls, render: pullsPage, section: "pulls" as const },
];

// A section with nothing to show has no page (SiteConfig.emptySections).
export const { data, render } = pagesTemplate(
  "portfolio",
  (m: PortfolioModel) => lists.filter((list) => !list.section || shows(m.config, list.section)),
  (m: PortfolioModel, list) => list.path(m),
  (m: PortfolioModel, list) => list.render(m),
  portfolioKey,
);
