import { Type, type Static } from "@sinclair/typebox";
import MarkdownIt from "markdown-it";
import type { MarkdownIt as Parser, Token } from "markdown-it";
import { withoutControlCharacters } from "../util/control-characters.ts";
import { decodeEntities } from "../util/html.ts";
import { isSafeLink } from "../util/safe-url.ts";
import { assignHeadingIds } from "./heading-ids.ts";
import { highlightCode } from "./highlight.ts";
import { MAX_HEADINGS, MAX_MARKUP_NESTING, MAX_NESTING } from "./markdown-limits.ts";
import { sanitizeRawHtmlTokens, type RawHtml } from "./raw-html.ts";

/** A heading found while rendering; its id is also set on the heading element in the HTML. */
const RenderedHeading = Type.Object({ level: Type.Number(), id: Type.String(), title: Type.String() });
export type RenderedHeading = Static<typeof RenderedHeading>;

/** A content problem without its file: the renderer knows no files, so its callers add it. */
const RenderProblem = Type.Object({
  /** Where in the document (`line 8, link`, or `body line 3, link` when the file's line is not known). */
  field: Type.String(),
  expected: Type.String(),
  /** For a refused URL, only the scheme, never the whole URL (it may be a script). */
  actual: Type.Optional(Type.String()),
});
export type RenderProblem = Static<typeof RenderProblem>;

/** One Markdown document rendered once, in every form the outputs need. */
export const RenderedMarkdown = Type.Object({
  html: Type.String(),
  text: Type.String(),
  headings: Type.Array(RenderedHeading),
  /** Links and images as written (`written`) and as published, after the resolver (`url`). */
  links: Type.Array(Type.Object({ written: Type.String(), url: Type.String(), text: Type.String() })),
  images: Type.Array(Type.Object({ written: Type.String(), url: Type.String(), alt: Type.String() })),
  /** The language of each fenced code block, in order (null when none is given). */
  codeBlocks: Type.Array(Type.Union([Type.String(), Type.Null()])),
  /** Words of prose (code blocks not counted). */
  wordCount: Type.Number(),
  /** Limits it exceeds, then URLs isSafeLink refused (published as their text alone): the caller refuses it. */
  problems: Type.Array(RenderProblem),
});
export type RenderedMarkdown = Static<typeof RenderedMarkdown>;

/** How a document is rendered: where its URLs go, what its raw HTML becomes, where it starts in its file. */
export interface RenderOptions {
  /** The published href of a link; null publishes only the link's text (it leads to a post not out yet). */
  resolveLink?(href: string): string | null;
  /** The published URL of an image and, when known, its pixel size (written on the element, so pages do not shift). */
  resolveImage?(src: string): { url: string; width?: number; height?: number };
  /** The file's line (1-based) on which the Markdown starts, so problems name lines of the file, not `body line 3`. */
  firstLine?: number | undefined;
  /** What raw HTML becomes (site.yaml `markdown.raw_html`). Default: `escape`. */
  rawHtml?: RawHtml | undefined;
}

// One parser per raw-HTML setting, made on first use. Code is highlighted here, in the one
// render, so pages, feeds and the API's content_html share the same HTML (and the same rule).
const parsers = new Map<RawHtml, Parser>();

function parserFor(rawHtml: RawHtml = "escape"): Parser {
  let markdown = parsers.get(rawHtml);
  if (markdown) return markdown;
  // markdown-it's defaults otherwise (no typographer: quotes and dashes stay as written).
  markdown = new MarkdownIt({ html: rawHtml !== "escape", linkify: true, highlight: highlightCode });
  // markdown-it's own check drops a `javascript:` link silently (the text stays, the link goes):
  // here every link becomes a token, so checkUrls below sees it and the owner is told.
  markdown.validateLink = () => true;
  // linkify-it would also link `ftp://…` text, which no published link may be: it stays text.
  markdown.linkify.add("ftp:", null);
  if (rawHtml === "sanitize") markdown.core.ruler.push("sanitize", (state) => sanitizeRawHtmlTokens(state.tokens));
  parsers.set(rawHtml, markdown);
  return markdown;
}

