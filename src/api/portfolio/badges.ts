import type { PortfolioStats } from "../../model/portfolio-model.ts";
import { countOf } from "../../util/plural.ts";
import type { BadgeTable } from "../badges.ts";

/** Each badge of the portfolio API, in the order the index lists them: its label, message and colour. */
export const portfolioBadges: BadgeTable<PortfolioStats> = {
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
};
