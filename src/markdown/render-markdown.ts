import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";
import slugify from "@sindresorhus/slugify";
import { highlightCode } from "./highlight.ts";

/** A heading found while rendering; its id is also set on the heading element in the HTML. */
export interface RenderedHeading {
  level: number;
  id: string;
  title: string;
}

/** A link as written and as published. */
export interface RenderedLink {
  /** The href as the author wrote it. */
  written: string;
  /** The href in the HTML (after the resolver). */
  url: string;
  text: string;
}

/** An image as written and as published. */
export interface RenderedImage {
  written: string;
  url: string;
  alt: string;
}

/** One Markdown document rendered once, in every form the outputs need. */
export interface RenderedMarkdown {
  html: string;
  text: string;
  headings: RenderedHeading[];
  links: RenderedLink[];
  images: RenderedImage[];
  /** The language of each fenced code block, in order (null when none is given). */
  codeBlocks: (string | null)[];
  /** Words of prose (code blocks not counted). */
  wordCount: number;
}

/** How a document's URLs are published: e.g. made absolute, `.md` links turned into page URLs. */
export interface RenderOptions {
  resolveLink?(href: string): string;
  /** The published URL of an image and, when known, its pixel size (written on the element, so pages do not shift). */
  resolveImage?(src: string): { url: string; width?: number; height?: number };
}

// Authored content is trusted (it is the owner's own), so raw HTML passes through. Code is
// highlighted here, in the one render, so pages and the API's content_html share the same HTML.
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false, highlight: highlightCode });

/**
 * Parses a Markdown document once and derives the HTML, the plain text and the headings
 * from that one token stream, so nothing ever renders the same file twice.
 */
export function renderMarkdown(source: string, options: RenderOptions = {}): RenderedMarkdown {
  const env = {};
  const tokens = markdown.parse(source, env);
  const headings = assignHeadingIds(tokens);
  const { links, images } = resolveUrls(tokens, options);
  return {
    html: markdown.renderer.render(tokens, markdown.options, env),
    text: tokensToText(tokens),
    headings,
    links,
    images,
    codeBlocks: tokens.filter((t) => t.type === "fence").map((t) => t.info.trim().split(/\s+/)[0] || null),
    wordCount: countWords(tokens),
  };
}

/** Rewrites every link and image URL in place through the resolver, and lists them. */
function resolveUrls(tokens: Token[], options: RenderOptions): { links: RenderedLink[]; images: RenderedImage[] } {
  const links: RenderedLink[] = [];
  const images: RenderedImage[] = [];
  for (const block of tokens) {
    const children = block.children ?? [];
    children.forEach((token, index) => {
      if (token.type === "link_open") {
        const written = String(token.attrGet("href") ?? "");
        const url = options.resolveLink ? options.resolveLink(written) : written;
        token.attrSet("href", url);
        links.push({ written, url, text: linkText(children, index) });
      } else if (token.type === "image") {
        const written = String(token.attrGet("src") ?? "");
        const resolved = options.resolveImage ? options.resolveImage(written) : { url: written };
        token.attrSet("src", resolved.url);
        if (resolved.width && resolved.height) {
          token.attrSet("width", String(resolved.width));
          token.attrSet("height", String(resolved.height));
        }
        images.push({ written, url: resolved.url, alt: inlineText(token.children ?? []).trim() });
      }
    });
  }
  return { links, images };
}

function linkText(children: Token[], openIndex: number): string {
  const inside: Token[] = [];
  let depth = 0;
  for (const token of children.slice(openIndex + 1)) {
    if (token.type === "link_open") depth += 1;
    if (token.type === "link_close") {
      if (depth === 0) break;
      depth -= 1;
    }
    inside.push(token);
  }
  return inlineText(inside).trim();
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

function countWords(tokens: Token[]): number {
  let count = 0;
  for (const token of tokens) {
    if (token.type === "inline") count += inlineText(token.children ?? []).match(WORD)?.length ?? 0;
  }
  return count;
}

/** Renders one line of inline Markdown (a /now item) to HTML and plain text. */
export function renderInline(source: string): { html: string; text: string } {
  const env = {};
  const tokens = markdown.parseInline(source, env);
  return { html: markdown.renderer.render(tokens, markdown.options, env), text: inlineText(tokens.flatMap((token) => token.children ?? [])).trim() };
}

/** Gives every heading a stable, unique id from its text (`getting-started`, `getting-started-2`). */
function assignHeadingIds(tokens: Token[]): RenderedHeading[] {
  const taken = new Set<string>();
  const headings: RenderedHeading[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    const title = inlineText(tokens[index + 1]?.children ?? []).trim();
    const base = slugify(title) || "section";
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    token.attrSet("id", id);
    headings.push({ level: Number(token.tag.slice(1)), id, title });
  });
  return headings;
}

/** Plain text of a token stream: block texts separated by blank lines, code kept verbatim. */
function tokensToText(tokens: Token[]): string {
  const blocks: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") blocks.push(inlineText(token.children ?? []));
    else if (token.type === "fence" || token.type === "code_block") blocks.push(token.content.replace(/\n$/, ""));
    else if (token.type === "html_block") blocks.push(stripTags(token.content).trim());
  }
  return blocks.filter((block) => block.trim() !== "").join("\n\n");
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

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Removes tags and decodes the common entities: enough for text that came as HTML (feed summaries). */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#")) {
        const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        // Beyond the last code point (or a surrogate) is not a character: keep the text as written.
        return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}
