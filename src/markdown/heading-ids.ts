import type { Token } from "markdown-it";
import slugify from "@sindresorhus/slugify";
import type { RenderedHeading } from "./render-markdown.ts";

/**
 * Ids the page layout and the pages themselves use (src/site/layout.ts, src/site/pages/*.ts,
 * site-assets/palette.js). A Markdown heading never gets one of them: `## Main` must not take
 * the skip link's target away from `<main id="main">`. A test reads those files and fails when
 * an id there is missing here (tests/unit/markdown/heading-ids.test.ts).
 */
export const LAYOUT_IDS: ReadonlySet<string> = new Set([
  // The shell of every page: the skip link's target and the search palette.
  "main",
  "palette-results",
  // Section titles of the home, projects and blog index pages.
  "intro-title",
  "featured-title",
  "domains-title",
  "posts-title",
  "projects-title",
  "tags-title",
  // A post's table of contents and related posts.
  "toc-title",
  "related-title",
]);

/**
 * True when `id` belongs to the layout, so a heading must not take it. Beside LAYOUT_IDS, the
 * palette numbers its options. The domain (`d-…`) and year (`y-2026`) titles are left out on
 * purpose: they sit on list pages that never show a rendered document, and reserving every `d-`
 * slug would change ids of existing headings ("D-Bus").
 */
export function isLayoutId(id: string): boolean {
  return LAYOUT_IDS.has(id) || /^palette-option-\d+$/.test(id);
}

/**
 * Gives every heading a stable id from its text (`getting-started`), unique in the document and
 * never one of the layout's: a taken id gets the next free number (`getting-started-2`,
 * `main-2`). `title` is the heading's plain text.
 */
export function assignHeadingIds(tokens: Token[], title: (index: number) => string): RenderedHeading[] {
  const taken = new Set<string>();
  // The next number to try for each base: every lower one was taken (ids are never freed), so
  // a thousand headings of one text cost a thousand tries, not half a million.
  const nextNumber = new Map<string, number>();
  const headings: RenderedHeading[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    const text = title(index);
    const base = slugify(text) || "section";
    let id = base;
    if (taken.has(id) || isLayoutId(id)) {
      let n = nextNumber.get(base) ?? 2;
      for (id = `${base}-${n}`; taken.has(id) || isLayoutId(id); id = `${base}-${n}`) n += 1;
      nextNumber.set(base, n + 1);
    }
    taken.add(id);
    token.attrSet("id", id);
    headings.push({ level: Number(token.tag.slice(1)), id, title: text });
  });
  return headings;
}
