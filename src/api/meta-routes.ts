import { ApiIndex } from "../schemas/portfolio/catalog.ts";
import { buildApiIndex } from "./api-index.ts";
import { schemaRoute } from "./json-schemas.ts";
import { manifestRoute } from "./manifest.ts";
import { buildOpenApi, OpenApiDocumentShape } from "./openapi.ts";
import type { ApiDefinition, Route } from "./route.ts";

/**
 * The routes every API has: its index, OpenAPI document, manifest and schema files. `api` is a
 * function because a route table is built before the definition that holds it.
 */
export function metaRoutes<M>(
  api: () => ApiDefinition<M>,
  paths: { index: string; openapi: string },
  apiName: string,
): Route<M>[] {
  return [
    {
      id: "getIndex",
      path: paths.index,
      group: "meta",
      body: "envelope",
      schema: ApiIndex,
      summary: "Every endpoint with its URL",
      description: `Entry point of the ${apiName}. Templated paths carry \`params\` listing every valid value.`,
      build: (model) => buildApiIndex(api(), model),
    },
    {
      id: "getOpenApi",
      path: paths.openapi,
      group: "meta",
      body: "raw",
      schema: OpenApiDocumentShape,
      summary: "This OpenAPI 3.1 description",
      description:
        "The machine-readable description of every path, parameter and response. Every file is validated against it before deploy.",
      build: (model) => buildOpenApi(api(), model),
    },
    manifestRoute(apiName),
    schemaRoute(api),
  ];
}

/**
 * The site paths, under an API's root, of its landing pages: the folders of its OpenAPI document
 * and of its index (`/api/`, `/api/v1/`), where someone exploring the API by hand looks first.
 * They are one page: the first is its canonical address, the one the sitemap lists.
 */
export function landingPaths(paths: { index: string; openapi: string }): [canonical: string, ...others: string[]] {
  const folder = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
  return [...new Set([folder(paths.openapi), folder(paths.index)])] as [string, ...string[]];
}
