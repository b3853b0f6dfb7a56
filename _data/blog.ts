// Global `blog`: the derived blog model (published posts only), or null when there is no blog.
import { blogModel } from "../src/eleventy/build-data.ts";

export default blogModel;
