import { Type } from "@sinclair/typebox";
import type { BlogModel } from "../../blog/blog-model.ts";
import { postKey, referencesKey, tagKey } from "./output-keys.ts";
import { publishes } from "../../config/site-config.ts";
import { BLOG_API_ROOT } from "../../config/site-paths.ts";
import {
  ArchiveYear,
  BlogSearchItem,
  BlogSite,
  BlogStats,
  JsonFeed,
  TagDetail,
  TagListEntry,
} from "../../schemas/blog/catalog.ts";
import { blogComponents } from "../../schemas/blog/components.ts";
import { FullPost, PostSummary } from "../../schemas/blog/posts.ts";
import { badgeRoute } from "../badges.ts";
import { metaRoutes } from "../meta-routes.ts";
import { type ApiDefinition, itemOf, type Route, type RouteParam } from "../route.ts";
import { blogBadges } from "./badges.ts";
import { blogUrls } from "./blog-urls.ts";
import { atomFeed, jsonFeed, rssFeed, FEED_POSTS } from "./feeds.ts";
import { blogPaths as paths } from "./paths.ts";
import { postsText } from "./posts-text.ts";
import * as build from "./resources.ts";

type R = Route<BlogModel>;

// Every post-derived file says so when `updated` could not come from version control.
const dated: R["notes"] = ["history"];

const tagParam: RouteParam<BlogModel> = {
  name: "tag",
  description: "A tag's slug, as listed in tags.json",
  values: (model) => model.tags.map((tag) => tag.slug),
};

