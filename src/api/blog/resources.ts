import { DateTime } from "luxon";
import type { BlogModel, BlogTag } from "../../blog/blog-model.ts";
import type { BlogPost } from "../../blog/load-blog.ts";
import { isoInZone } from "../../blog/post-date.ts";
import type { Static } from "@sinclair/typebox";
import type {
  ArchiveYear,
  BlogSearchItem,
  BlogSite,
  BlogStats,
  TagDetail,
  TagListEntry,
} from "../../schemas/blog/catalog.ts";
import type { FullPost, LicenseTerms, PostRef, PostSummary } from "../../schemas/blog/posts.ts";
import { sitePaths } from "../../config/site-paths.ts";
import { publishes } from "../../config/site-config.ts";
import { memoByObject } from "../../util/memo.ts";
import { countOf } from "../../util/plural.ts";
import { searchEntries } from "../search-entry.ts";
import { blogUrls } from "./blog-urls.ts";
import { blogPaths } from "./paths.ts";

/*
 * The blog's resource builders: the only code that gives a blog resource its published shape.
 */

type License = Static<typeof LicenseTerms>;
const WRITING_LICENSE: License = {
  id: "CC-BY-4.0",
  name: "Creative Commons Attribution 4.0 International",
  url: "https://creativecommons.org/licenses/by/4.0/",
};
const CODE_LICENSE: License = { id: "MIT", name: "MIT License", url: "https://opensource.org/license/mit" };

// Keyed by the post (one model's object): each shape is built once per post and build.
export const postRef = memoByObject((model: BlogModel, post: BlogPost): PostRef => {
  const urls = blogUrls(model);
  return {
    slug: post.slug,
    title: post.title,
    url: urls.post(post.slug),
    api_url: urls.postApi(post.slug),
    published: isoInZone(post.published),
  };
});

export const postSummary = memoByObject((model: BlogModel, post: BlogPost): PostSummary => {
  const urls = blogUrls(model);
  return {
    slug: post.slug,
    title: post.title,
    description: post.description,
    summary: post.summary,
    url: urls.post(post.slug),
    api_url: urls.postApi(post.slug),
    published: isoInZone(post.published),
    updated: isoInZone(post.updated),
    tags: post.tags.map((tag) => ({
      name: tag.name,
      slug: tag.slug,
      url: urls.tag(tag.slug),
      api_url: urls.tagApi(tag.slug),
    })),
    reading_time_minutes: post.readingMinutes,
    word_count: post.wordCount,
    cover: { url: post.cover.url, width: post.cover.width, height: post.cover.height, alt: post.cover.alt },
  };
});

export const fullPost = memoByObject((model: BlogModel, post: BlogPost): FullPost => {
  const urls = blogUrls(model);
  const url = urls.post(post.slug);
  const older = model.older.get(post.slug) ?? null;
  const newer = model.newer.get(post.slug) ?? null;
  const source = model.settings.source;
  // Each segment escaped: blog.yaml's path and branch may hold any character but white space
  // (git allows `#` and `%` in a branch). Empty segments (a leading or doubled `/`) are dropped.
  const segments = (text: string) => text.split("/").filter(Boolean).map(encodeURIComponent);
  const file = [...segments(source.path), encodeURIComponent(post.fileName)].join("/");
  const branch = segments(source.branch).join("/");
  const repository = source.repository.replace(/\/+$/, "");
  return {
    ...postSummary(model, post),
    content_html: post.html,
    content_text: post.text,
    headings: post.headings.map((h) => ({ level: h.level, id: h.id, title: h.title, url: `${url}#${h.id}` })),
    code: {
      count: post.codeLanguages.length,
      languages: [...new Set(post.codeLanguages.filter((language): language is string => language !== null))],
    },
    links: { internal: post.links.internal, external: post.links.external },
    images: post.images,
    older: older ? postRef(model, older) : null,
    newer: newer ? postRef(model, newer) : null,
    related: (model.related.get(post.slug) ?? []).map((other) => postRef(model, other)),
    license: {
      writing: WRITING_LICENSE,
      code: CODE_LICENSE,
      attribution: `"${post.title}" by ${model.config.site.title}, ${url}, licensed under CC BY 4.0`,
    },
    source: {
      markdown: `${repository}/blob/${branch}/${file}`,
      raw: `${repository}/raw/${branch}/${file}`,
      history: `${repository}/commits/${branch}/${file}`,
    },
  };
});

