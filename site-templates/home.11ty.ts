// The home page: profile, featured projects, domains, latest posts.
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { pageTemplate } from "../src/eleventy/page-templates.ts";
import { pageUrls } from "../src/site/page-urls.ts";
import { homePage } from "../src/site/pages/portfolio-pages.ts";

export const { data, render } = pageTemplate("portfolio", (m: PortfolioModel) => pageUrls(m.config).home, homePage);
