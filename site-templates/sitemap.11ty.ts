// sitemap.xml and robots.txt at the root of the site.
import type { BlogModel } from "../src/blog/blog-model.ts";
import { outputFileOf, sitePaths } from "../src/config/site-paths.ts";
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { robotsTxt, sitemapXml } from "../src/site/sitemap.ts";

interface Data {
  portfolio: PortfolioModel;
  blog: BlogModel | null;
  file: "sitemap" | "robotsTxt";
}

export const data = {
  siteFiles: ["sitemap", "robotsTxt"],
  pagination: { data: "siteFiles", size: 1, alias: "file" },
  permalink: (d: Data) => outputFileOf(d.portfolio.config, sitePaths(d.portfolio.config)[d.file]),
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  return d.file === "sitemap" ? sitemapXml(d.portfolio, d.blog) : robotsTxt(d.portfolio);
}
