import type { SiteConfig } from "../config/site-config.ts";
import { rebasedUrl } from "../config/site-paths.ts";
import { byText } from "../util/order.ts";
import { RELATED_CANDIDATES, RELATED_POSTS } from "../schemas/blog/posts.ts";
import type { BlogFile } from "./blog-content-schemas.ts";
import type { BlogContent, BlogPost } from "./load-blog.ts";
import type { PostTag } from "./post-tags.ts";

/** A tag with its posts, newest first. */
export type BlogTag = PostTag & { posts: BlogPost[] };

/** The blog as plain objects in published order, every derived figure computed once. */
export interface BlogModel {
  config: SiteConfig;
  settings: BlogFile;
  /** Published posts, newest first. */
  posts: BlogPost[];
  postBySlug: ReadonlyMap<string, BlogPost>;
  older: ReadonlyMap<string, BlogPost | null>;
  newer: ReadonlyMap<string, BlogPost | null>;
  /** By slug: up to RELATED_POSTS others with a tag in common (relatedPosts). */
  related: ReadonlyMap<string, BlogPost[]>;
  /** Most used first, then by slug. */
  tags: BlogTag[];
  tagBySlug: ReadonlyMap<string, BlogTag>;
  /** Newest year first, newest month first. */
  archive: { year: number; months: { month: number; posts: BlogPost[] }[] }[];
  stats: {
    posts: number;
    words: number;
    readingMinutes: number;
    tags: number;
    codeBlocks: number;
    /** Code block languages, most used first (`null` = no language given). */
    codeLanguages: { language: string | null; count: number }[];
    images: number;
    first: BlogPost | null;
    latest: BlogPost | null;
    lastUpdated: BlogPost | null;
    perYear: { year: number; posts: number; words: number }[];
  };
  historyUnavailable: string | null;
}

const newestFirst = (a: BlogPost, b: BlogPost): number =>
  b.published.toMillis() - a.published.toMillis() || byText(a.slug, b.slug);

/** Builds the blog model in one pass over the posts (plus sorting). */
export function buildBlogModel(config: SiteConfig, content: BlogContent): BlogModel {
  const posts = [...content.posts].sort(newestFirst);
  const tagMap = new Map<string, BlogTag>();
  const languages = new Map<string | null, number>();
  let lastUpdated: BlogPost | null = null;
  for (const post of posts) {
    for (const tag of post.tags) {
      // The newest post's spelling of a tag names it; posts are visited newest first.
      const entry = tagMap.get(tag.slug) ?? { name: tag.name, slug: tag.slug, posts: [] };
      entry.posts.push(post);
      tagMap.set(tag.slug, entry);
    }
    for (const language of post.codeLanguages) languages.set(language, (languages.get(language) ?? 0) + 1);
    if (!lastUpdated || post.updated > lastUpdated.updated) lastUpdated = post;
  }
  const tags = [...tagMap.values()].sort((a, b) => b.posts.length - a.posts.length || byText(a.slug, b.slug));
  const years = [...Map.groupBy(posts, (post) => post.published.year)].sort(([a], [b]) => b - a);
  const archive = years.map(([year, inYear]) => ({
    year,
    months: [...Map.groupBy(inYear, (post) => post.published.month)]
      .sort(([a], [b]) => b - a)
      .map(([month, list]) => ({ month, posts: list })),
  }));

  return {
    config,
    // Its links to the site's canonical address are this build's pages (`rebasedUrl`).
    settings: {
      ...content.settings,
      links: content.settings.links?.map((link) => ({ ...link, url: rebasedUrl(config, link.url) })),
    },
    posts,
    postBySlug: new Map(posts.map((post) => [post.slug, post])),
    older: new Map(posts.map((post, index) => [post.slug, posts[index + 1] ?? null])),
    newer: new Map(posts.map((post, index) => [post.slug, posts[index - 1] ?? null])),
    related: relatedPosts(posts, tagMap),
    tags,
    tagBySlug: new Map(tags.map((tag) => [tag.slug, tag])),
    archive,
    stats: {
      posts: posts.length,
      words: wordsOf(posts),
      readingMinutes: posts.reduce((sum, post) => sum + post.readingMinutes, 0),
      tags: tags.length,
      codeBlocks: [...languages.values()].reduce((sum, count) => sum + count, 0),
      codeLanguages: [...languages.entries()]
        .map(([language, count]) => ({ language, count }))
        .sort((a, b) => b.count - a.count || byText(a.language ?? "", b.language ?? "")),
      images: posts.reduce((sum, post) => sum + post.images.length, 0),
      first: posts[posts.length - 1] ?? null,
      latest: posts[0] ?? null,
      lastUpdated,
      perYear: years.map(([year, inYear]) => ({ year, posts: inYear.length, words: wordsOf(inYear) })),
    },
    historyUnavailable: content.historyUnavailable,
  };
}

