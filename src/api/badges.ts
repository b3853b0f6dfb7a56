import { Badge } from "../schemas/common.ts";
import type { Route } from "./route.ts";

/** Each badge of an API, by metric: its label, message and colour from the model's stats. */
export type BadgeTable<S> = Readonly<Record<string, (stats: S) => [string, string, string]>>;

/** One badge in the badge-service endpoint shape: exactly its four keys, a non-empty message. */
export function badgeOf<S>(table: BadgeTable<S>, stats: S, metric: string): Badge {
  const make = table[metric];
  if (!make) throw new Error(`No badge ${metric}`);
  const [label, message, color] = make(stats);
  return { schemaVersion: 1, label, message: message || "none", color };
}

/** An API's badge route: one file per metric of `table`, no envelope. */
export function badgeRoute<S, M extends { stats: S }>(
  path: string,
  table: BadgeTable<S>,
  description: string,
): Route<M> {
  return {
    id: "getBadge",
    path,
    group: "badges",
    body: "raw",
    schema: Badge,
    summary: "A badge for a badge service",
    description,
    param: { name: "metric", description: "What the badge shows", values: () => Object.keys(table) },
    build: (model, params) => badgeOf(table, model.stats, params.metric ?? ""),
  };
}
