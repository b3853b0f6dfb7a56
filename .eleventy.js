// Eleventy configuration: directories and our plugins; the work lives in src/ (README, "Architecture").
// Node 20 cannot run TypeScript by itself: tsx's loader, registered first, lets the dynamic
// imports below (and Eleventy's own imports of _data/*.ts and *.11ty.ts) load it.
import "tsx/esm";

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default async function (eleventyConfig) {
  const { default: portfolioPlugin } = await import("./src/eleventy/portfolio-plugin.ts");
  const { default: devServerPlugin } = await import("./src/eleventy/dev-server.ts");
  const { default: ogImagesPlugin } = await import("./src/eleventy/og-images.ts");
  const { readSiteConfig } = await import("./src/config/site-config.ts");
  // TypeScript data and templates, the per-build data, the after-build validation.
  eleventyConfig.addPlugin(portfolioPlugin);
  // The production host's headers and content types for `npm start`, and the _headers file.
  eleventyConfig.addPlugin(devServerPlugin);
  // The social images, rendered after the build from the model.
  eleventyConfig.addPlugin(ogImagesPlugin);

  return {
    dir: { input: ".", data: "_data", output: "_site" },
    // Only our TypeScript templates are pages: content/ is read by our loader, README is not a page.
    templateFormats: ["11ty.ts"],
    // A project site (https://owner.github.io/portfolio) is served under its path, locally too.
    pathPrefix: `${readSiteConfig().basePath}/`,
  };
}
