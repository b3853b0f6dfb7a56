// The blog's index and archive pages.
import { sitePaths } from "../src/config/site-paths.ts";
import type { BlogModel } from "../src/blog/blog-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { archivePage, blogIndexPage } from "../src/site/pages/blog-pages.ts";

const pages = [
  { path: (m: BlogModel) => sitePaths(m.config).blog.home, render: blogIndexPage },
  { path: (m: BlogModel) => sitePaths(m.config).blog.archive, render: archivePage },
];

export const { data, render } = pagesTemplate(
  "blog",
  () => pages,
  (m: BlogModel, page) => page.path(m),
  (m: BlogModel, page) => page.render(m),
);
