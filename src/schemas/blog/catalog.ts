import { Type, type Static } from "@sinclair/typebox";
import { WEB_URL_PATTERN } from "../../util/safe-url.ts";
import { Count, Link, Nullable, SITE_PATH_PATTERN, Uri } from "../common.ts";
import { LicenseTerms, PostRef, PostSummary } from "./posts.ts";

export const BlogSite = Type.Object(
  {
    title: Type.String({ description: "The blog's title" }),
    tagline: Type.String({ description: "One line" }),
    description: Type.String({ description: "What it is about" }),
    url: Uri("The blog's home page"),
    language: Type.String({ description: "Language of the posts (BCP 47)" }),
    author: Type.Object(
      { name: Type.String({ description: "Name" }), url: Uri("Their site") },
      { description: "Who writes it." },
    ),
    links: Type.Array(Link, { description: "Related links" }),
    license: Type.Object(
      { writing: LicenseTerms, code: LicenseTerms },
      { description: "Licences of the writing and of code in posts." },
    ),
    schedule: Type.Object(
      {
        text: Type.String({ description: "The publishing schedule in words" }),
        timezone: Type.String({ description: "IANA zone in which post dates are read" }),
        rebuild: Type.String({ description: "How often the files are rebuilt", examples: ["daily"] }),
      },
      { description: "When posts appear." },
    ),
    feeds: Type.Object(
      { rss: Uri("RSS 2.0 feed"), json: Uri("JSON Feed 1.1"), atom: Type.Optional(Uri("Atom 1.0 unless left out")) },
      { description: "Feeds." },
    ),
    api: Type.Object(
      {
        index: Uri("This API's index"),
        openapi: Uri("Its OpenAPI 3.1 description"),
        docs: Uri("Its documentation page"),
      },
      { description: "This API." },
    ),
  },
  { description: "Title, tagline, links, licence and publishing schedule." },
);
export type BlogSite = Static<typeof BlogSite>;

export const ArchiveMonth = Type.Object(
  {
    month: Type.Integer({ minimum: 1, maximum: 12, description: "Month number" }),
    name: Type.String({ description: "Month name in English", examples: ["March"] }),
    count: Count("Posts that month"),
    posts: Type.Array(PostRef, { description: "Newest first" }),
  },
  { description: "A month of the archive." },
);

export const ArchiveYear = Type.Object(
  {
    year: Type.Integer({ description: "The year" }),
    count: Count("Posts that year"),
    months: Type.Array(ArchiveMonth, { description: "Months with posts, newest first" }),
  },
  { description: "A year of the archive." },
);
export type ArchiveYear = Static<typeof ArchiveYear>;

export const BlogStats = Type.Object(
  {
    posts: Count("Published posts"),
    words: Type.Object(
      { total: Count("Words over all posts"), average: Count("Average words per post, rounded") },
      { description: "Words of prose." },
    ),
    reading_time_minutes: Count("Reading time of every post together"),
    tags: Count("Distinct tags"),
    code: Type.Object(
      {
        blocks: Count("Code blocks over all posts"),
        languages: Type.Array(
          Type.Object(
            { language: Type.String({ description: "Language named on the blocks" }), count: Count("Blocks in it") },
            { description: "Blocks per language." },
          ),
          { description: "Most used first; blocks without a language are counted in `blocks` only" },
        ),
      },
      { description: "Code in posts." },
    ),
    images: Count("Images over all posts, covers included"),
    first_post: Nullable(PostRef, "The oldest post, or null"),
    latest_post: Nullable(PostRef, "The newest post, or null"),
    last_updated: Nullable(Type.String({ format: "date-time" }), "The most recent `updated` of any post, or null"),
    per_year: Type.Array(
      Type.Object(
        { year: Type.Integer({ description: "Year" }), posts: Count("Posts"), words: Count("Words") },
        { description: "One year." },
      ),
      { description: "Newest year first" },
    ),
  },
  { description: "The blog's numbers, all in one place." },
);
export type BlogStats = Static<typeof BlogStats>;

export const BlogSearchItem = Type.Object(
  {
    kind: Type.Union([Type.Literal("post"), Type.Literal("page"), Type.Literal("tag")], {
      description: "What the entry is",
    }),
    title: Type.String({ description: "Title to show" }),
    subtitle: Type.String({ description: "Second line to show" }),
    path: Type.String({ pattern: SITE_PATH_PATTERN, description: "Site-relative path (with the site's base path)" }),
    url: Uri("Absolute URL of the same target"),
    keywords: Type.Array(Type.String(), { description: "Extra words to match" }),
  },
  { description: "One entry of the blog's search index." },
);
export type BlogSearchItem = Static<typeof BlogSearchItem>;

const tagFields = {
  name: Type.String({ description: "Tag as written" }),
  slug: Type.String({ description: "Tag id used in URLs" }),
  count: Count("Posts carrying it"),
  url: Uri("The tag's page"),
};

export const TagListEntry = Type.Object(
  {
    ...tagFields,
    api_url: Uri("The tag with its posts as JSON"),
    posts: Type.Array(PostRef, { description: "Its posts, newest first" }),
  },
  { description: "A tag with the posts carrying it." },
);
export type TagListEntry = Static<typeof TagListEntry>;

export const TagDetail = Type.Object(
  {
    ...tagFields,
    api_url: Uri("This file"),
    posts: Type.Array(PostSummary, { description: "Its posts as summaries, newest first" }),
  },
  { description: "One tag with its posts." },
);
export type TagDetail = Static<typeof TagDetail>;

export const JsonFeedItem = Type.Object(
  {
    id: Type.String({
      pattern: WEB_URL_PATTERN,
      description: "Stable forever: the post's original URL, which an edit never changes",
    }),
    url: Uri("The post"),
    title: Type.String({ description: "Plain text" }),
    content_html: Type.String({ description: "Full post, absolute URLs" }),
    summary: Type.String({ description: "Plain text" }),
    image: Uri("Cover image"),
    date_published: Type.String({ format: "date-time", description: "RFC 3339" }),
    date_modified: Type.String({ format: "date-time", description: "RFC 3339" }),
    tags: Type.Array(Type.String(), { description: "Plain-text tags" }),
  },
  { description: "One JSON Feed item." },
);
export type JsonFeedItem = Static<typeof JsonFeedItem>;

export const JsonFeed = Type.Object(
  {
    version: Type.Literal("https://jsonfeed.org/version/1.1", { description: "JSON Feed version" }),
    title: Type.String({ description: "The blog's title" }),
    home_page_url: Uri("The blog"),
    feed_url: Uri("This feed"),
    description: Type.String({ description: "What the blog is about" }),
    language: Type.String({ description: "Language (BCP 47)" }),
    authors: Type.Array(Type.Object({ name: Type.String(), url: Uri("Their site") }, { description: "An author." }), {
      description: "Authors",
    }),
    items: Type.Array(JsonFeedItem, { description: "Posts, newest first" }),
  },
  { description: "JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/), no envelope." },
);
export type JsonFeed = Static<typeof JsonFeed>;
