// What .eleventy.js takes from the compiled site module (src/eleventy/compiled-site.mjs): our
// plugins and the site configuration. The module also carries the templates and data files.
import { useBuildCache } from "../util/build-cache.ts";

export { default as portfolioPlugin } from "./portfolio-plugin.ts";
export { default as devServerPlugin } from "./dev-server.ts";
export { default as ogImagesPlugin } from "./og-images.ts";
export { default as siteIconsPlugin } from "./site-icons.ts";
export { readSiteConfig } from "../config/site-config.ts";

// The build keeps what it derives between runs in .cache/ (compiled validators, the key's
// fingerprint, highlighted code, social images), or in FOLIO_CACHE_DIR (the benchmark starts
// each size from an empty one). Set here, before the configuration file reads site.yaml. A
// folder that cannot be used is ignored with one warning (src/util/build-cache.ts).
useBuildCache(process.env.FOLIO_CACHE_DIR?.trim() || ".cache");
