import { createRequire } from "node:module";
import type { Token } from "markdown-it";
import type sanitizeHtmlType from "sanitize-html";
import { isSafeLink } from "../util/safe-url.ts";
import { MAX_MARKUP_NESTING } from "./markdown-limits.ts";

/*
 * What raw HTML written in Markdown becomes (site.yaml `markdown.raw_html`, docs/content-format.md):
 * - `escape` (the default): shown as text, as markdown-it's `html: false` does. Nothing an
 *   author (or a pasted snippet) writes can run on the page, in the feeds or in content_html.
 * - `sanitize`: each raw HTML token passes through sanitize-html with the allow-list below.
 * - `trust`: passed through as written, for an owner who writes all content alone.
 */
export const RAW_HTML_MODES = ["escape", "sanitize", "trust"] as const;
export type RawHtml = (typeof RAW_HTML_MODES)[number];

/*
 * Formatting and structure only: no script, style, iframe, object, embed, form or input, no
 * svg/math (their parsing rules differ), no `on*`, `style`, `id` or `name` attribute (ids belong
 * to headings and the layout), and href/src only when isSafeLink accepts them.
 */
const ALLOWED_TAGS = [
  ..."a abbr b blockquote br caption cite code dd del details dfn div dl dt em figcaption".split(" "),
  ..."figure h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strong sub".split(" "),
  ..."summary sup table tbody td tfoot th thead time tr u ul var wbr".split(" "),
];
const ALLOWED_ATTRIBUTES = {
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan", "scope"],
  time: ["datetime"],
  ol: ["start"],
  "*": ["class", "lang", "dir", "title"],
};

// Loaded on first use: sanitize-html brings a CSS parser along, which a site that escapes or
// trusts raw HTML should not pay for at start-up.
let sanitizer: typeof sanitizeHtmlType | undefined;

const URL_ATTRIBUTES = new Set(["href", "src"]);

/**
 * One raw HTML token (a block or an inline tag) made safe. A tag the token leaves open stays
 * open, so `<details>` … Markdown … `</details>` keeps its structure. The closing tags a token
 * starts with close what an earlier one opened (`</td></tr>` after a cell's Markdown): each is
 * kept when its element is allowed (the sanitizer, seeing nothing open, would drop it). Every
 * attribute value is re-escaped by the sanitizer.
 */
export function sanitizeRawHtml(html: string): string {
  const leading = /^(?:\s*<\/[A-Za-z][A-Za-z0-9-]*\s*>)*\s*/.exec(html)?.[0] ?? "";
  const closers = leading.replace(/<\/([A-Za-z][A-Za-z0-9-]*)\s*>/g, (_, name: string) =>
    ALLOWED_TAGS.includes(name.toLowerCase()) ? `</${name.toLowerCase()}>` : "",
  );
  if (leading.length === html.length) return closers;
  // The sanitizer closes what the fragment left open; those implied closing tags come last and
  // are taken off again, so the element wraps the Markdown that follows, as the author meant.
  let implied: string[] = [];
  let depth = 0;
  sanitizer ??= createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtmlType;
  let clean = sanitizer(html.slice(leading.length), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    // sanitize-html's defaults otherwise: refused tags are dropped, `//host` links kept (and checked).
    allowedSchemes: ["http", "https", "mailto"],
    // Text inside refused elements (a script's code) is dropped, not shown.
    nonTextTags: "script style textarea option noscript title iframe object template svg math".split(" "),
    transformTags: { "*": keepSafeUrls },
    // The parser pays its stack's depth at each tag: past MAX_MARKUP_NESTING, the token is refused.
    onOpenTag: () => {
      implied = [];
      if (++depth > MAX_MARKUP_NESTING) throw new NestedTooDeep();
    },
    // Pushed to, not copied at each close (32,000 nested `<ul><li>`: 72 s of copying).
    onCloseTag: (name, isImplied) => {
      depth -= 1;
      if (isImplied) implied.push(name);
      else implied = [];
    },
  });
  for (const name of [...implied].reverse()) {
    const tag = `</${name}>`;
    if (clean.endsWith(tag)) clean = clean.slice(0, -tag.length);
  }
  return closers + clean;
}

/**
 * Sanitizes every raw HTML token of a parsed document in place, before anything reads them: the
 * HTML and the plain text (a dropped script's code is in neither) come from the same tokens.
 */
export function sanitizeRawHtmlTokens(tokens: readonly Token[]): void {
  for (const token of tokens) {
    // A block nested too deep is emptied and marked for render-markdown.ts to say (an inline token is one tag).
    if (token.type === "html_block")
      try {
        token.content = sanitizeRawHtml(token.content);
      } catch (error) {
        if (!(error instanceof NestedTooDeep)) throw error;
        [token.content, token.meta] = ["", { nestedTooDeep: true }];
      }
    for (const child of token.children ?? [])
      if (child.type === "html_inline") child.content = sanitizeRawHtml(child.content);
  }
}

class NestedTooDeep extends Error {}

function keepSafeUrls(tagName: string, attribs: Record<string, string>) {
  const kept = Object.entries(attribs).filter(([name, value]) => !URL_ATTRIBUTES.has(name) || isSafeLink(value));
  return { tagName, attribs: Object.fromEntries(kept) };
}
