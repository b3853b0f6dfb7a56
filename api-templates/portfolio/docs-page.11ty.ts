// The portfolio API reference that every portfolio file's meta.docs names, generated from openapi.json.
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { docsPageTemplate } from "../../src/eleventy/api-templates.ts";
import { portfolioKey } from "../../src/model/portfolio-model.ts";

export const { data, render } = docsPageTemplate(portfolioApi, "portfolio", portfolioKey);