/** Parses a Markdown document once and derives the HTML, the plain text and the headings from that one token stream (cached-render.ts keeps each). */
export function renderDocument(source: string, options: RenderOptions): RenderedMarkdown {
  const markdown = parserFor(options.rawHtml);
  const env = {};
  const tokens = markdown.parse(source, env);
  const headings = assignHeadingIds(tokens, (index) => inlineText(tokens[index + 1]?.children ?? []).trim());
  const lineOf = (line: number) =>
    options.firstLine === undefined ? `body line ${line + 1}` : `line ${options.firstLine + line}`;
  const { links, images, refused } = checkUrls(tokens, options, lineOf);
  return {
    html: markdown.renderer.render(tokens, markdown.options, env),
    ...plainText(tokens),
    headings,
    links,
    images,
    codeBlocks: tokens.filter((t) => t.type === "fence").map((t) => t.info.trim().split(/\s+/)[0] || null),
    problems: [...limitProblems(tokens, headings.length, lineOf), ...refused],
  };
}

const NESTED = /^(blockquote|bullet_list|ordered_list)_(open|close)$/;
const NESTED_HTML_LIMIT = `raw HTML nested at most ${MAX_MARKUP_NESTING} deep`;
const NESTED_LIMIT = `lists and block quotes nested at most ${MAX_NESTING} deep`;

/** The document's limits (MAX_HEADINGS, MAX_NESTING, MAX_MARKUP_NESTING) it exceeds, each a problem. */
function limitProblems(tokens: Token[], headings: number, lineOf: (line: number) => string): RenderProblem[] {
  const problems: RenderProblem[] = [];
  if (headings > MAX_HEADINGS)
    problems.push({ field: "(body)", expected: `at most ${MAX_HEADINGS} headings (this document has ${headings})` });
  let depth = 0;
  for (const token of tokens) {
    if (token.meta?.nestedTooDeep) problems.push({ field: lineOf(token.map?.[0] ?? 0), expected: NESTED_HTML_LIMIT });
    if (!NESTED.test(token.type)) continue;
    // An opening token's nesting is 1, a closing one's -1.
    depth += token.nesting;
    if (depth > MAX_NESTING) {
      problems.push({ field: lineOf(token.map?.[0] ?? 0), expected: NESTED_LIMIT });
      break;
    }
  }
  return problems;
}

/**
 * Checks every link and image URL (written, autolinked or linkified) and rewrites the safe ones
 * in place through the resolver. Refused ones are problems naming the line they are on
 * (`lineOf` the body's 0-based line, null for a line of inline Markdown: markdown-it gives block
 * tokens their lines; line breaks inside a paragraph count on) and published as their text
 * alone, so no output can carry their URL.
 */
function checkUrls(
  tokens: Token[],
  options: RenderOptions,
  lineOf: (line: number) => string | null,
): Pick<RenderedMarkdown, "links" | "images"> & { refused: RenderProblem[] } {
  const links: RenderedMarkdown["links"] = [];
  const images: RenderedMarkdown["images"] = [];
  const refused: RenderProblem[] = [];
  let line = 0;
  const refuse = (kind: string, url: string): void => {
    const at = lineOf(line);
    refused.push({ field: at === null ? kind : `${at}, ${kind}`, expected: EXPECTED_URL, actual: schemeOf(url) });
  };
  // The links open at the current token, innermost last: a published one gathers its text, a
  // withheld one hides its closing tag (and an autolink's text, which is its URL).
  const open: { link: RenderedMarkdown["links"][number] | null; erase: boolean }[] = [];
  for (const block of tokens) {
    if (block.map) line = block.map[0];
    for (const token of block.children ?? []) {
      if (token.type === "link_close") {
        const { link } = open.pop() ?? { link: null };
        if (link) links.push({ ...link, text: link.text.trim() });
        else token.hidden = true;
        continue;
      }
      for (const { link } of open) if (link) link.text += inlineText([token]);
      if (token.type === "text" && open.some(({ erase }) => erase)) token.content = "";
      if (token.type === "softbreak" || token.type === "hardbreak") line += 1;
      else if (token.type === "link_open") {
        const written = String(token.attrGet("href") ?? "");
        const safe = isSafeLink(written);
        if (!safe) refuse(LINK_KINDS[token.markup] ?? "link", written);
        const url = !safe ? null : options.resolveLink ? options.resolveLink(written) : written;
        if (url !== null) token.attrSet("href", url);
        else {
          token.hidden = true;
          token.attrs = null;
        }
        const erase = url === null && (token.markup === "autolink" || token.markup === "linkify");
        open.push({ link: url === null ? null : { written, url, text: "" }, erase });
      } else if (token.type === "image") {
        const written = String(token.attrGet("src") ?? "");
        if (!isSafeLink(written)) {
          refuse("image", written);
          // Published as its alt text alone.
          token.content = inlineText(token.children ?? []);
          token.type = "text";
          token.attrs = null;
          token.children = null;
          continue;
        }
        const resolved = options.resolveImage ? options.resolveImage(written) : { url: written };
        token.attrSet("src", resolved.url);
        if (resolved.width && resolved.height) {
          token.attrSet("width", String(resolved.width));
          token.attrSet("height", String(resolved.height));
        }
        images.push({ written, url: resolved.url, alt: inlineText(token.children ?? []).trim() });
      } else if (token.type === "html_inline") {
        // A tag written across lines moves on as many lines.
        line += token.content.split("\n").length - 1;
      }
    }
  }
  return { links, images, refused };
}

