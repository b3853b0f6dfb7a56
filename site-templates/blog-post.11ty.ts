// One page per published post.
import { sitePaths } from "../src/config/site-paths.ts";
import type { BlogModel } from "../src/blog/blog-model.ts";
import type { BlogPost } from "../src/blog/load-blog.ts";
import { postKey } from "../src/api/blog/output-keys.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { postPage } from "../src/site/pages/blog-pages.ts";

export const { data, render } = pagesTemplate(
  "blog",
  (m: BlogModel) => m.posts,
  (m: BlogModel, p: BlogPost) => sitePaths(m.config).blog.post(p.slug),
  postPage,
  postKey,
);
