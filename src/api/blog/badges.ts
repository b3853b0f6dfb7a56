import type { BlogModel } from "../../blog/blog-model.ts";
import type { Badge } from "../../schemas/common.ts";

const MAX_TITLE = 60;

/** Each badge of the blog API: its label, message and colour. */
const BADGES = {
  posts: (s) => ["posts", String(s.posts), "blue"],
  words: (s) => ["words", String(s.words), "informational"],
  latest: (s) => ["latest post", s.latest ? shorten(s.latest.title) : "none yet", "orange"],
  updated: (s) => ["updated", s.latest?.published.toISODate() ?? "never", "brightgreen"],
} satisfies Record<string, (stats: BlogModel["stats"]) => [string, string, string]>;

export type BlogBadgeMetric = keyof typeof BADGES;
/** The blog's badge metrics. */
export const blogBadgeMetrics = Object.keys(BADGES) as BlogBadgeMetric[];

/** One badge in the badge-service endpoint shape; the message is never empty. */
export function blogBadge(model: BlogModel, metric: BlogBadgeMetric): Badge {
  const [label, message, color] = BADGES[metric](model.stats);
  return { schemaVersion: 1, label, message: message || "none", color };
}

function shorten(title: string): string {
  return title.length <= MAX_TITLE ? title : `${title.slice(0, MAX_TITLE - 1).trimEnd()}…`;
}
