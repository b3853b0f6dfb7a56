// Global `site`: base URL, build clock and content/site.yaml, read once per build.
import { siteConfig } from "../src/eleventy/build-data.ts";

export default siteConfig;
