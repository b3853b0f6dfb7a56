// One badge per metric for badge services: /api/v1/badges/{metric}.json (no envelope).
import type { PortfolioModel } from "../../src/model/portfolio-model.ts";
import { renderRouteFile, routePermalink } from "../../src/api/render-file.ts";
import { badgeMetrics } from "../../src/api/portfolio/badges.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";

interface Data {
  portfolio: PortfolioModel;
  metric: string;
}

export const data = {
  badgeMetrics: [...badgeMetrics],
  pagination: { data: "badgeMetrics", size: 1, alias: "metric" },
  permalink: (d: Data) => routePermalink(portfolioApi, "getBadge", { metric: d.metric }),
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  return renderRouteFile(portfolioApi, d.portfolio, "getBadge", { metric: d.metric });
}
