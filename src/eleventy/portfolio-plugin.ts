import { pathToFileURL } from "node:url";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatProblems, validateSite, type ApiOutput } from "../checks/validate-site.ts";
import { blogContent, startBuild } from "./build-data.ts";

/** The APIs whose files the after-build hook validates. */
export const portfolioOutput: ApiOutput = { openapi: "api/openapi.json", root: "", owns: ["api"] };
export const blogOutput: ApiOutput = { openapi: "blog/api/openapi.json", root: "blog", owns: ["blog/api"] };

/** Raised after the build when a written file breaks its OpenAPI description. */
export class SiteValidationError extends Error {
  // Eleventy prints the message without our stack: the list of files is what matters.
  readonly skipOriginalStack = true;
  constructor(problemCount: number, details: string) {
    super(`${problemCount} built file problem(s) against the OpenAPI descriptions; nothing here may be deployed:\n${details}`);
    this.name = "SiteValidationError";
  }
}

interface EleventyConfig {
  addDataExtension(ext: string, options: { read: boolean; parser: (file: string) => Promise<unknown> }): void;
  addExtension(ext: string, options: { key: string }): void;
  addTemplateFormats(format: string): void;
  addWatchTarget(target: string): void;
  addPassthroughCopy(copy: Record<string, string>): void;
  on(event: string, handler: (arg: { directories: { output: string } }) => unknown): void;
}

/**
 * Teaches Eleventy TypeScript data files and `.11ty.ts` templates, resets the per-build data,
 * and validates every API file after the build.
 * Docs: https://www.11ty.dev/docs/data-custom/ and https://www.11ty.dev/docs/languages/custom/
 */
export default function portfolioPlugin(eleventyConfig: EleventyConfig): void {
  eleventyConfig.addDataExtension("ts", {
    read: false,
    parser: async (file) => {
      const module = (await import(pathToFileURL(file).href)) as { default: unknown };
      return typeof module.default === "function" ? await (module.default as () => unknown)() : module.default;
    },
  });
  eleventyConfig.addExtension("11ty.ts", { key: "11ty.js" });
  eleventyConfig.addTemplateFormats("11ty.ts");
  const contentDir = process.env.CONTENT_DIR ?? "content";
  eleventyConfig.addWatchTarget(contentDir);
  // Post images are published as they are, beside the blog.
  eleventyConfig.addPassthroughCopy({ [join(contentDir, "blog", "images")]: "blog/images" });
  // The pages' stylesheet and the command palette (docs/site-contract.md, "Assets").
  eleventyConfig.addPassthroughCopy({ "site-assets": "assets" });

  eleventyConfig.on("eleventy.before", () => startBuild());
  eleventyConfig.on("eleventy.after", async ({ directories }) => {
    const apis = (await blogContent()) ? [portfolioOutput, blogOutput] : [portfolioOutput];
    const started = performance.now();
    const problems = validateSite(join(directories.output), apis, { cacheDir: join(".cache", "validators") });
    // The benchmark (scripts/bench) reads how long validation took from this file.
    if (process.env.FOLIO_TIMINGS_FILE) writeFileSync(process.env.FOLIO_TIMINGS_FILE, JSON.stringify({ validationMs: performance.now() - started }));
    if (problems.length > 0) throw new SiteValidationError(problems.length, formatProblems(problems));
  });
}
