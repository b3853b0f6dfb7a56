// Global `site`: base URL, build clock, content/site.yaml and the sections shown, read once per build.
import { pageConfig } from "../src/eleventy/build-data.ts";

export default pageConfig;
