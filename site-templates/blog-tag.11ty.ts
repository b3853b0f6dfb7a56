// One page per tag with its posts.
import { sitePaths } from "../src/config/site-paths.ts";
import type { BlogModel, BlogTag } from "../src/blog/blog-model.ts";
import { tagKey } from "../src/api/blog/output-keys.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { tagPage } from "../src/site/pages/blog-pages.ts";

export const { data, render } = pagesTemplate(
  "blog",
  (m: BlogModel) => m.tags,
  (m: BlogModel, t: BlogTag) => sitePaths(m.config).blog.tag(t.slug),
  tagPage,
  tagKey,
);
