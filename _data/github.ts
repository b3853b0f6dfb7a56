// Global `github`: stars, last pushes and pull requests (live or last-known), with freshness notes.
import { githubData } from "../src/eleventy/build-data.ts";

export default githubData;
