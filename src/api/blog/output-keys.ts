import type { BlogModel, BlogTag } from "../../blog/blog-model.ts";
import type { BlogPost } from "../../blog/load-blog.ts";
import { revisionOf } from "../../util/revisions.ts";
import { postRef } from "./resources.ts";

/*
 * Under `npm start`, the keys by which the blog's files are kept unrendered (src/util/revisions.ts):
 * the revisions of what each reads. A post's revision changes when anything in its object does;
 * its reference's, when what a list shows of it does (`postRef`: slug, title, URLs, date); the
 * blog's, when anything every file reads besides the posts does (the configuration but for the
 * build's time, blog.yaml, the history's state). A file without a key is rendered and compared.
 */

const blogRevision = (model: BlogModel): number => {
  const { buildTime: _, ...config } = model.config;
  return revisionOf("blog", model, [config, model.settings, model.historyUnavailable]);
};
const postRevision = (post: BlogPost): number => revisionOf(`post ${post.slug}`, post);
const refRevision = (model: BlogModel, post: BlogPost | null | undefined): number | string =>
  post ? revisionOf(`ref ${post.slug}`, postRef(model, post)) : "-";

/** The key of a post's page and file: the blog, the post, its neighbours' and related posts' references. */
export function postKey(model: BlogModel, post: BlogPost): string {
  const refs = [model.older.get(post.slug), model.newer.get(post.slug), ...(model.related.get(post.slug) ?? [])];
  return `${blogRevision(model)}:${postRevision(post)}:${refs.map((other) => refRevision(model, other)).join(",")}`;
}

/** The key of a tag's page and files: the blog, the tag's name and its posts. */
export function tagKey(model: BlogModel, tag: BlogTag): string {
  return `${blogRevision(model)}:${JSON.stringify(tag.name)}:${tag.posts.map(postRevision).join(",")}`;
}

/** The key of the archive and the list of tags: the blog, each tag's name and every post's reference. */
export function referencesKey(model: BlogModel): string {
  const tags = model.tags.map((tag) => JSON.stringify([tag.name, tag.slug, tag.posts.map((post) => post.slug)]));
  return `${blogRevision(model)}:${model.posts.map((post) => refRevision(model, post)).join(",")}:${tags.join(";")}`;
}
