import { renderDocsPage, type OpenApiForDocs } from "../api/docs-page.ts";
import { buildOpenApi } from "../api/openapi.ts";
import { isWrittenAfterBuild } from "../api/manifest.ts";
import { renderRouteFile, routePermalink } from "../api/render-file.ts";
import { availableRoutes, routeById, routeUrl, type ApiDefinition } from "../api/route.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { paginatedOutput, type TemplateModule } from "./paginated-output.ts";
import { linkTarget } from "../config/site-paths.ts";
import { pageTemplate } from "./page-templates.ts";

/*
 * Factories for the `.11ty.ts` templates in api-templates/: each template file states which
 * API, which global data key holds its model and which route it writes.
 */

/** Writes every route of the API that has no path parameters (one file each). */
export function singleFilesTemplate<M>(api: ApiDefinition<M>, modelKey: string): TemplateModule {
  return paginatedOutput<M, string>({
    modelKey,
    // The manifest describes the written files, so the after-build hook writes it (src/api/manifest.ts).
    items: (model) =>
      availableRoutes(api, model)
        .filter((route) => !route.params && !isWrittenAfterBuild(route))
        .map((route) => route.id),
    file: (_, routeId) => routePermalink(api, routeId),
    render: (model, routeId) => renderRouteFile(api, model, routeId),
  });
}

/** Writes one file per item of a model list (a project, a domain, a post, a badge metric). */
export function paginatedTemplate<M, T>(
  api: ApiDefinition<M>,
  modelKey: string,
  routeId: string,
  items: (model: M) => T[],
  params: (item: T) => Record<string, string>,
): TemplateModule {
  return paginatedOutput<M, T>({
    modelKey,
    items,
    file: (_, item) => routePermalink(api, routeId, params(item)),
    render: (model, item) => renderRouteFile(api, model, routeId, params(item)),
  });
}

/** The human API reference page (what `meta.docs` names), generated from the OpenAPI document. */
export function docsPageTemplate<M extends { config: SiteConfig }>(
  api: ApiDefinition<M>,
  modelKey: string,
): TemplateModule {
  return pageTemplate<M>(
    modelKey,
    (model) => linkTarget(model.config, api.context(model).docs),
    (model) => {
      const doc = buildOpenApi(api, model) as unknown as OpenApiForDocs;
      const openapiUrl = routeUrl(api, api.context(model), routeById(api, "getOpenApi"), {});
      return renderDocsPage(doc, { openapiUrl, url: api.context(model).docs, config: model.config });
    },
  );
}
