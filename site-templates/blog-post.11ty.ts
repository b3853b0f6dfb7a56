// One page per published post.
import { blogUrls } from "../src/api/blog/blog-urls.ts";
import type { BlogModel } from "../src/blog/blog-model.ts";
import type { BlogPost } from "../src/blog/load-blog.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { postPage } from "../src/site/pages/blog-pages.ts";

export const { data, render } = pagesTemplate(
  "blog",
  (m: BlogModel) => m.posts,
  (m: BlogModel, p: BlogPost) => blogUrls(m).post(p.slug),
  postPage,
);
