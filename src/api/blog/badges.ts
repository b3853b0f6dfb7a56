import type { BlogModel } from "../../blog/blog-model.ts";
import type { Badge } from "../../schemas/common.ts";

/** The blog's badge metrics. */
export const blogBadgeMetrics = ["posts", "words", "latest", "updated"] as const;
export type BlogBadgeMetric = (typeof blogBadgeMetrics)[number];

const MAX_TITLE = 60;

/** One badge in the badge-service endpoint shape; the message is never empty. */
export function blogBadge(model: BlogModel, metric: BlogBadgeMetric): Badge {
  const make = (label: string, message: string, color: string): Badge => ({
    schemaVersion: 1,
    label,
    message: message || "none",
    color,
  });
  const latest = model.stats.latest;
  switch (metric) {
    case "posts":
      return make("posts", String(model.stats.posts), "blue");
    case "words":
      return make("words", String(model.stats.words), "informational");
    case "latest":
      return make("latest post", latest ? shorten(latest.title) : "none yet", "orange");
    case "updated":
      return make("updated", latest?.published.toISODate() ?? "never", "brightgreen");
  }
}

function shorten(title: string): string {
  return title.length <= MAX_TITLE ? title : `${title.slice(0, MAX_TITLE - 1).trimEnd()}…`;
}
