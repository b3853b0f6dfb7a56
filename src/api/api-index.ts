import { apiPath, publishedUrl } from "../config/site-paths.ts";
import type { ApiIndex, IndexEndpoint } from "../schemas/portfolio/catalog.ts";
import { availableRoutes, mediaTypeOf, routeById, routeUrl, type ApiDefinition } from "./route.ts";

/** The index file's payload: every endpoint of this build with its URL and, when templated, every valid value. */
export function buildApiIndex<M>(definition: ApiDefinition<M>, model: M): ApiIndex {
  const context = definition.context(model);
  const endpoints = availableRoutes(definition, model).map(
    (route): IndexEndpoint => ({
      path: definition.root + route.path,
      url: publishedUrl(context.config, apiPath(context.config, definition.root, route.path)),
      summary: route.summary,
      group: route.group,
      type: mediaTypeOf(route),
      ...(route.param && { params: { [route.param.name]: route.param.values(model) } }),
    }),
  );
  return {
    name: context.name,
    description: context.description,
    version: definition.version,
    docs: context.docs,
    openapi: routeUrl(definition, context, routeById(definition, "getOpenApi"), {}),
    endpoints,
  };
}
