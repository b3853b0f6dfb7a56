// One JSON file per tag: /blog/api/v1/tags/{tag}.json (the tag with its post summaries).
import { blogApi } from "../../src/api/blog/routes.ts";
import type { BlogModel, BlogTag } from "../../src/blog/blog-model.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = paginatedTemplate(
  blogApi,
  "blog",
  "getTag",
  (m: BlogModel) => m.tags,
  (t: BlogTag) => ({ tag: t.slug }),
);
