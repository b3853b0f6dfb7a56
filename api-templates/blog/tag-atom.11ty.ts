// One Atom feed per tag: /blog/tags/{tag}/atom.xml (the tag's posts, newest first).
import { blogApi } from "../../src/api/blog/routes.ts";
import type { BlogModel, BlogTag } from "../../src/blog/blog-model.ts";
import { publishes } from "../../src/config/site-config.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = paginatedTemplate(
  blogApi,
  "blog",
  "getTagAtom",
  // None when site.yaml leaves the Atom feeds out.
  (m: BlogModel) => (publishes(m.config, "atom") ? m.tags : []),
  (t: BlogTag) => ({ tag: t.slug }),
);
