// One JSON file per project: /api/v1/projects/{name}.json (ProjectDetail).
import type { PortfolioModel, Project } from "../../src/model/portfolio-model.ts";
import { renderRouteFile, routePermalink } from "../../src/api/render-file.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";

interface Data {
  portfolio: PortfolioModel;
  project: Project;
}

export const data = {
  pagination: { data: "portfolio.projects", size: 1, alias: "project" },
  permalink: (d: Data) => routePermalink(portfolioApi, "getProject", { name: d.project.name }),
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  return renderRouteFile(portfolioApi, d.portfolio, "getProject", { name: d.project.name });
}
