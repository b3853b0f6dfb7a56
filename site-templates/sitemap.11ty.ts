// sitemap.xml, robots.txt, llms.txt and llms-full.txt at the root of the site.
import type { BlogModel } from "../src/blog/blog-model.ts";
import { publishes } from "../src/config/site-config.ts";
import { outputFileOf, sitePaths } from "../src/config/site-paths.ts";
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { paginatedOutput } from "../src/eleventy/paginated-output.ts";
import { llmsFullTxt, llmsTxt } from "../src/site/llms-txt.ts";
import { robotsTxt, sitemapXml } from "../src/site/sitemap.ts";

const writers = { sitemap: sitemapXml, robotsTxt, llmsTxt, llmsFullTxt };

const template = paginatedOutput<PortfolioModel, keyof typeof writers>({
  modelKey: "portfolio",
  // llms.txt and llms-full.txt are not written when site.yaml leaves them out.
  items: (model) =>
    (Object.keys(writers) as (keyof typeof writers)[]).filter(
      (file) => publishes(model.config, "llms_txt") || !file.startsWith("llms"),
    ),
  file: (model, file) => outputFileOf(model.config, sitePaths(model.config)[file]),
  render: (model, file, data) => writers[file](model, data.blog as BlogModel | null),
});

export const data = template.data;
export const render = template.render;