function tagHead(model: BlogModel, tag: BlogTag) {
  const urls = blogUrls(model);
  return {
    name: tag.name,
    slug: tag.slug,
    count: tag.posts.length,
    url: urls.tag(tag.slug),
    api_url: urls.tagApi(tag.slug),
  };
}

export function tagList(model: BlogModel): TagListEntry[] {
  return model.tags.map((tag) => ({ ...tagHead(model, tag), posts: tag.posts.map((post) => postRef(model, post)) }));
}

export function tagDetail(model: BlogModel, tag: BlogTag): TagDetail {
  return { ...tagHead(model, tag), posts: tag.posts.map((post) => postSummary(model, post)) };
}

export function archive(model: BlogModel): ArchiveYear[] {
  return model.archive.map((year) => ({
    year: year.year,
    count: year.months.reduce((sum, month) => sum + month.posts.length, 0),
    months: year.months.map((month) => ({
      month: month.month,
      name: DateTime.fromObject({ year: year.year, month: month.month }).setLocale("en").toFormat("LLLL"),
      count: month.posts.length,
      posts: month.posts.map((post) => postRef(model, post)),
    })),
  }));
}

export function stats(model: BlogModel): BlogStats {
  const s = model.stats;
  return {
    posts: s.posts,
    words: { total: s.words, average: s.posts === 0 ? 0 : Math.round(s.words / s.posts) },
    reading_time_minutes: s.readingMinutes,
    tags: s.tags,
    // Blocks without a language count in `blocks` but are not a language (as in each post's `code`).
    code: {
      blocks: s.codeBlocks,
      languages: s.codeLanguages.flatMap(({ language, count }) => (language === null ? [] : [{ language, count }])),
    },
    images: s.images,
    first_post: s.first ? postRef(model, s.first) : null,
    latest_post: s.latest ? postRef(model, s.latest) : null,
    last_updated: s.lastUpdated ? isoInZone(s.lastUpdated.updated) : null,
    per_year: s.perYear,
  };
}

export function site(model: BlogModel): BlogSite {
  const urls = blogUrls(model);
  const settings = model.settings;
  return {
    title: settings.title,
    tagline: settings.tagline,
    description: settings.description,
    url: urls.home,
    language: settings.language,
    author: urls.author,
    links: settings.links ?? [],
    license: { writing: WRITING_LICENSE, code: CODE_LICENSE },
    schedule: { text: settings.schedule, timezone: model.config.site.timezone, rebuild: "daily" },
    feeds: { rss: urls.rss, json: urls.jsonFeed, ...(publishes(model.config, "atom") && { atom: urls.atom }) },
    api: { index: urls.api(blogPaths.index), openapi: urls.api(blogPaths.openapi), docs: urls.apiDocs },
  };
}

/** Every post, page and tag in one small file: what a search box on the blog loads. */
export function search(model: BlogModel): BlogSearchItem[] {
  const pages = sitePaths(model.config).blog;
  const item = searchEntries(model.config, model.config.blogUrl);
  const archive = `All ${countOf(model.stats.posts, "post", "posts")} by year and month`;
  return [
    item("page", model.settings.title, model.settings.tagline, pages.home, ["blog", "home"]),
    item("page", "Archive", archive, pages.archive, ["archive", "all posts"]),
    item("page", "API documentation", "The blog's static JSON API", pages.apiDocs, ["api", "json", "openapi"]),
    ...model.posts.map((post) => {
      const [date, tags] = [post.published.toISODate() ?? "", post.tags.map((tag) => tag.name)];
      return item("post", post.title, `${date} · ${post.description}`, pages.post(post.slug), tags);
    }),
    ...model.tags.map((tag) =>
      item("tag", tag.name, countOf(tag.posts.length, "post", "posts"), pages.tag(tag.slug), [tag.slug]),
    ),
  ];
}
