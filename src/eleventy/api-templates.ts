import { renderDocsPage, renderLandingPage } from "../api/docs-page.ts";
import { landingPaths } from "../api/meta-routes.ts";
import { buildOpenApi, type OpenApiDocument } from "../api/openapi.ts";
import { isWrittenAfterBuild } from "../api/manifest.ts";
import { renderRouteFile, routePermalink } from "../api/render-file.ts";
import { availableRoutes, expandParams, routeById, routeUrl, type ApiDefinition } from "../api/route.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { paginatedOutput, type TemplateModule } from "./paginated-output.ts";
import { apiPath, linkTarget, outputFileOf, publishedUrl } from "../config/site-paths.ts";

/*
 * Factories for the `.11ty.ts` templates in api-templates/: each template file states which
 * API and which global data key holds its model.
 */

/**
 * Writes every file of the API's routes: one per route, or one per value of its parameter.
 * `key`, when the model alone makes the API's files: the model's (PaginatedOutput.key), for a
 * route without a key of its own.
 */
export function routeFilesTemplate<M>(
  api: ApiDefinition<M>,
  modelKey: string,
  key?: (model: M) => string,
): TemplateModule {
  const keyOf = new Map(api.routes.map((route) => [route.id, route.key]));
  return paginatedOutput<M, { id: string; params: Record<string, string> }>({
    modelKey,
    // The manifest describes the written files, so the after-build hook writes it (src/api/manifest.ts).
    items: (model) =>
      availableRoutes(api, model)
        .filter((route) => !isWrittenAfterBuild(route))
        .flatMap((route) => expandParams(route, model).map((params) => ({ id: route.id, params }))),
    file: (_, file) => routePermalink(api, file.id, file.params),
    render: (model, file) => renderRouteFile(api, model, file.id, file.params),
    key: (model, file) => keyOf.get(file.id)?.(model, file.params) ?? key?.(model),
  });
}

/** The human pages of an API: its reference, from the OpenAPI document, and its landing pages (`/api/`, `/api/v1/`). */
export function docsPageTemplate<M extends { config: SiteConfig }>(
  api: ApiDefinition<M>,
  modelKey: string,
  key?: (model: M) => string,
): TemplateModule {
  const url = (model: M, id: string) => routeUrl(api, api.context(model), routeById(api, id), {});
  const pathOf = (id: string) => routeById(api, id).path;
  const landing = landingPaths({ index: pathOf("getIndex"), openapi: pathOf("getOpenApi") });
  // null is the reference; a path is a landing page.
  return paginatedOutput<M, string | null>({
    modelKey,
    items: () => [null, ...landing],
    file: (model, path) =>
      path === null
        ? outputFileOf(model.config, linkTarget(model.config, api.context(model).docs))
        : outputFileOf(model.config, apiPath(model.config, api.root, path)),
    render: (model, path) => {
      const doc = buildOpenApi(api, model) as unknown as OpenApiDocument;
      const config = model.config;
      const [docsUrl, openapiUrl] = [api.context(model).docs, url(model, "getOpenApi")];
      if (path === null) return renderDocsPage(doc, { openapiUrl, url: docsUrl, config });
      // The landing pages are one page at two addresses (`/api/`, `/api/v1/`): the first is canonical.
      const pageUrl = publishedUrl(config, apiPath(config, api.root, landing[0] ?? path));
      return renderLandingPage(doc, { url: pageUrl, indexUrl: url(model, "getIndex"), docsUrl, openapiUrl, config });
    },
    key,
  });
}