const wordsOf = (posts: readonly BlogPost[]) => posts.reduce((sum, post) => sum + post.wordCount, 0);

/**
 * For each post, up to RELATED_POSTS others sharing a tag: most tags in common first, then the
 * earlier place in `posts` (newest first, ties by slug), among each of its tags' newest
 * RELATED_CANDIDATES posts. Drafts are never related. Only those candidates are read: counting
 * every post of each tag was a square (20,000 posts with three of twenty tags: 5 s; 8,000 with
 * all twenty: 7 s), and no rule ranking by tags in common finds the best of all without that.
 */
function relatedPosts(posts: readonly BlogPost[], tagMap: ReadonlyMap<string, BlogTag>): Map<string, BlogPost[]> {
  // Posts and tags by number: a post's place in `posts` (its rank among equals), a tag's in `tagMap`.
  const place = new Map(posts.map((post, index) => [post, index]));
  const tagNumber = new Map([...tagMap.keys()].map((slug, index) => [slug, index]));
  const tagsOf = posts.map((post) => post.tags.map((tag) => tagNumber.get(tag.slug) ?? 0));
  const newest = [...tagMap.values()].map((tag) =>
    tag.posts
      .filter((p) => !p.draft)
      .slice(0, RELATED_CANDIDATES)
      .map((p) => place.get(p) ?? 0),
  );
  // Per post, in arrays reset after it: its tags, and each candidate's tags in common with it (0: none seen).
  const mine = new Uint8Array(tagMap.size);
  const shared = new Uint8Array(posts.length);
  const seen = new Int32Array(posts.length);
  // Above zero when the post at `a` ranks above the one at `b`: more tags in common, or as many and newer.
  const above = (a: number, b: number) => (shared[a] ?? 0) - (shared[b] ?? 0) || b - a;
  return new Map(
    posts.map((post, index) => {
      const own = tagsOf[index] ?? [];
      for (const tag of own) mine[tag] = 1;
      let count = 0;
      for (const tag of own)
        for (const other of newest[tag] ?? []) {
          if (other === index || shared[other]) continue;
          for (const its of tagsOf[other] ?? []) shared[other] = (shared[other] ?? 0) + (mine[its] ?? 0);
          seen[count++] = other;
        }
      const best: number[] = [];
      for (const other of seen.subarray(0, count)) {
        if (best.length === RELATED_POSTS && above(other, best[RELATED_POSTS - 1] ?? 0) < 0) continue;
        let at = best.length;
        while (at > 0 && above(other, best[at - 1] ?? 0) > 0) at -= 1;
        best.splice(at, 0, other);
        if (best.length > RELATED_POSTS) best.pop();
      }
      for (const other of seen.subarray(0, count)) shared[other] = 0;
      for (const tag of own) mine[tag] = 0;
      return [post.slug, best.flatMap((i) => posts[i] ?? [])];
    }),
  );
}
