import { renderDocsPage, renderLandingPage, type OpenApiForDocs } from "../api/docs-page.ts";
import { landingPaths } from "../api/meta-routes.ts";
import { buildOpenApi } from "../api/openapi.ts";
import { isWrittenAfterBuild } from "../api/manifest.ts";
import { renderRouteFile, routePermalink } from "../api/render-file.ts";
import { availableRoutes, routeById, routeUrl, type ApiDefinition } from "../api/route.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { paginatedOutput, type TemplateModule } from "./paginated-output.ts";
import { apiPath, linkTarget, outputFileOf, publishedUrl } from "../config/site-paths.ts";

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
        .filter((route) => !route.param && !isWrittenAfterBuild(route))
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

/** The human pages of an API: its reference, from the OpenAPI document, and its landing pages (`/api/`, `/api/v1/`). */
export function docsPageTemplate<M extends { config: SiteConfig }>(
  api: ApiDefinition<M>,
  modelKey: string,
): TemplateModule {
  const url = (model: M, id: string) => routeUrl(api, api.context(model), routeById(api, id), {});
  // null is the reference; a path is a landing page.
  return paginatedOutput<M, string | null>({
    modelKey,
    items: () => [null, ...apiLandingPaths(api)],
    file: (model, path) =>
      path === null
        ? outputFileOf(model.config, linkTarget(model.config, api.context(model).docs))
        : outputFileOf(model.config, apiPath(model.config, api.root, path)),
    render: (model, path) => {
      const doc = buildOpenApi(api, model) as unknown as OpenApiForDocs;
      const config = model.config;
      const [docsUrl, openapiUrl] = [api.context(model).docs, url(model, "getOpenApi")];
      if (path === null) return renderDocsPage(doc, { openapiUrl, url: docsUrl, config });
      const pageUrl = publishedUrl(config, apiPath(config, api.root, path));
      return renderLandingPage(doc, { url: pageUrl, indexUrl: url(model, "getIndex"), docsUrl, openapiUrl, config });
    },
  });
}

/** The landing pages' paths under the API's root (`/api/`, `/api/v1/`). */
export function apiLandingPaths<M>(api: ApiDefinition<M>): string[] {
  return landingPaths({ index: routeById(api, "getIndex").path, openapi: routeById(api, "getOpenApi").path });
}
