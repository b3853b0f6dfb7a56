// The portfolio's list pages: all projects, now, awards, pull requests.
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { sitePaths } from "../src/config/site-paths.ts";
import { awardsPage, nowPage, projectsPage, pullsPage } from "../src/site/pages/portfolio-pages.ts";

const lists = [
  { path: (m: PortfolioModel) => sitePaths(m.config).projects, render: projectsPage },
  { path: (m: PortfolioModel) => sitePaths(m.config).now, render: nowPage },
  { path: (m: PortfolioModel) => sitePaths(m.config).awards, render: awardsPage },
  { path: (m: PortfolioModel) => sitePaths(m.config).pulls, render: pullsPage },
];

export const { data, render } = pagesTemplate(
  "portfolio",
  () => lists,
  (m: PortfolioModel, list) => list.path(m),
  (m: PortfolioModel, list) => list.render(m),
);
