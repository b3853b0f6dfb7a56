// Eleventy configuration: directories and our plugins; the work lives in src/ (docs/architecture.md).
// Our TypeScript (src/, _data/, the templates) is loaded as one module compiled by esbuild, and
// compiled again when a source changes (src/eleventy/compiled-site.mjs says why).
import { loadCompiledSite, SOURCE_DIRS } from "./src/eleventy/compiled-site.mjs";

/** Where the site is written; `npm run build` stages it beside this folder first (docs/deployment.md). */
export const OUTPUT_DIR = "_site";
// `npm start` listens on loopback unless FOLIO_DEV_HOST says otherwise (docs/security.md).
import { devServerExposed, listenOnDevServerHost } from "./src/eleventy/dev-server-host.mjs";
// Eleventy 3 does not rebuild on a deleted file; this makes `npm start` do so (the module says how).
import rebuildOnDeletion from "./src/eleventy/watch-deletions.mjs";

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default async function (eleventyConfig) {
  const root = import.meta.dirname;
  const site = await loadCompiledSite(root);
  if (process.env.ELEVENTY_RUN_MODE === "serve") await listenOnDevServerHost();
  // TypeScript data and templates, the per-build data, the after-build validation.
  eleventyConfig.addPlugin(site.portfolioPlugin, { root, templates: site.templates, data: site.data });
  // The production host's headers and content types for `npm start`, and the _headers file.
  eleventyConfig.addPlugin(site.devServerPlugin, { exposed: devServerExposed() });
  // The social images, rendered after the build from the model.
  eleventyConfig.addPlugin(site.ogImagesPlugin);
  // favicon.ico and apple-touch-icon.png, rendered from the site's icon (browsers ask for them).
  eleventyConfig.addPlugin(site.siteIconsPlugin, { root });
  // With `npm start`, a code change reloads this file, which compiles the changed code.
  for (const dir of SOURCE_DIRS) eleventyConfig.addWatchTarget(`./${dir}/**/*.ts`, { resetConfig: true });
  // With `npm start`, a deleted or renamed content file or asset rebuilds too.
  eleventyConfig.addPlugin(rebuildOnDeletion, { folders: [process.env.CONTENT_DIR ?? "content", "site-assets"] });

  return {
    dir: { input: ".", data: "_data", output: OUTPUT_DIR },
    // Only our TypeScript templates are pages: content/ is read by our loader, README is not a page.
    templateFormats: ["11ty.ts"],
    // A project site (https://owner.github.io/portfolio) is served under its path, locally too.
    pathPrefix: `${site.readSiteConfig().basePath}/`,
  };
}
