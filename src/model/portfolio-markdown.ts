import type { SiteConfig } from "../config/site-config.ts";
import { ProblemList } from "../content/content-error.ts";
import type { NowFile } from "../content/content-schemas.ts";
import type { ProjectSource, RefusedProject } from "../content/load-portfolio-content.ts";
import { displayPath } from "../content/read-files.ts";
import { warnUnknownLanguages } from "../markdown/highlight.ts";
import { renderInline, type RenderedMarkdown } from "../markdown/render-markdown.ts";
import { pruneRenderCache, renderMarkdown } from "../markdown/cached-render.ts";
import { publishedUrl, rebasedUrl, sitePaths } from "../config/site-paths.ts";
import type { UnpublishedPosts } from "../util/unpublished-posts.ts";

/** A writeup or a /now item as published: its HTML and its plain text. */
export type RenderedText = Pick<RenderedMarkdown, "html" | "text">;

/** Every piece of the portfolio's Markdown, rendered once. */
export interface PortfolioMarkdown {
  /** By project file; null for a project without a writeup. */
  writeups: ReadonlyMap<string, RenderedText | null>;
  /** The /now items, section by section, in the order written. */
  now: RenderedText[][];
}

export interface MarkdownInputs {
  config: SiteConfig;
  projects: readonly ProjectSource[];
  now: NowFile;
  /** Project files whose front matter was refused: rendered only so their links are checked too. */
  refusedProjects?: readonly RefusedProject[];
  unpublished?: UnpublishedPosts | undefined;
}

/**
 * Renders every project writeup and /now item; the refused links of all of them, named with
 * their file, make one ContentError, so one never hides another.
 */
export function renderPortfolioMarkdown(inputs: MarkdownInputs): PortfolioMarkdown {
  const { config, unpublished } = inputs;
  const problems = new ProblemList();
  const rawHtml = config.site.markdown?.raw_html;
  const renderWriteup = (
    project: RefusedProject,
    resolveLink?: (href: string) => string | null,
  ): RenderedText | null => {
    // Without the blank lines and spaces around it; the blank lines taken off the top count, so
    // problems name the file's own lines.
    const body = project.body.trim();
    if (body === "") return null;
    const skipped = project.body.slice(0, project.body.length - project.body.trimStart().length);
    const firstLine = project.bodyLine + skipped.split("\n").length - 1;
    const rendered = renderMarkdown(body, { resolveLink, firstLine, rawHtml });
    const file = displayPath(project.file);
    for (const problem of rendered.problems) problems.add({ file, ...problem });
    warnUnknownLanguages(file, rendered.codeBlocks);
    return rendered.problems.length > 0 ? null : { html: rendered.html, text: rendered.text };
  };
  const writeups = new Map<string, RenderedText | null>();
  for (const project of inputs.projects) {
    const resolveLink = projectLinkResolver(config, project.file, project.meta.name, unpublished);
    writeups.set(project.file, renderWriteup(project, resolveLink));
  }
  for (const project of inputs.refusedProjects ?? []) renderWriteup(project);
  // The last of a build's documents: the blog's come first (src/eleventy/build-data.ts).
  pruneRenderCache();
  const nowFile = displayPath(`${config.contentDir}/now.yaml`);
  const items = inputs.now.sections.map((section, s) =>
    section.items.map((item, i) => {
      const field = `sections[${s}].items[${i}]`;
      const resolveLink = (href: string) => rebasedUrl(config, href);
      const { text, html, problems: refused } = renderInline(item, { rawHtml, resolveLink });
      for (const problem of refused) problems.add({ file: nowFile, ...problem, field: `${field}, ${problem.field}` });
      return { text, html };
    }),
  );
  problems.throwIfAny();
  return { writeups, now: items };
}

/**
 * What a project's links publish as: rebased to this build (`rebasedUrl`), or null (plain text)
 * for a link to a scheduled post, until it is out (util/unpublished-posts.ts).
 */
export function projectLinkResolver(
  config: SiteConfig,
  file: string,
  name: string,
  unpublished?: UnpublishedPosts,
): (href: string) => string | null {
  const linkSource = { file: displayPath(file), base: publishedUrl(config, sitePaths(config).project(name)) };
  return (href) => {
    const url = rebasedUrl(config, href);
    return unpublished ? unpublished.publishable(url, linkSource) : url;
  };
}
