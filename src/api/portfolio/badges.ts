import type { Badge } from "../../schemas/common.ts";
import type { PortfolioModel } from "../../model/portfolio-model.ts";
import { countOf } from "../../util/plural.ts";

/** The badge metrics of the portfolio API, in the order the index lists them. */
export const badgeMetrics = ["catalog", "projects", "domains", "stars", "pulls", "merged", "posts"] as const;
export type BadgeMetric = (typeof badgeMetrics)[number];

/** One badge in the badge-service endpoint shape: exactly its four keys, a non-empty message. */
export function badge(model: PortfolioModel, metric: BadgeMetric): Badge {
  const s = model.stats;
  const make = (label: string, message: string, color: string): Badge => ({ schemaVersion: 1, label, message, color });
  switch (metric) {
    case "catalog":
      return make(
        "catalog",
        `${countOf(s.projects, "project", "projects")} · ${countOf(s.domains, "domain", "domains")}`,
        "blue",
      );
    case "projects":
      return make("projects", String(s.projects), "blue");
    case "domains":
      return make("domains", String(s.domains), "blueviolet");
    case "stars":
      return make("stars", String(s.starsTotal), "yellow");
    case "pulls":
      return make("pull requests", String(s.pulls.count), "orange");
    case "merged":
      return make("merged upstream", String(s.pulls.merged), "brightgreen");
    case "posts":
      return make("posts", String(s.posts), "informational");
  }
}
