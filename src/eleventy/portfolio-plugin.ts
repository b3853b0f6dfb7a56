import { existsSync, writeFileSync } from "node:fs";
import { join, posix, relative, resolve, sep } from "node:path";
import { blogApi } from "../api/blog/routes.ts";
import { writeManifest } from "../api/manifest.ts";
import { portfolioApi } from "../api/portfolio/routes.ts";
import { checkSecrets } from "../checks/check-secrets.ts";
import { formatProblems, validateSite, type ApiOutput } from "../checks/validate-site.ts";
import { blogPaths } from "../api/blog/paths.ts";
import { portfolioPaths } from "../api/portfolio/paths.ts";
import { ASSETS_FOLDER, BLOG_API_ROOT } from "../config/site-paths.ts";
import { ContentError } from "../content/content-error.ts";
import { saveHighlightedBlocks } from "../markdown/highlight.ts";
import { buildCacheDir } from "../util/build-cache.ts";
import { isStagingFolder, OUTPUT_MARKER, outputWritable, writeOutputMarker } from "../util/output-folder.mjs";
import { forgetOutputFiles, outputFile, outputFilesMade } from "../util/output-path.ts";
import { blogContent, blogModel, portfolioModel, siteConfig, startBuild } from "./build-data.ts";
import { checkSiteLinks } from "./link-check.ts";
import { emptyOutputFolder, mayClean, removeUnwritten } from "./dev-output.ts";
import type { TemplateModule } from "./paginated-output.ts";
import { copyAssets, postImageAssets } from "./published-assets.ts";
import { publishSiteAssets } from "./site-assets.ts";
import { type RenderedFile, renderedFiles, type WriteReport, writeResults } from "./write-results.ts";

/** The APIs whose files the after-build hook validates. */
export const portfolioOutput = apiOutput("", portfolioPaths.openapi);
export const blogOutput = apiOutput(BLOG_API_ROOT, blogPaths.openapi);

/**
 * Where an API's files are in the output folder, from its root (`/blog`) and the path of its
 * OpenAPI document under that root (`/api/openapi.json`): every file in the document's folder
 * (`{root}/api`) is one of its paths.
 */
