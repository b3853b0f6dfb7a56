// sitemap.xml and robots.txt at the root of the site.
import type { BlogModel } from "../src/blog/blog-model.ts";
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { robotsTxt, sitemapXml } from "../src/site/sitemap.ts";

interface Data {
  portfolio: PortfolioModel;
  blog: BlogModel | null;
  file: "sitemap.xml" | "robots.txt";
}

export const data = {
  siteFiles: ["sitemap.xml", "robots.txt"],
  pagination: { data: "siteFiles", size: 1, alias: "file" },
  permalink: (d: Data) => d.file,
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  return d.file === "sitemap.xml" ? sitemapXml(d.portfolio, d.blog) : robotsTxt(d.portfolio);
}
