// One page per project: writeup, facts, links, related projects.
import type { PortfolioModel, Project } from "../src/model/portfolio-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { pageUrls } from "../src/site/page-urls.ts";
import { projectPage } from "../src/site/pages/portfolio-pages.ts";

export const { data, render } = pagesTemplate(
  "portfolio",
  (m: PortfolioModel) => m.projects,
  (m: PortfolioModel, p: Project) => pageUrls(m.config).project(p.name),
  projectPage,
);
