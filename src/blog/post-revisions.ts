import { DateTime } from "luxon";
import type { BlogModel, BlogTag } from "./blog-model.ts";
import type { BlogPost } from "./load-blog.ts";

/*
 * Under `npm start`, the keys by which a post's page and files, and a tag's, are known unchanged
 * without rendering them (src/eleventy/paginated-output.ts): each names the revisions of what
 * the output reads. A post's revision changes when anything in its object does, found by
 * comparing it with the last build's post of the same slug; the blog's, when anything every page
 * reads besides the posts does (the configuration but for the build's time, blog.yaml, the
 * history's state). A revision is never given twice, so an equal key means equal inputs.
 */

let lastPosts = new Map<string, { post: BlogPost; revision: number }>();
let lastBlog = { text: "", revision: 0 };
let counter = 0;
const revisions = new WeakMap<BlogModel, { blog: number; posts: Map<BlogPost, number> }>();

/** Whether two values of a post are the same: plain data deeply, a luxon DateTime by instant, zone and locale. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (DateTime.isDateTime(a)) return DateTime.isDateTime(b) && a.equals(b);
  if (a instanceof Map)
    return (
      b instanceof Map && a.size === b.size && [...a].every(([key, value]) => b.has(key) && same(value, b.get(key)))
    );
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((value, i) => same(value, b[i]));
  // An object of any other class is taken as changed: its fields may not say all it holds.
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && same(x[key], y[key]));
}

/** The model's revisions, found once per model against the last model asked for. */
function revisionsOf(model: BlogModel) {
  let found = revisions.get(model);
  if (found) return found;
  const { buildTime: _, ...config } = model.config;
  const text = JSON.stringify([config, model.settings, model.historyUnavailable]);
  const blog = text === lastBlog.text ? lastBlog.revision : ++counter;
  lastBlog = { text, revision: blog };
  const posts = new Map<BlogPost, number>();
  const next = new Map<string, { post: BlogPost; revision: number }>();
  for (const post of model.posts) {
    const last = lastPosts.get(post.slug);
    const revision = last && same(last.post, post) ? last.revision : ++counter;
    posts.set(post, revision);
    next.set(post.slug, { post, revision });
  }
  lastPosts = next;
  found = { blog, posts };
  revisions.set(model, found);
  return found;
}

/** The key of a post's page and file: the blog, the post, its neighbours and related posts. */
export function postKey(model: BlogModel, post: BlogPost): string {
  const { blog, posts } = revisionsOf(model);
  const read = [post, model.older.get(post.slug), model.newer.get(post.slug), ...(model.related.get(post.slug) ?? [])];
  return `${blog}:${read.map((other) => (other ? posts.get(other) : "-")).join(",")}`;
}

/** The key of a tag's page and files: the blog, the tag's name and its posts. */
export function tagKey(model: BlogModel, tag: BlogTag): string {
  const { blog, posts } = revisionsOf(model);
  return `${blog}:${JSON.stringify(tag.name)}:${tag.posts.map((post) => posts.get(post)).join(",")}`;
}
