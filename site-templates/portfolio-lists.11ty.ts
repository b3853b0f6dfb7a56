// The portfolio's list pages: all projects, now, awards, pull requests.
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { pageUrls } from "../src/site/page-urls.ts";
import { awardsPage, nowPage, projectsPage, pullsPage } from "../src/site/pages/portfolio-pages.ts";

const lists = [
  { url: (m: PortfolioModel) => pageUrls(m.config).projects, render: projectsPage },
  { url: (m: PortfolioModel) => pageUrls(m.config).now, render: nowPage },
  { url: (m: PortfolioModel) => pageUrls(m.config).awards, render: awardsPage },
  { url: (m: PortfolioModel) => pageUrls(m.config).pulls, render: pullsPage },
];

export const { data, render } = pagesTemplate(
  "portfolio",
  () => lists,
  (m: PortfolioModel, list) => list.url(m),
  (m: PortfolioModel, list) => list.render(m),
);
