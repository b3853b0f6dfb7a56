// Global `portfolio`: the derived portfolio model every portfolio template serializes.
import { portfolioModel } from "../src/eleventy/build-data.ts";

export default portfolioModel;
