// The human API reference that every portfolio file's meta.docs names, generated from openapi.json.
import type { PortfolioModel } from "../../src/model/portfolio-model.ts";
import { renderDocsPage, type OpenApiForDocs } from "../../src/api/docs-page.ts";
import { buildOpenApi } from "../../src/api/openapi.ts";
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { portfolioPaths } from "../../src/api/portfolio/paths.ts";

interface Data {
  portfolio: PortfolioModel;
}

export const data = {
  permalink: "docs/api/index.html",
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  const doc = buildOpenApi(portfolioApi, d.portfolio) as unknown as OpenApiForDocs;
  return renderDocsPage(doc, { openapiUrl: d.portfolio.config.baseUrl + portfolioPaths.openapi, siteTitle: d.portfolio.config.site.title });
}
