import type { SiteConfig } from "../config/site-config.ts";
import { rebasedUrl } from "../config/site-paths.ts";
import { byText, chain } from "../util/order.ts";
import type { BlogFile } from "./blog-content-schemas.ts";
import type { BlogContent, BlogPost } from "./load-blog.ts";

export interface BlogTag {
  name: string;
  slug: string;
  /** Newest first. */
  posts: BlogPost[];
}

export interface ArchiveMonth {
  month: number;
  posts: BlogPost[];
}

export interface ArchiveYear {
  year: number;
  months: ArchiveMonth[];
}

export interface BlogStats {
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
}

/** The blog as plain objects in published order, every derived figure computed once. */
export interface BlogModel {
  config: SiteConfig;
  settings: BlogFile;
  /** Published posts, newest first. */
  posts: BlogPost[];
  postBySlug: ReadonlyMap<string, BlogPost>;
  older: ReadonlyMap<string, BlogPost | null>;
  newer: ReadonlyMap<string, BlogPost | null>;
  /** Most used first, then by slug. */
  tags: BlogTag[];
  tagBySlug: ReadonlyMap<string, BlogTag>;
  /** Newest year first, newest month first. */
  archive: ArchiveYear[];
  stats: BlogStats;
  historyUnavailable: string | null;
}

const newestFirst = chain<BlogPost>(
  (a, b) => b.published.toMillis() - a.published.toMillis(),
  (a, b) => byText(a.slug, b.slug),
);

/** Builds the blog model in one pass over the posts (plus sorting). */
export function buildBlogModel(config: SiteConfig, content: BlogContent): BlogModel {
  const posts = [...content.posts].sort(newestFirst);
  const older = new Map<string, BlogPost | null>();
  const newer = new Map<string, BlogPost | null>();
  const tagMap = new Map<string, BlogTag>();
  const archiveMap = new Map<number, Map<number, BlogPost[]>>();
  const languages = new Map<string | null, number>();
  const years = new Map<number, { posts: number; words: number }>();
  let lastUpdated: BlogPost | null = null;
  for (const [index, post] of posts.entries()) {
    newer.set(post.slug, posts[index - 1] ?? null);
    older.set(post.slug, posts[index + 1] ?? null);
    for (const tag of post.tags) {
      // The newest post's spelling of a tag names it; posts are visited newest first.
      const entry = tagMap.get(tag.slug) ?? { name: tag.name, slug: tag.slug, posts: [] };
      entry.posts.push(post);
      tagMap.set(tag.slug, entry);
    }
    const year = post.published.year;
    const months = archiveMap.get(year) ?? new Map<number, BlogPost[]>();
    // Pushed, not copied: a month of a thousand posts (an imported blog) would copy half a million.
    const month = months.get(post.published.month) ?? [];
    month.push(post);
    months.set(post.published.month, month);
    archiveMap.set(year, months);
    for (const language of post.codeLanguages) languages.set(language, (languages.get(language) ?? 0) + 1);
    const perYear = years.get(year) ?? { posts: 0, words: 0 };
    years.set(year, { posts: perYear.posts + 1, words: perYear.words + post.wordCount });
    if (!lastUpdated || post.updated > lastUpdated.updated) lastUpdated = post;
  }
  const tags = [...tagMap.values()].sort(
    chain(
      (a, b) => b.posts.length - a.posts.length,
      (a, b) => byText(a.slug, b.slug),
    ),
  );
  const archive = [...archiveMap.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({
      year,
      months: [...months.entries()].sort(([a], [b]) => b - a).map(([month, list]) => ({ month, posts: list })),
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
    older,
    newer,
    tags,
    tagBySlug: new Map(tags.map((tag) => [tag.slug, tag])),
    archive,
    stats: {
      posts: posts.length,
      words: posts.reduce((sum, post) => sum + post.wordCount, 0),
      readingMinutes: posts.reduce((sum, post) => sum + post.readingMinutes, 0),
      tags: tags.length,
      codeBlocks: [...languages.values()].reduce((sum, count) => sum + count, 0),
      codeLanguages: [...languages.entries()]
        .map(([language, count]) => ({ language, count }))
        .sort(
          chain(
            (a, b) => b.count - a.count,
            (a, b) => byText(a.language ?? "", b.language ?? ""),
          ),
        ),
      images: posts.reduce((sum, post) => sum + post.images.length, 0),
      first: posts[posts.length - 1] ?? null,
      latest: posts[0] ?? null,
      lastUpdated,
      perYear: [...years.entries()].sort(([a], [b]) => b - a).map(([year, figures]) => ({ year, ...figures })),
    },
    historyUnavailable: content.historyUnavailable,
  };
}
