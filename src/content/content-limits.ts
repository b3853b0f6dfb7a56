import { MAX_HEADINGS, MAX_MARKUP_NESTING, MAX_NESTING } from "../markdown/markdown-limits.ts";

/*
 * The content format's maximums, each defined once (the Markdown ones beside their renderer) and
 * listed in docs (content-limits.test.ts compares). Every pass over content is linear in its
 * size, and these bound it: no single file can make a build take minutes or gigabytes.
 */

export const MIB = 1024 * 1024;

/** Largest Markdown or YAML file. A long post is 20-50 KB, and its text is published four times over. */
export const MAX_TEXT_FILE_BYTES = MIB;

/** Largest other content file (an image, the snapshot): real ones are a few MiB. */
export const MAX_CONTENT_FILE_BYTES = 64 * MIB;

/** Largest blog feed (a file or a URL's answer): real ones are under a few MiB; 60 MB took the parser 2.3 GB. */
export const MAX_FEED_BYTES = 8 * MIB;

/** Most items of a blog feed: real ones have tens, a few hundred at most; the home page shows three. */
export const MAX_FEED_ITEMS = 1_000;

/** Largest PGP key file: a few KiB, a few hundred with many third-party signatures. */
export const MAX_KEY_BYTES = MIB;

/**
 * Most characters of strings and keys a YAML document may hold once its aliases (`*name`) are
 * expanded: without aliases it is the file limit; with them, 600 KB could be a gigabyte of text.
 */
export const MAX_YAML_CHARACTERS = MIB;

/** Longest string (or key) in YAML: a paragraph is a thousand characters; ten thousand is no field's. */
export const MAX_STRING_CHARACTERS = 10_000;

/** Longest base URL (SITE_URL or site.yaml's `url`, and `blog.url`): real ones have tens; every page's URL starts with it. */
export const MAX_BASE_URL_CHARACTERS = 1_000;

/**
 * What a string (`what`) over `limit` characters should be, else undefined. Characters are
 * code points, an emoji one (not its two UTF-16 units), counted in one pass only past the limit.
 */
export function overStringLimit(text: string, what = "a string", limit = MAX_STRING_CHARACTERS): string | undefined {
  if (text.length <= limit) return undefined;
  let count = 0;
  for (let at = 0; at < text.length; at += (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1) count++;
  if (count > limit)
    return `${what} of at most ${limit.toLocaleString("en")} characters (this one has ${count.toLocaleString("en")})`;
}

/** Deepest nesting of lists and maps in YAML (js-yaml's own default, stated here; no content file needs five). */
export const MAX_YAML_DEPTH = 100;

/**
 * Most Markdown files of one content folder (the posts, the projects): the largest site the
 * build is measured at, in 3.8 GB (docs/scaling.md); far past it, a build exhausts Node's heap.
 */
export const MAX_FOLDER_FILES = 20_000;

/** Most tags a post or a project may have: each tag's page lists the post with all its tags (a square). */
export const MAX_TAGS = 20;

/** Most projects of one domain: each lists the others of its domain (2,000 in one: 281 MB more output). */
export const MAX_DOMAIN_PROJECTS = 200;

/** Most domains: each has a page and an API file; 20,000 projects (MAX_FOLDER_FILES) fill 100 of 200 projects. */
export const MAX_DOMAINS = 200;

/** Most different tags of the blog's posts: each has a page, an API file and a feed of its newest 20 posts. */
export const MAX_BLOG_TAGS = 1_000;

/** Longest URL name (slug) of a blog tag: a folder's name, as a post's file name is (100). */
export const MAX_TAG_SLUG = 100;

/** Most links in profile.yaml: each is a row of the home page and a key of the API's `links`. */
export const MAX_PROFILE_LINKS = 20;

export { MAX_HEADINGS, MAX_MARKUP_NESTING, MAX_NESTING };
