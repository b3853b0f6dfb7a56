// One page per project: writeup, facts, links, related projects.
import type { PortfolioModel, Project } from "../src/model/portfolio-model.ts";
import { portfolioKey } from "../src/model/portfolio-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { sitePaths } from "../src/config/site-paths.ts";
import { projectPage } from "../src/site/pages/portfolio-pages.ts";

export const { data, render } = pagesTemplate(
  "portfolio",
  (m: PortfolioModel) => m.projects,
  (m: PortfolioModel, p: Project) => sitePaths(m.config).project(p.name),
  projectPage,
  portfolioKey,
);
