import { Type, type Static } from "@sinclair/typebox";
import { MAX_TAGS } from "../content/content-limits.ts";
import { Strict, Text, Url } from "../content/content-schemas.ts";

/** Shapes of the blog files the owner writes under `content/blog/` (see docs/content-format.md). */

export const BlogFile = Strict({
  title: Text,
  tagline: Text,
  description: Text,
  language: Type.String({
    pattern: "^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$",
    expected: "a language tag such as en or en-GB",
    languageTag: true,
  }),
  api: Strict({ name: Text }),
  links: Type.Optional(Type.Array(Strict({ label: Text, url: Url }))),
  schedule: Text,
  source: Strict({
    repository: Url,
    // No white space: the pattern also refuses an empty name.
    branch: Type.String({ pattern: "^[^\\s]+$", expected: "a branch name" }),
    path: Type.String({ pattern: "^[^\\s]+$", expected: "the folder of the posts inside the repository" }),
  }),
});
export type BlogFile = Static<typeof BlogFile>;

/**
 * A post's file name; without `.md`, its slug: 1-100 lowercase letters and digits in words joined
 * by single `-`, as tag slugs are. Anything else (a space, `é`, `?`, `#`, upper case) would need
 * escaping in URLs or differ between file systems, and is refused rather than changed.
 */
export const POST_FILE_NAME = /^(?=.{1,100}\.md$)[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
export const POST_FILE_NAME_RULE =
  "a file name of 1-100 lowercase letters, digits and single `-` between them, then `.md` (it is the post's slug in URLs)";

export const PostFrontMatter = Strict({
  title: Text,
  description: Text,
  date: Type.String({
    pattern: "^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$",
    expected: "a date as YYYY-MM-DD, or a date and time as 2026-03-10T09:30:00+01:00",
  }),
  tags: Type.Optional(Type.Array(Text, { maxItems: MAX_TAGS, expected: "a list of tag names" })),
  cover: Type.Optional(Strict({ src: Text, alt: Text })),
  draft: Type.Optional(Type.Boolean()),
});
export type PostFrontMatter = Static<typeof PostFrontMatter>;
