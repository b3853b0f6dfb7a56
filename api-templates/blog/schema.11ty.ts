// One JSON Schema 2020-12 document per component: /blog/api/v1/schemas/{name}.json, what meta.schema names.
import { publishedSchemas, SCHEMA_ROUTE_ID } from "../../src/api/json-schemas.ts";
import { blogApi } from "../../src/api/blog/routes.ts";
import { paginatedTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = paginatedTemplate(
  blogApi,
  "blog",
  SCHEMA_ROUTE_ID,
  () => [...publishedSchemas(blogApi).keys()],
  (name: string) => ({ name }),
);
