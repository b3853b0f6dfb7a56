// The portfolio API reference that every portfolio file's meta.docs names, generated from openapi.json.
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { docsPageTemplate } from "../../src/eleventy/api-templates.ts";
import type { PortfolioModel } from "../../src/model/portfolio-model.ts";

export const { data, render } = docsPageTemplate(portfolioApi, "portfolio", (m: PortfolioModel) => m.config.site.title);
