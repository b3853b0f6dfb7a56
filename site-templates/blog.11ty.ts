// The blog's index and archive pages.
import { blogUrls } from "../src/api/blog/blog-urls.ts";
import type { BlogModel } from "../src/blog/blog-model.ts";
import { pagesTemplate } from "../src/eleventy/page-templates.ts";
import { archivePage, blogIndexPage } from "../src/site/pages/blog-pages.ts";

const pages = [
  { url: (m: BlogModel) => blogUrls(m).home, render: blogIndexPage },
  { url: (m: BlogModel) => blogUrls(m).archive, render: archivePage },
];

export const { data, render } = pagesTemplate(
  "blog",
  () => pages,
  (m: BlogModel, page) => page.url(m),
  (m: BlogModel, page) => page.render(m),
);
