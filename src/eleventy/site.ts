// What .eleventy.js takes from the compiled site module (src/eleventy/compiled-site.mjs): our
// plugins and the site configuration. The module also carries the templates and data files.
export { default as portfolioPlugin } from "./portfolio-plugin.ts";
export { default as devServerPlugin } from "./dev-server.ts";
export { default as ogImagesPlugin } from "./og-images.ts";
export { readSiteConfig } from "../config/site-config.ts";