function apiOutput(root: string, openapi: string): ApiOutput {
  const folder = root.replace(/^\//, "");
  const inRoot = (path: string) => (folder === "" ? path : `${folder}/${path}`);
  const document = openapi.replace(/^\//, "");
  return { openapi: inRoot(document), root: folder, owns: [inRoot(posix.dirname(document))] };
}

/** Raised after the build when a written file breaks its OpenAPI description. */
export class SiteValidationError extends Error {
  // Eleventy prints the message without our stack: the list of files is what matters.
  readonly skipOriginalStack = true;
  constructor(problemCount: number, details: string) {
    super(
      `${problemCount} built file problem(s) against the OpenAPI descriptions; nothing here may be deployed:\n${details}`,
    );
    this.name = "SiteValidationError";
  }
}

/** The compiled templates and data files, by path from the project folder (`_data/site.ts`). */
export interface CompiledModules {
  /** The project folder the paths are relative to. */
  root: string;
  templates: Record<string, TemplateModule>;
  data: Record<string, { default: unknown }>;
}

interface TemplateEngine {
  read: boolean;
  useJavaScriptImport: boolean;
  getData: string[];
  getInstanceFromInputPath(inputPath: string): TemplateModule;
  /** The render function of a template; Eleventy writes a string or a Buffer as it is. */
  compile(content: string, inputPath: string): (data: Record<string, unknown>) => string | Buffer;
}

interface EleventyConfig {
  /** Templates added with `addTemplate` (tests do), by path; their content is the module. */
  readonly virtualTemplates?: Record<string, { content: unknown }>;
  addDataExtension(ext: string, options: { read: boolean; parser: (file: string) => Promise<unknown> }): void;
  addExtension(ext: string, options: TemplateEngine): void;
  addTemplateFormats(format: string): void;
  addWatchTarget(target: string): void;
  on(
    event: string,
    handler: (arg: { directories: { output: string }; results?: RenderedFile[]; outputMode?: string }) => unknown,
  ): void;
}

/**
 * Teaches Eleventy TypeScript data files and `.11ty.ts` templates (served from the compiled
 * site module, never imported one by one), resets the per-build data, and validates every API
 * file after the build.
 * Docs: https://www.11ty.dev/docs/data-custom/ and https://www.11ty.dev/docs/languages/custom/
 */
export default function portfolioPlugin(eleventyConfig: EleventyConfig, modules: CompiledModules): void {
  // Set by scripts/build.mjs (scripts/build-env.mjs), which renders with Eleventy's `toJSON`:
  // the after-build hook writes the results, as bytes.
  const writesResults = process.env.FOLIO_WRITE_RESULTS === "true";
  const compiled = <T>(kind: "templates" | "data", file: string): T => {
    const key = relative(modules.root, resolve(file)).split(sep).join("/");
    const found =
      kind === "templates"
        ? (modules.templates[key] ?? eleventyConfig.virtualTemplates?.[key]?.content)
        : modules.data[key];
    if (found === undefined)
      throw new Error(
        `${key} is not in the compiled site module: templates are compiled from every folder except node_modules, _site, content, docs, scripts and tests`,
      );
    return found as T;
  };
  eleventyConfig.addDataExtension("ts", {
    read: false,
    parser: async (file) => {
      const value = compiled<{ default: unknown }>("data", file);
      return typeof value.default === "function" ? await (value.default as () => unknown)() : value.default;
    },
  });
  // A template language of its own rather than an alias of 11ty.js, which would import the file.
  eleventyConfig.addExtension("11ty.ts", {
    read: false,
    // As with 11ty.js: the template is its module (no front matter), virtual ones included.
    useJavaScriptImport: true,
    getData: ["data"],
    getInstanceFromInputPath: (inputPath) => compiled<TemplateModule>("templates", inputPath),
    compile: (_, inputPath) => {
      const template = compiled<TemplateModule>("templates", inputPath);
      // `npm run build` gives Eleventy each file as its UTF-8 bytes, which Eleventy keeps until
      // the build ends. Kept as strings, a large blog's files stayed in V8's heap (two bytes a
      // character for any text beyond Latin-1, which one dash makes a whole file) and every
      // garbage collection moved them: a 4,000-post rebuild peaked at about 950 MiB, with bytes
      // at about 680 (docs/performance.md, "Memory"). `npm start` and the eleventy CLI keep
      // strings (the dev server's live reload reads them).
      return writesResults ? (data) => Buffer.from(template.render(data)) : (data) => template.render(data);
    },
  });
  eleventyConfig.addTemplateFormats("11ty.ts");
  const contentDir = process.env.CONTENT_DIR ?? "content";
  eleventyConfig.addWatchTarget(contentDir);
  eleventyConfig.addWatchTarget(SITE_ASSETS);

  // Whether this build cleans its output folder, decided before anything is written there
  // (dev-output.ts). Not async, and this plugin's listener comes first: when it throws, Eleventy
  // calls no later listener, so no plugin writes into a folder of someone else's files.
  let cleans = false;
  // A staging folder that is the previous output (src/util/output-folder.mjs, the spare) is
  // written through and cleaned like an unstaged one; a fresh one holds this build's files only.
  let reusing = false;
  eleventyConfig.on("eleventy.before", ({ directories }) => {
    startBuild();
    forgetOutputFiles();
    const staged = isStagingFolder(directories.output);
    reusing = staged && existsSync(join(directories.output, OUTPUT_MARKER));
    cleans = !staged && mayClean(directories.output, [process.cwd(), contentDir]);
    // So that the next build may clean this folder again (src/util/output-folder.mjs).
    if (cleans) writeOutputMarker(outputFile(directories.output, OUTPUT_MARKER));
  });
  eleventyConfig.on("eleventy.before", async ({ directories }) => {
    // Copied here, not by Eleventy's passthrough copy, which would publish a whole folder
    // (drafts' images, symbolic links) rather than what the published pages show.
    const config = await siteConfig();
    const blog = await blogModel();
    // A spare taken as the staging folder may still be under its check (scripts/build.mjs).
    await outputWritable();
    const assets = [
      ...(await publishSiteAssets(SITE_ASSETS, ASSETS_FOLDER, resolve(directories.output))),
      ...(blog ? postImageAssets(blog, config) : []),
    ];
    await copyAssets(assets, resolve(directories.output));
  });
  eleventyConfig.on("eleventy.after", async ({ directories, results, outputMode }) => {
    // Asked for a dump of the results (`eleventy --to=json`), Eleventy writes no site: there is
    // nothing to clean, write or check. scripts/build.mjs asks for the results to write them here.
    const writing = writesResults && outputMode === "json";
    if (outputMode !== undefined && outputMode !== "fs" && !writing) return;
    const outputDir = resolve(directories.output);
    // The files are checked as Eleventy rendered them, without reading thousands back from disk.
    const written = renderedFiles(results ?? []);
    // A fresh staging folder holds only this build's files; an unstaged one (`npm start`) or a
    // reused one is cleaned here, before anything is awaited and before any check, so the
    // after-build steps of later plugins (the _headers file) see and add to the cleaned folder.
    if (cleans || reusing) removeUnwritten(outputDir, new Set([...written.keys(), ...outputFilesMade()]));
    // `npm run build` asks Eleventy for its results without writing them (scripts/build.mjs):
    // they are written here, first, leaving alone the files already there byte for byte.
    // Before anything is awaited: the after-build listeners run side by side, and the _headers
    // file (dev-server.ts) is written from the files on disk when this one first awaits.
    const wrote = writing ? writeResults(written) : undefined;
    saveHighlightedBlocks();
    const apis = (await blogContent()) ? [portfolioOutput, blogOutput] : [portfolioOutput];
    const started = performance.now();
    const phases: Record<string, number> = {};
    let mark = started;
    const lap = (phase: string): void => {
      const now = performance.now();
      phases[phase] = Math.round(now - mark);
      mark = now;
    };
    // Each API's manifest hashes the bytes just written, so it comes last, and is checked with them.
    writeManifest(outputDir, portfolioApi, await portfolioModel(), written);
    const blogForManifest = await blogModel();
    if (blogForManifest) writeManifest(outputDir, blogApi, blogForManifest, written);
    lap("manifests");
    const problems = validateSite(outputDir, apis, { cacheDir: buildCacheDir("validators"), written });
    lap("validation");
    const validationMs = performance.now() - started;
    // Every link to this site must lead to a file of this build (checks/check-links.ts).
    const links = await checkSiteLinks(outputDir, written);
    lap("linkCheck");
    // No file of this build may carry a secret of the process, however disguised (checks/check-secrets.ts).
    const leaks = checkSecrets(outputDir, written, outputFilesMade());
    lap("secretCheck");
    // The benchmark (scripts/bench) and scripts/build.mjs read the after-build steps' times from this file.
    if (process.env.FOLIO_TIMINGS_FILE)
      writeFileSync(process.env.FOLIO_TIMINGS_FILE, JSON.stringify({ validationMs, phases }));
    const found = leaks.length > 0 ? new ContentError([...leaks, ...(links?.problems ?? [])]) : links;
    if (problems.length > 0 || found) {
      // A staged build's folder is discarded by scripts/build.mjs; here nothing rejected stays served.
      if (cleans) emptyOutputFolder(outputDir);
      if (problems.length === 0 && found) throw found;
      throw new SiteValidationError(
        problems.length,
        [formatProblems(problems), found?.message ?? ""].join("\n").trim(),
      );
    }
    if (wrote) reportWritten(wrote);
  });
}

/**
 * Eleventy's closing line, which it prints only when it writes the files itself, printed once
 * every check has passed: the files Eleventy rendered (not the assets, images and manifests
 * the plugins write), and the time since the build's process started.
 */
function reportWritten(report: WriteReport): void {
  const seconds = (performance.now() / 1000).toFixed(2);
  const written = report.files - report.unchanged;
  const kept = report.unchanged > 0 ? ` (${report.unchanged} were already there)` : "";
  console.log(`[11ty] Rendered ${report.files} files, wrote ${written}${kept}, in ${seconds} seconds`);
}

/** The site's own stylesheet, scripts and icon, published under `assets/` (docs/site-contract.md, "Assets"). */
const SITE_ASSETS = "site-assets";
