// Every portfolio file without path parameters: index, lists, stats, openapi.json, pgp.asc, the cards.
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { singleFilesTemplate } from "../../src/eleventy/api-templates.ts";

export const { data, render } = singleFilesTemplate(portfolioApi, "portfolio");
