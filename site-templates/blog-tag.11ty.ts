// One page per tag with its posts.
import { blogUrls } from "../src/api/blog/blog-urls.ts";
import type { BlogModel, BlogTag } from "../src/blog/blog-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { tagPage } from "../src/site/pages/blog-pages.ts";

export const { data, render } = pagesTemplate(
  "blog",
  (m: BlogModel) => m.tags,
  (m: BlogModel, t: BlogTag) => blogUrls(m).tag(t.slug),
  tagPage,
);
