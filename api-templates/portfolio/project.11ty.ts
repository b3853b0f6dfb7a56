// One JSON file per project: /api/v1/projects/{name}.json (ProjectDetail).
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";
import type { PortfolioModel, Project } from "../../src/model/portfolio-model.ts";

export const { data, render } = paginatedTemplate(
  portfolioApi,
  "portfolio",
  "getProject",
  (m: PortfolioModel) => m.projects,
  (p: Project) => ({ name: p.name }),
);
