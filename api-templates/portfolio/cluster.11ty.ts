// One JSON file per domain: /api/v1/clusters/{id}.json (ClusterDetail).
import type { Domain, PortfolioModel } from "../../src/model/portfolio-model.ts";
import { renderRouteFile, routePermalink } from "../../src/api/render-file.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";

interface Data {
  portfolio: PortfolioModel;
  domain: Domain;
}

export const data = {
  pagination: { data: "portfolio.domains", size: 1, alias: "domain" },
  permalink: (d: Data) => routePermalink(portfolioApi, "getCluster", { id: d.domain.id }),
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  return renderRouteFile(portfolioApi, d.portfolio, "getCluster", { id: d.domain.id });
}
