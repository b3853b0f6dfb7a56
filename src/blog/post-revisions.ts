import type { BlogModel, BlogTag } from "./blog-model.ts";
import type { BlogPost } from "./load-blog.ts";
import { revisionOf } from "../util/revisions.ts";

/*
 * Under `npm start`, the keys by which a post's page and files, and a tag's, are kept unrendered
 * (src/util/revisions.ts): the revisions of what each reads. A post's revision changes when
 * anything in its object does; the blog's, when anything every page reads besides the posts
 * does (the configuration but for the build's time, blog.yaml, the history's state).
 */

const blogRevision = (model: BlogModel): number => {
  const { buildTime: _, ...config } = model.config;
  return revisionOf("blog", model, [config, model.settings, model.historyUnavailable]);
};
const postRevision = (post: BlogPost | null | undefined): number | string =>
  post ? revisionOf(`post ${post.slug}`, post) : "-";

/** The key of a post's page and file: the blog, the post, its neighbours and related posts. */
export function postKey(model: BlogModel, post: BlogPost): string {
  const read = [post, model.older.get(post.slug), model.newer.get(post.slug), ...(model.related.get(post.slug) ?? [])];
  return `${blogRevision(model)}:${read.map(postRevision).join(",")}`;
}

/** The key of a tag's page and files: the blog, the tag's name and its posts. */
export function tagKey(model: BlogModel, tag: BlogTag): string {
  return `${blogRevision(model)}:${JSON.stringify(tag.name)}:${tag.posts.map(postRevision).join(",")}`;
}
