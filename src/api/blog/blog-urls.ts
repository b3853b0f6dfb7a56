import type { BlogModel } from "../../blog/blog-model.ts";
import { publishedUrl, sitePaths } from "../../config/site-paths.ts";
import { blogPaths } from "./paths.ts";

/**
 * The blog's published URLs, for the API fields and the feeds: its site paths
 * (src/config/site-paths.ts) made absolute. Pages link by path instead. `author` is who every
 * feed, `site.json` and the posts' pages name as the writer: the site's title and home page.
 */
export function blogUrls(model: BlogModel) {
  const { config } = model;
  const paths = sitePaths(config);
  const url = (path: string) => publishedUrl(config, path);
  const api = (template: string, params: Record<string, string> = {}) => url(paths.blogApi(template, params));
  return {
    author: { name: config.site.title, url: url(paths.home) },
    home: url(paths.blog.home),
    post: (slug: string) => url(paths.blog.post(slug)),
    tag: (slug: string) => url(paths.blog.tag(slug)),
    apiDocs: url(paths.blog.apiDocs),
    api,
    postApi: (slug: string) => api(blogPaths.post, { slug }),
    tagApi: (slug: string) => api(blogPaths.tag, { tag: slug }),
    rss: api(blogPaths.rss),
    jsonFeed: api(blogPaths.jsonFeed),
    atom: api(blogPaths.atom),
    tagAtom: (slug: string) => api(blogPaths.tagAtom, { tag: slug }),
  };
}
