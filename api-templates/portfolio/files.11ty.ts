// Writes every portfolio API file without path parameters (index, lists, stats, openapi.json, pgp.asc, cards).
import type { PortfolioModel } from "../../src/model/portfolio-model.ts";
import { renderRouteFile, routePermalink } from "../../src/api/render-file.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { routeById } from "../../src/api/route.ts";

interface Data {
  portfolio: PortfolioModel;
  routeId: string;
}

export const data = {
  portfolioRouteIds: portfolioApi.routes.filter((route) => !route.params).map((route) => route.id),
  pagination: {
    data: "portfolioRouteIds",
    size: 1,
    alias: "routeId",
    before: (ids: string[], full: Data) => ids.filter((id) => routeById(portfolioApi, id).available?.(full.portfolio) ?? true),
  },
  permalink: (d: Data) => routePermalink(portfolioApi, d.routeId),
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  return renderRouteFile(portfolioApi, d.portfolio, d.routeId);
}
