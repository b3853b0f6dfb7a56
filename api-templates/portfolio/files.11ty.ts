// Every portfolio file of the route table: index, lists, projects, domains, badges, schemas, openapi.json, pgp.asc, the cards.
import { portfolioApi } from "../../src/api/portfolio/routes.ts";
import { routeFilesTemplate } from "../../src/eleventy/api-templates.ts";
import { portfolioKey } from "../../src/model/portfolio-model.ts";

export const { data, render } = routeFilesTemplate(portfolioApi, "portfolio", portfolioKey);
