// One badge per metric for badge services: /api/v1/badges/{metric}.json (no envelope).
import { portfolioBadges } from "../../src/api/portfolio/badges.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = paginatedTemplate(
  portfolioApi,
  "portfolio",
  "getBadge",
  () => Object.keys(portfolioBadges),
  (metric: string) => ({ metric }),
);
