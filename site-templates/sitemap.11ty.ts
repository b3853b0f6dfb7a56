// sitemap.xml, robots.txt, llms.txt and llms-full.txt at the root of the site.
import type { BlogModel } from "../src/blog/blog-model.ts";
import { publishes } from "../src/config/site-config.ts";
import { outputFileOf, sitePaths } from "../src/config/site-paths.ts";
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { llmsFullTxt, llmsTxt } from "../src/site/llms-txt.ts";
import { robotsTxt, sitemapXml } from "../src/site/sitemap.ts";

interface Data {
  portfolio: PortfolioModel;
  blog: BlogModel | null;
  file: keyof typeof writers;
}

const writers = { sitemap: sitemapXml, robotsTxt, llmsTxt, llmsFullTxt };

export const data = {
  siteFiles: Object.keys(writers),
  pagination: {
    data: "siteFiles",
    size: 1,
    alias: "file",
    // llms.txt and llms-full.txt are not written when site.yaml leaves them out.
    before: (files: string[], d: Data) =>
      publishes(d.portfolio.config, "llms_txt") ? files : files.filter((file) => !file.startsWith("llms")),
  },
  permalink: (d: Data) => outputFileOf(d.portfolio.config, sitePaths(d.portfolio.config)[d.file]),
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  return writers[d.file](d.portfolio, d.blog);
}
