// Eleventy configuration: directories and our plugins; the work lives in src/.
// tsx lets Node 20 load the TypeScript modules below (see docs/ and stack notes in the README).
import "tsx/esm";

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default async function (eleventyConfig) {
  const { default: portfolioPlugin } = await import("./src/eleventy/portfolio-plugin.ts");
  const { default: devServerPlugin } = await import("./src/eleventy/dev-server.ts");
  const { readSiteConfig } = await import("./src/config/site-config.ts");
  eleventyConfig.addPlugin(portfolioPlugin);
  eleventyConfig.addPlugin(devServerPlugin);
  eleventyConfig.addPlugin((await import("./src/eleventy/og-images.ts")).default);

  return {
    dir: { input: ".", data: "_data", output: "_site" },
    // Only our TypeScript templates are pages: content/ is read by our loader, README is not a page.
    templateFormats: ["11ty.ts"],
    // A project site (https://owner.github.io/portfolio) is served under its path, locally too.
    pathPrefix: `${readSiteConfig().basePath}/`,
  };
}
