import type { SiteConfig } from "../config/site-config.ts";
import { outputFileOf } from "../config/site-paths.ts";
import { paginatedOutput, type TemplateModule } from "./paginated-output.ts";

/*
 * Factories for the page templates in site-templates/. Pages whose model is null (no blog) or
 * whose path lies outside this site are not written.
 */

/** One page per item of a model list. */
export function pagesTemplate<M extends { config: SiteConfig }, T>(
  modelKey: string,
  items: (model: M) => T[],
  path: (model: M, item: T) => string,
  render: (model: M, item: T) => string,
  key?: (model: M, item: T) => string | undefined,
): TemplateModule {
  return paginatedOutput<M, T>({
    modelKey,
    items,
    file: (model, item) => outputFileOf(model.config, path(model, item)),
    render,
    key,
  });
}
