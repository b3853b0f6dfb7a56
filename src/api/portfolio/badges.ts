import type { Badge } from "../../schemas/common.ts";
import type { PortfolioModel, PortfolioStats } from "../../model/portfolio-model.ts";
import { countOf } from "../../util/plural.ts";

/** Each badge of the portfolio API: its label, message and colour. */
const BADGES = {
  catalog: (s) => [
    "catalog",
    `${countOf(s.projects, "project", "projects")} · ${countOf(s.domains, "domain", "domains")}`,
    "blue",
  ],
  projects: (s) => ["projects", String(s.projects), "blue"],
  domains: (s) => ["domains", String(s.domains), "blueviolet"],
  stars: (s) => ["stars", String(s.starsTotal), "yellow"],
  pulls: (s) => ["pull requests", String(s.pulls.count), "orange"],
  merged: (s) => ["merged upstream", String(s.pulls.merged), "brightgreen"],
  posts: (s) => ["posts", String(s.posts), "informational"],
} satisfies Record<string, (stats: PortfolioStats) => [string, string, string]>;

export type BadgeMetric = keyof typeof BADGES;
/** The badge metrics of the portfolio API, in the order the index lists them. */
export const badgeMetrics = Object.keys(BADGES) as BadgeMetric[];

/** One badge in the badge-service endpoint shape: exactly its four keys, a non-empty message. */
export function badge(model: PortfolioModel, metric: BadgeMetric): Badge {
  const [label, message, color] = BADGES[metric](model.stats);
  return { schemaVersion: 1, label, message, color };
}
