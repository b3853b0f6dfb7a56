import { MAX_HEADINGS, MAX_NESTING } from "../markdown/markdown-limits.ts";

/*
 * The content format's maximums. Each is defined once: here, or (the Markdown ones) beside the
 * renderer that checks them and named here. Each exceeded limit is a content error naming the
 * file and the field. docs/content-format.md and docs/robustness.md list them under "Limits";
 * tests/unit/content/content-limits.test.ts fails when a value there is not the one here.
 *
 * They bound what one file can cost: every pass over content is linear in its size
 * (tests/unit/markdown/render-markdown-linear.test.ts, tests/unit/blog/blog-linear.test.ts), and
 * these limits bound the size, so no single file can make a build take minutes or gigabytes.
 */

const MIB = 1024 * 1024;

/**
 * Largest Markdown or YAML file. A long post is 20-50 KB; its text is copied whole into its
 * page, the feeds and the API, so a post of megabytes (a pasted log, a generated file) would
 * be published four times over.
 */
export const MAX_TEXT_FILE_BYTES = MIB;

/**
 * Largest other content file (an image, the feed, the GitHub snapshot). The largest real ones
 * are photos of a few MiB; a file far larger is a mistake (a video, a disk image) that would
 * only exhaust the build's memory.
 */
export const MAX_CONTENT_FILE_BYTES = 64 * MIB;

/**
 * Largest PGP key file. A public key with its self-signatures is a few KiB; one that gathered
 * many third-party signatures can reach a few hundred.
 */
export const MAX_KEY_BYTES = MIB;

/**
 * Most characters a YAML document may hold once its aliases are expanded: every string and key,
 * an alias (`*name`) counted each time it is used. Without aliases no document reaches it (it
 * is the file limit); with them, a 600 KB file could stand for a gigabyte of text, which every
 * output would then carry.
 */
export const MAX_YAML_CHARACTERS = MIB;

/** Longest string (or key) in YAML: a paragraph is a thousand characters; ten thousand is no field's. */
export const MAX_STRING_CHARACTERS = 10_000;

/** Deepest nesting of lists and maps in YAML (js-yaml's own default, stated here; no content file needs five). */
export const MAX_YAML_DEPTH = 100;

/**
 * Most tags a post or a project may have. Each tag of a post has its page and its file, and each
 * of them lists the post with all its tags: tags per post grow the output by their square.
 */
export const MAX_TAGS = 20;

/** Most links in profile.yaml: each is a row of the home page and a key of the API's `links`. */
export const MAX_PROFILE_LINKS = 20;

export { MAX_HEADINGS, MAX_NESTING };