const EXPECTED_URL = "a relative link, an http(s) URL with a host (and no user name), or a mailto: address";
/** What a problem calls a link by how it was written: `<…>`, a bare URL, else `[…](…)`. */
const LINK_KINDS: Readonly<Record<string, string>> = { autolink: "autolink", linkify: "linked URL" };

/** The scheme as written (`javascript:`), or what stands in its place (`//…` for protocol-relative). */
function schemeOf(url: string): string {
  const trimmed = url.trim();
  if (trimmed.startsWith("//")) return "//…";
  const scheme = /^([^:/?#]*):/.exec(trimmed)?.[1];
  if (scheme === undefined) return "(no scheme)";
  return `${withoutControlCharacters(scheme).slice(0, 40)}:`;
}

/** Renders one line of inline Markdown (a /now item) to HTML and plain text; its links are checked as a document's are. */
export function renderInline(
  source: string,
  options: Pick<RenderOptions, "resolveLink" | "rawHtml"> = {},
): { html: string; text: string; problems: RenderProblem[] } {
  const markdown = parserFor(options.rawHtml);
  const env = {};
  const tokens = markdown.parseInline(source, env);
  const { refused } = checkUrls(tokens, options, () => null);
  return {
    html: markdown.renderer.render(tokens, markdown.options, env),
    text: inlineText(tokens.flatMap((token) => token.children ?? [])).trim(),
    problems: refused,
  };
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/**
 * Plain text of a token stream (block texts separated by blank lines, code kept verbatim) and
 * its words of prose (code and raw HTML not counted), matched one at a time: `match` would build
 * an array of every word, in time that grows far faster than the text (sixty times for ten times
 * the words).
 */
function plainText(tokens: Token[]): { text: string; wordCount: number } {
  const blocks: string[] = [];
  let wordCount = 0;
  for (const token of tokens) {
    if (token.type === "inline") {
      const text = inlineText(token.children ?? []);
      blocks.push(text);
      WORD.lastIndex = 0;
      while (WORD.exec(text) !== null) wordCount += 1;
    } else if (token.type === "fence" || token.type === "code_block") blocks.push(token.content.replace(/\n$/, ""));
    else if (token.type === "html_block") blocks.push(stripTags(token.content).trim());
  }
  return { text: blocks.filter((block) => block.trim() !== "").join("\n\n"), wordCount };
}

function inlineText(children: Token[]): string {
  let text = "";
  for (const child of children) {
    if (child.type === "text" || child.type === "code_inline") text += child.content;
    else if (child.type === "image") text += inlineText(child.children ?? []);
    else if (child.type === "softbreak" || child.type === "hardbreak") text += "\n";
  }
  return text;
}

/** Removes tags and decodes character references: enough for text that came as HTML (feed summaries). */
export function stripTags(html: string): string {
  // Past the last ">" no tag can end: the pattern tried from each "<" there would be quadratic.
  const end = html.lastIndexOf(">") + 1;
  return decodeEntities(html.slice(0, end).replace(/<[^>]*>/g, "") + html.slice(end));
}
