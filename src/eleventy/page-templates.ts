import type { SiteConfig } from "../config/site-config.ts";

/*
 * Factories for the page templates in site-templates/: a template names the global data key
 * of its model, where each page goes (its URL) and how its HTML is made. Pages whose model is
 * null (no blog) or whose URL lies outside this site are not written.
 */

type Data = Record<string, unknown>;
const ITEMS = "pageTemplateItems";

interface TemplateModule {
  data: Data;
  render(data: Data): string;
}

/** The output file of a page URL: `https://site/base/projects/x/` → `projects/x/index.html`. */
export function outputFileOf(config: SiteConfig, url: string): string | null {
  if (!url.startsWith(`${config.baseUrl}/`)) return null;
  const path = url.slice(config.baseUrl.length + 1);
  return path === "" || path.endsWith("/") ? `${path}index.html` : path;
}

/** One page per item of a model list (or one page, when `items` gives one item). */
export function pagesTemplate<M extends { config: SiteConfig }, T>(
  modelKey: string,
  items: (model: M) => T[],
  url: (model: M, item: T) => string,
  render: (model: M, item: T) => string,
): TemplateModule {
  return {
    data: {
      [ITEMS]: [],
      pagination: {
        data: ITEMS,
        size: 1,
        alias: "pageItem",
        // The real list comes from the model; items whose page would lie off this site are dropped.
        before: (_: unknown, full: Data) => {
          const model = full[modelKey] as M | null;
          return model ? items(model).filter((item) => outputFileOf(model.config, url(model, item)) !== null) : [];
        },
      },
      permalink: (d: Data) => {
        const model = d[modelKey] as M;
        return outputFileOf(model.config, url(model, d.pageItem as T));
      },
      eleventyExcludeFromCollections: true,
    },
    render: (d) => render(d[modelKey] as M, d.pageItem as T),
  };
}

/** A single page of a model. */
export function pageTemplate<M extends { config: SiteConfig }>(modelKey: string, url: (model: M) => string, render: (model: M) => string): TemplateModule {
  return pagesTemplate<M, M>(modelKey, (model) => [model], (model) => url(model), (model) => render(model));
}