/** The blog API, one entry per file family, in the order of the index and the OpenAPI document. */
const routes: R[] = [
  ...metaRoutes(() => blogApi, paths, "blog API"),
  {
    id: "getSearch",
    path: paths.search,
    group: "meta",
    body: "list",
    schema: Type.Array(BlogSearchItem),
    summary: "Every post, page and tag in one small file for search",
    description: "Entries to filter as you type: pages, then posts (newest first), then tags.",
    build: (model) => build.search(model),
  },
  {
    id: "getSite",
    path: paths.site,
    group: "meta",
    body: "envelope",
    schema: BlogSite,
    summary: "Title, tagline, links, licence and publishing schedule",
    description: "What the blog is, who writes it, under which licences, and when posts appear.",
    build: (model) => build.site(model),
  },
  {
    id: "listPosts",
    path: paths.posts,
    group: "posts",
    body: "list",
    schema: Type.Array(PostSummary),
    summary: "Every published post, newest first",
    description: "Post summaries. Drafts and posts scheduled after this build never appear.",
    notes: dated,
    build: (model) => model.posts.map((post) => build.postSummary(model, post)),
  },
  {
    id: "getPost",
    path: paths.post,
    group: "posts",
    body: "envelope",
    schema: FullPost,
    summary: "One post in full",
    description:
      "Content as HTML (absolute URLs) and text, headings, code, links, images, neighbours, licence and source.",
    param: {
      name: "slug",
      description: "A post's slug, as listed in posts.json",
      values: (model) => model.posts.map((post) => post.slug),
    },
    notes: dated,
    key: (model, params) => postKey(model, itemOf(model.postBySlug, params.slug, "post")),
    build: (model, params) => build.fullPost(model, itemOf(model.postBySlug, params.slug, "post")),
  },
  {
    id: "getLatest",
    path: paths.latest,
    group: "posts",
    body: "envelope",
    schema: FullPost,
    summary: "The newest post, in full",
    description: "The same shape as a single post.",
    available: (model) => model.posts.length > 0,
    notes: dated,
    build: (model) => build.fullPost(model, model.posts[0] ?? itemOf(model.postBySlug, "", "post")),
  },
  {
    id: "listTags",
    path: paths.tags,
    group: "tags",
    body: "list",
    schema: Type.Array(TagListEntry),
    summary: "Tags, most used first, each with the posts carrying it",
    description: "Ties are ordered by slug.",
    key: referencesKey,
    build: (model) => build.tagList(model),
  },
  {
    id: "getTag",
    path: paths.tag,
    group: "tags",
    body: "envelope",
    schema: TagDetail,
    summary: "One tag with its posts",
    description: "The tag with its posts as summaries, newest first.",
    param: tagParam,
    notes: dated,
    key: (model, params) => tagKey(model, itemOf(model.tagBySlug, params.tag, "tag")),
    build: (model, params) => build.tagDetail(model, itemOf(model.tagBySlug, params.tag, "tag")),
  },
  {
    id: "getArchive",
    path: paths.archive,
    group: "posts",
    body: "list",
    schema: Type.Array(ArchiveYear),
    summary: "Posts grouped by year and month",
    description: "Newest year and month first; `count` in meta is the number of years.",
    key: referencesKey,
    build: (model) => build.archive(model),
  },
  {
    id: "getStats",
    path: paths.stats,
    group: "meta",
    body: "envelope",
    schema: BlogStats,
    summary: "The numbers, all in one place",
    description: "Posts, words, reading time, tags, code, images, first and latest post, per year.",
    notes: dated,
    build: (model) => build.stats(model),
  },
  {
    id: "getJsonFeed",
    path: paths.jsonFeed,
    group: "feeds",
    body: "raw",
    schema: JsonFeed,
    summary: "JSON Feed 1.1 with full post content",
    description: `No envelope. The newest ${FEED_POSTS} posts, newest first (every post is in posts.json). Served as application/json, which every static host sends for .json (the JSON Feed type, application/feed+json, is what pages announce in their alternate link). Item ids are the posts' URLs and never change when a post is edited.`,
    build: (model) => jsonFeed(model),
  },
  {
    id: "getRss",
    path: paths.rss,
    group: "feeds",
    mediaType: "application/rss+xml",
    body: "raw",
    schema: Type.String({ pattern: "^<\\?xml ", description: "RSS 2.0 document" }),
    summary: "RSS 2.0 with full post content",
    description: `No envelope. The newest ${FEED_POSTS} posts, newest first (every post is in posts.json); \`content:encoded\` carries the full post; \`atom:link rel="self"\` is this URL.`,
    build: (model) => rssFeed(model),
  },
  {
    id: "getAtom",
    available: (model) => publishes(model.config, "atom"),
    path: paths.atom,
    group: "feeds",
    mediaType: "application/atom+xml",
    body: "raw",
    schema: Type.String({ pattern: "^<\\?xml ", description: "Atom 1.0 document" }),
    summary: "Atom 1.0 with full post content",
    description:
      "No envelope. The posts of the RSS feed; each entry's `content type=\"html\"` is the full post, its `id` the post's URL.",
    build: (model) => atomFeed(model),
  },
  {
    id: "getTagAtom",
    available: (model) => publishes(model.config, "atom"),
    path: paths.tagAtom,
    group: "feeds",
    mediaType: "application/atom+xml",
    body: "raw",
    schema: Type.String({ pattern: "^<\\?xml ", description: "Atom 1.0 document" }),
    summary: "Atom 1.0 of one tag's posts",
    description: `No envelope. The Atom feed narrowed to the newest ${FEED_POSTS} posts carrying the tag, newest first.`,
    param: tagParam,
    key: (model, params) => tagKey(model, itemOf(model.tagBySlug, params.tag, "tag")),
    build: (model, params) => atomFeed(model, itemOf(model.tagBySlug, params.tag, "tag")),
  },
  badgeRoute(
    paths.badge,
    blogBadges,
    "Badge-service endpoint shape (schemaVersion 1), no envelope: posts, words, latest (the newest post's title), updated (its date).",
  ),
  {
    id: "getPostsText",
    path: paths.postsText,
    group: "posts",
    mediaType: "text/plain",
    body: "raw",
    schema: Type.String({ minLength: 1, description: "The post list as plain text" }),
    summary: "The post list, for terminals",
    description: "Date, title, tags and URL of every post, newest first: `curl -s URL`.",
    build: (model) => postsText(model),
  },
];

/** The blog API: under `{base_url}/blog`, version 1.0.0. */
export const blogApi: ApiDefinition<BlogModel> = {
  title: "Blog API",
  version: "1.0.0",
  root: BLOG_API_ROOT,
  routes,
  groups: {
    meta: "The index, this description, search, site information and statistics",
    posts: "Published posts: lists, one post in full, the latest, the archive",
    tags: "Tags with their posts",
    feeds: "Full-content feeds: RSS 2.0 and JSON Feed 1.1, and Atom 1.0 (also per tag) where the site publishes it",
    badges: "Badges in the badge-service endpoint shape",
  },
  // The writing; code in posts is MIT, as every post's `license` says.
  license: { name: "CC BY 4.0 (writing)", identifier: "CC-BY-4.0" },
  components: blogComponents,
  context: (model) => ({
    name: model.settings.api.name,
    description: model.settings.description,
    docs: blogUrls(model).apiDocs,
    config: model.config,
    notes: model.historyUnavailable
      ? {
          history: `Post \`updated\` dates equal their publication dates: version-control history is unavailable (${model.historyUnavailable}).`,
        }
      : {},
  }),
};
