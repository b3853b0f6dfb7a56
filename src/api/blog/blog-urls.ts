import type { BlogModel } from "../../blog/blog-model.ts";
import { fillPath } from "../route.ts";
import { BLOG_ROOT, blogPaths } from "./paths.ts";

/** The blog's page URLs and its API file URLs: the one place that forms them. */
export function blogUrls(model: BlogModel) {
  const home = model.blogUrl;
  const api = (path: string, params: Record<string, string> = {}) =>
    model.config.baseUrl + BLOG_ROOT + fillPath(path, params);
  return {
    home,
    post: (slug: string) => `${home}posts/${encodeURIComponent(slug)}/`,
    tag: (slug: string) => `${home}tags/${encodeURIComponent(slug)}/`,
    archive: `${home}archive/`,
    apiDocs: `${home}docs/api/`,
    api,
    postApi: (slug: string) => api(blogPaths.post, { slug }),
    tagApi: (slug: string) => api(blogPaths.tag, { tag: slug }),
    rss: api(blogPaths.rss),
    jsonFeed: api(blogPaths.jsonFeed),
  };
}
