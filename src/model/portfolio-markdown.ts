import type { SiteConfig } from "../config/site-config.ts";
import { ProblemList } from "../content/content-error.ts";
import type { NowFile } from "../content/content-schemas.ts";
import type { RefusedProject } from "../content/load-portfolio-content.ts";
import { displayPath } from "../content/read-files.ts";
import { renderInline, renderMarkdown } from "../markdown/render-markdown.ts";
import { pageUrls } from "../site/page-urls.ts";
import type { UnpublishedPosts } from "../util/unpublished-posts.ts";

/** A writeup or a /now item as published: its HTML and its plain text. */
export interface RenderedText {
  html: string;
  text: string;
}

/** Every piece of the portfolio's Markdown, rendered once. */
export interface PortfolioMarkdown {
  /** By project file; null for a project without a writeup. */
  writeups: ReadonlyMap<string, RenderedText | null>;
  /** The /now items, section by section, in the order written. */
  now: RenderedText[][];
}

export interface MarkdownInputs {
  config: SiteConfig;
  projects: readonly { file: string; meta: { name: string }; body: string }[];
  now: NowFile;
  /** Project files whose front matter was refused: rendered only so their links are checked too. */
  refusedProjects?: readonly RefusedProject[];
  unpublished?: UnpublishedPosts | undefined;
}

/**
 * Renders every project writeup and /now item. The renderer refuses a link per document by
 * throwing; here each document is rendered in turn and all of their problems make one
 * ContentError, so a refused link in one writeup never hides another's, or a /now item's.
 */
export function renderPortfolioMarkdown({ config, projects, now, refusedProjects = [], unpublished }: MarkdownInputs): PortfolioMarkdown {
  const problems = new ProblemList();
  const rawHtml = config.site.markdown?.raw_html;
  const writeups = new Map<string, RenderedText | null>();
  for (const project of projects) {
    const body = project.body.trim();
    const resolveLink = projectLinkResolver(config, project.file, project.meta.name, unpublished);
    const rendered = body === "" ? null : problems.collect(() => renderMarkdown(body, { resolveLink, file: project.file, rawHtml }), null);
    writeups.set(project.file, rendered ? { html: rendered.html, text: rendered.text } : null);
  }
  for (const project of refusedProjects) {
    const body = project.body.trim();
    if (body !== "") problems.collect(() => renderMarkdown(body, { file: project.file, rawHtml }), null);
  }
  const nowFile = displayPath(`${config.contentDir}/now.yaml`);
  const items = now.sections.map((section, s) =>
    section.items.map((item, i) => {
      const field = `sections[${s}].items[${i}]`;
      const { text, html } = problems.collect(() => renderInline(item, { file: nowFile, field, rawHtml }), { html: "", text: "" });
      return { text, html };
    }));
  problems.throwIfAny();
  return { writeups, now: items };
}

/**
 * What a project's links publish as: as written, or null (plain text) for a link to a scheduled
 * post, held back until it is out (util/unpublished-posts.ts).
 */
export function projectLinkResolver(config: SiteConfig, file: string, name: string, unpublished?: UnpublishedPosts): (href: string) => string | null {
  const linkSource = { file: displayPath(file), base: pageUrls(config).project(name) };
  return (href) => (unpublished ? unpublished.publishable(href, linkSource) : href);
}
