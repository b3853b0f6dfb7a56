// Eleventy configuration: the directories and our one plugin; the work lives in src/
// (docs/architecture.md). Node runs our TypeScript itself (type stripping, Node 22.18+).
import { readSiteConfig } from "./src/config/site-config.ts";
import folioPlugin from "./src/eleventy/plugin.ts";

/** Where the site is written; `npm run build` stages it beside this folder first (docs/deployment.md). */
export const OUTPUT_DIR = "_site";

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default function (eleventyConfig) {
  // TypeScript data and templates, assets, images, the dev server's rules, the checks.
  eleventyConfig.addPlugin(folioPlugin);
  return {
    dir: { input: ".", data: "_data", output: OUTPUT_DIR },
    // Only our TypeScript templates are pages: content/ is read by our loader, README is not a page.
    templateFormats: ["11ty.ts"],
    // A project site (https://owner.github.io/portfolio) is served under its path, locally too.
    pathPrefix: `${readSiteConfig().basePath}/`,
  };
}
