/*
 * The Markdown limits of the content format (src/content/content-limits.ts lists every limit).
 * A module of their own, without the renderer's dependencies, so the content schemas can name
 * them without loading markdown-it.
 */

/**
 * Most headings one document may have. Each is an entry of the page's contents and of the API's
 * `headings`, and a long post has a few dozen; thousands are a generated or pasted file.
 */
export const MAX_HEADINGS = 100;

/**
 * How deep lists and block quotes may nest. markdown-it stops at 100 levels of its tokens (a
 * list item inside a list is two) and silently drops the rest of the document; this limit is
 * met long before, so nothing is ever dropped without a word.
 */
export const MAX_NESTING = 16;

/** How deep raw HTML (`raw_html: sanitize`) and an SVG's elements may nest: their parsers pay the depth at each tag. */
export const MAX_MARKUP_NESTING = 100;
