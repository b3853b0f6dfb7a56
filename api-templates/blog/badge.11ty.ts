// One badge per blog metric: /blog/api/v1/badges/{metric}.json (no envelope).
import { blogBadges } from "../../src/api/blog/badges.ts";
import { blogApi } from "../../src/api/blog/routes.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = paginatedTemplate(
  blogApi,
  "blog",
  "getBadge",
  () => Object.keys(blogBadges),
  (metric: string) => ({ metric }),
);
