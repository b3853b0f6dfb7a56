import type { SiteConfig } from "../config/site-config.ts";
import { paginatedOutput, type TemplateModule } from "./paginated-output.ts";

/*
 * Factories for the page templates in site-templates/: a template names the global data key
 * of its model, each page's URL and how its HTML is made. Pages whose model is null (no blog)
 * or whose URL lies outside this site are not written.
 */

/** The output file of a page URL: `https://site/base/projects/x/` → `projects/x/index.html`. */
export function outputFileOf(config: SiteConfig, url: string): string | null {
  if (!url.startsWith(`${config.baseUrl}/`)) return null;
  const path = url.slice(config.baseUrl.length + 1);
  return path === "" || path.endsWith("/") ? `${path}index.html` : path;
}

/** One page per item of a model list. */
export function pagesTemplate<M extends { config: SiteConfig }, T>(
  modelKey: string,
  items: (model: M) => T[],
  url: (model: M, item: T) => string,
  render: (model: M, item: T) => string,
): TemplateModule {
  return paginatedOutput<M, T>({
    modelKey,
    items,
    file: (model, item) => outputFileOf(model.config, url(model, item)),
    render,
  });
}

/** A single page of a model. */
export function pageTemplate<M extends { config: SiteConfig }>(
  modelKey: string,
  url: (model: M) => string,
  render: (model: M) => string,
): TemplateModule {
  return pagesTemplate<M, M>(
    modelKey,
    (model) => [model],
    (model) => url(model),
    (model) => render(model),
  );
}
