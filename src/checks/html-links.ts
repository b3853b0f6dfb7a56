import { decodeEntities } from "../util/html.ts";

/*
 * What one HTML page links to and which fragments it offers, read in one pass over its tags.
 * The pages are our own output (escaped by the page builders and the Markdown renderer), so a
 * careful tag-and-attribute scanner is enough: no DOM is built, text is never looked at, and
 * the contents of `<script>`/`<style>` are skipped rather than read as markup.
 */

/** The URLs a page names and the targets its fragments may point at. */
export interface PageLinks {
  /** Every URL in a link-carrying attribute, entity-decoded, in document order. */
  links: string[];
  /** Every `id` (and `<a name>`) on the page. */
  ids: Set<string>;
}

/** Attributes whose value is one URL, whatever the element (`href`, `src`, `poster`, …). */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(
  "href src poster cite action formaction data xlink:href".split(" "),
);

/**
 * `<meta>` names whose content is a URL the site's own script fetches (the command palette's
 * search index and Pagefind's script, docs/site-contract.md); other meta contents count only when they are absolute.
 */
const URL_META_NAMES: ReadonlySet<string> = new Set(["search-index", "search-fulltext"]);

/** Elements whose content is raw text: a `<` inside them is not a tag. */
const RAW_TEXT: ReadonlySet<string> = new Set(["script", "style", "textarea", "title", "xmp"]);

// Our page builders and the Markdown renderer escape `>` in every attribute value, so a tag
// ends at the first `>`: a much faster pattern than one that steps over quoted values.
const TAG = /<!--[\s\S]*?-->|<[!?/][^>]*>|<([a-zA-Z][^\s/>]*)([^>]*)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ABSOLUTE_WEB = /^\s*https?:\/\//i;
/** Attributes that may hold a link or an id: any other tag needs no closer look. */
const WORTH_READING = /(?:href|src|srcset|id|name|content|poster|cite|action|data)\s*=|https?:/i;

/** Reads the links and ids of one page. */
export function readPageLinks(page: string): PageLinks {
  const links: string[] = [];
  const ids = new Set<string>();
  TAG.lastIndex = 0;
  for (let match = TAG.exec(page); match; match = TAG.exec(page)) {
    const name = match[1]?.toLowerCase();
    if (name === undefined) continue;
    const attributes = match[2] ?? "";
    // Most tags (a highlighted code block's spans) carry nothing but a class: skipped unread.
    if (attributes.length > 1 && WORTH_READING.test(attributes)) readAttributes(name, attributes, links, ids);
    if (RAW_TEXT.has(name) && !attributes.trimEnd().endsWith("/")) {
      const close = new RegExp(`</${name}`, "gi");
      close.lastIndex = TAG.lastIndex;
      TAG.lastIndex = close.exec(page)?.index ?? page.length;
    }
  }
  return { links, ids };
}

function readAttributes(tag: string, text: string, links: string[], ids: Set<string>): void {
  let metaName = "";
  let metaContent: string | null = null;
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(text); match; match = ATTRIBUTE.exec(text)) {
    const name = (match[1] ?? "").toLowerCase();
    const rawValue = match[2] ?? match[3] ?? match[4];
    if (rawValue === undefined) continue;
    const value = rawValue.includes("&") ? decodeEntities(rawValue) : rawValue;
    if (name === "id" || (name === "name" && tag === "a")) ids.add(value);
    if (URL_ATTRIBUTES.has(name)) links.push(value.trim());
    else if (name === "srcset" || name === "imagesrcset") links.push(...srcsetUrls(value));
    else if (tag === "meta" && (name === "name" || name === "property")) metaName = value.toLowerCase();
    else if (tag === "meta" && name === "content") metaContent = value;
    // Any other attribute that holds an absolute web URL (og:url, a data-* address) is checked too.
    else if (ABSOLUTE_WEB.test(value)) links.push(value.trim());
  }
  if (metaContent !== null && (URL_META_NAMES.has(metaName) || ABSOLUTE_WEB.test(metaContent)))
    links.push(metaContent.trim());
}

/**
 * A `srcset` candidate: white space and commas, the URL (it starts with neither, and commas
 * at its end are not part of it), then its descriptor (`2x`, `640w`) up to the next comma.
 */
const SRCSET_CANDIDATE = /[\s,]*([^\s,]\S*?)(?:,+(?=\s|$)|\s[^,]*,?|$)/g;

/** The URLs of a `srcset`: candidates are "URL [descriptor]" separated by commas. */
export function srcsetUrls(value: string): string[] {
  return [...value.matchAll(SRCSET_CANDIDATE)].map((match) => match[1] ?? "");
}
