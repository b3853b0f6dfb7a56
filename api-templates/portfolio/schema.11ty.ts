// One JSON Schema 2020-12 document per component: /api/v1/schemas/{name}.json, what meta.schema names.
import { publishedSchemas, SCHEMA_ROUTE_ID } from "../../src/api/json-schemas.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = paginatedTemplate(
  portfolioApi,
  "portfolio",
  SCHEMA_ROUTE_ID,
  () => [...publishedSchemas(portfolioApi).keys()],
  (name: string) => ({ name }),
);
