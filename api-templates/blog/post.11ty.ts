// One JSON file per published post: /blog/api/v1/posts/{slug}.json (full post).
import { blogApi } from "../../src/api/blog/routes.ts";
import type { BlogModel } from "../../src/blog/blog-model.ts";
import type { BlogPost } from "../../src/blog/load-blog.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = paginatedTemplate(
  blogApi,
  "blog",
  "getPost",
  (m: BlogModel) => m.posts,
  (p: BlogPost) => ({ slug: p.slug }),
);
