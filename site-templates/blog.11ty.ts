// The blog's index and archive pages.
import { sitePaths } from "../src/config/site-paths.ts";
import type { BlogModel } from "../src/blog/blog-model.ts";
import { referencesKey } from "../src/api/blog/output-keys.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { archivePage, blogIndexPage } from "../src/site/pages/blog-pages.ts";

// The index shows each post's summary and reading time; the archive, what a list shows of it.
const pages = [
  { path: (m: BlogModel) => sitePaths(m.config).blog.home, render: blogIndexPage, key: undefined },
  { path: (m: BlogModel) => sitePaths(m.config).blog.archive, render: archivePage, key: referencesKey },
];

export const { data, render } = pagesTemplate(
  "blog",
  () => pages,
  (m: BlogModel, page) => page.path(m),
  (m: BlogModel, page) => page.render(m),
  (m: BlogModel, page) => page.key?.(m),
);
