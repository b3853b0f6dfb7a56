// One JSON file per domain: /api/v1/clusters/{id}.json (ClusterDetail).
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";
import type { Domain, PortfolioModel } from "../../src/model/portfolio-model.ts";

export const { data, render } = paginatedTemplate(
  portfolioApi,
  "portfolio",
  "getCluster",
  (m: PortfolioModel) => m.domains,
  (d: Domain) => ({ id: d.id }),
);
