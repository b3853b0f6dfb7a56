import { renderDocsPage, type OpenApiForDocs } from "../api/docs-page.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { buildOpenApi } from "../api/openapi.ts";
import { renderRouteFile, routePermalink } from "../api/render-file.ts";
import { availableRoutes, routeById, routeUrl, type ApiDefinition } from "../api/route.ts";

/*
 * Factories for the `.11ty.ts` templates in api-templates/: each template file states which
 * API, which global data key holds its model and which route it writes; these do the rest.
 * A model that is null (no blog in this content) yields no files.
 */

type Data = Record<string, unknown>;

/**
 * Pagination needs a data key that always holds a list, and a model can be null (no blog): each
 * template paginates an empty list of its own, and `before` puts the real items in its place.
 */
const ITEMS = "apiTemplateItems";

interface TemplateModule {
  data: Data;
  render(data: Data): string;
}

/** Writes every route of the API that has no path parameters (one file each). */
export function singleFilesTemplate<M>(api: ApiDefinition<M>, modelKey: string): TemplateModule {
  return {
    data: {
      [ITEMS]: [],
      pagination: {
        data: ITEMS,
        size: 1,
        alias: "routeId",
        before: (_: unknown, full: Data) => {
          const model = full[modelKey] as M | null;
          return model ? availableRoutes(api, model).filter((route) => !route.params).map((route) => route.id) : [];
        },
      },
      permalink: (d: Data) => routePermalink(api, d.routeId as string),
      eleventyExcludeFromCollections: true,
    },
    render: (d) => renderRouteFile(api, d[modelKey] as M, d.routeId as string),
  };
}

/** Writes one file per item of a model list (a project, a domain, a post, a badge metric). */
export function paginatedTemplate<M, T>(
  api: ApiDefinition<M>,
  modelKey: string,
  routeId: string,
  items: (model: M) => T[],
  params: (item: T) => Record<string, string>,
): TemplateModule {
  return {
    data: {
      [ITEMS]: [],
      pagination: {
        data: ITEMS,
        size: 1,
        alias: "item",
        before: (_: unknown, full: Data) => {
          const model = full[modelKey] as M | null;
          return model ? items(model) : [];
        },
      },
      permalink: (d: Data) => routePermalink(api, routeId, params(d.item as T)),
      eleventyExcludeFromCollections: true,
    },
    render: (d) => renderRouteFile(api, d[modelKey] as M, routeId, params(d.item as T)),
  };
}

/** The human API reference page (what `meta.docs` names), generated from the OpenAPI document. */
export function docsPageTemplate<M extends { config: SiteConfig }>(api: ApiDefinition<M>, modelKey: string): TemplateModule {
  return {
    data: {
      [ITEMS]: [],
      pagination: {
        data: ITEMS,
        size: 1,
        alias: "docsModel",
        before: (_: unknown, full: Data) => (full[modelKey] ? [full[modelKey]] : []),
      },
      permalink: (d: Data) => {
        const docs = api.context(d.docsModel as M).docs;
        const { baseUrl } = api.context(d.docsModel as M);
        return `${docs.slice(baseUrl.length).replace(/^\//, "")}index.html`;
      },
      eleventyExcludeFromCollections: true,
    },
    render: (d) => {
      const model = d.docsModel as M;
      const doc = buildOpenApi(api, model) as unknown as OpenApiForDocs;
      const openapiUrl = routeUrl(api, api.context(model), routeById(api, "getOpenApi"), {});
      return renderDocsPage(doc, { openapiUrl, url: api.context(model).docs, config: model.config });
    },
  };
}
