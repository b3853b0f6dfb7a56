import { existsSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { join, posix, relative, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import type { UserConfig } from "@11ty/eleventy";
import { blogApi } from "../api/blog/routes.ts";
import { writeManifest } from "../api/manifest.ts";
import { landingPaths } from "../api/meta-routes.ts";
import { portfolioApi } from "../api/portfolio/routes.ts";
import { checkSecrets } from "../checks/check-secrets.ts";
import { formatProblems, validateSite, type ApiOutput } from "../checks/validate-site.ts";
import { blogPaths } from "../api/blog/paths.ts";
import { portfolioPaths } from "../api/portfolio/paths.ts";
import { ASSETS_FOLDER, BLOG_API_ROOT, SEARCH_FOLDER } from "../config/site-paths.ts";
import { ContentError } from "../content/content-error.ts";
import { ogImageFiles } from "../site/og-cards.ts";
import { keepReadsForNextBuild, useBuildCache } from "../util/build-cache.ts";
import { forgetOutputFiles, outputFile, outputFilesMade, unchangedFiles } from "../util/output-path.ts";
import { StacklessError } from "../util/stackless-error.ts";
import { renderedFiles } from "../util/written-files.ts";
import { blogModel, portfolioModel, siteConfig, startBuild } from "./build-data.ts";
import { checkSiteLinks } from "./link-check.ts";
import devServerPlugin, { listenOnDevServerHost } from "./dev-server.ts";
import { mayClean, removeUnwritten } from "./dev-output.ts";
import { hostLimitWarnings } from "./host-limits.ts";
import { renderHeadersFile } from "../site/host-rules.ts";
import { filesUnder } from "../util/files-under.ts";
import { writeOgImages } from "./og-images.ts";
import { isStagingFolder, OUTPUT_MARKER, writeOutputMarker } from "./output-folder.ts";
import { compareWithOutput, rememberOutput, transformsText, type TemplateModule } from "./paginated-output.ts";
import { copyAssets, postImageAssets } from "./published-assets.ts";
import { stopIndexing, writeSearchIndex } from "./search-index.ts";
import { publishSiteAssets } from "./site-assets.ts";
import { SITE_ICON, writeSiteIcons } from "./site-icons.ts";
import rebuildOnDeletion from "./watch-deletions.ts";

// The build cache's folder (src/util/build-cache.ts), set as this module loads: before site.yaml is read.
useBuildCache(process.env.FOLIO_CACHE_DIR?.trim() || ".cache");

/** The APIs whose files the after-build hook validates. */
const portfolioOutput = apiOutput("", portfolioPaths);
const blogOutput = apiOutput(BLOG_API_ROOT, blogPaths);

/**
 * Where an API's files are in the output folder, from its root (`/blog`) and its paths: every
 * file in its OpenAPI document's folder (`{root}/api`) is one of its paths or a landing page.
 */
function apiOutput(root: string, paths: { index: string; openapi: string }): ApiOutput {
  const folder = root.replace(/^\//, "");
  const inRoot = (path: string) => (folder === "" ? path : `${folder}/${path}`);
  const document = paths.openapi.replace(/^\//, "");
  return {
    openapi: inRoot(document),
    root: folder,
    owns: [inRoot(posix.dirname(document))],
    pages: landingPaths(paths).map((path) => inRoot(`${path.slice(1)}index.html`)),
  };
}

/**
 * The whole site for Eleventy (`npm run build`, `npm start`, the tests), and its checks.
 * Docs: https://www.11ty.dev/docs/languages/typescript/ and https://www.11ty.dev/docs/data-custom/
 */
export default async function folioPlugin(eleventyConfig: UserConfig): Promise<void> {
  const serving = process.env.ELEVENTY_RUN_MODE === "serve";
  if (serving) await listenOnDevServerHost();
  // Between `npm start`'s builds: the files that passed validation and what the link check read
  // of each, by text, so an edit checks again only the files whose text changed.
  const passed = serving ? new Map() : undefined;
  const linksRead = serving ? new Map() : undefined;
  // `npm start`'s search index: started once edits pause for 2 s (an index takes seconds), and
  // stopped by an edit that comes while it is made (Pagefind's process closed, nothing written),
  // so an edit never waits for an index of the pages it replaces.
  let indexing: Promise<void> | undefined;
  let indexSoon: NodeJS.Timeout | undefined;
  let indexStopped = false;
  // `npm start`'s checks of its last build, which the next build waits for (below); its first
  // build is checked before anything is served, as `npm run build` checks.
  let checking: Promise<void> | undefined;
  let reloads = false;
  // `.11ty.ts` templates are 11ty.js templates that Node imports as TypeScript. Each file is
  // handed to Eleventy as its UTF-8 bytes: Eleventy keeps every file until the build ends, and
  // a string beyond Latin-1 takes two bytes a character (4,000 posts: 1,114 MiB peak as
  // strings). `npm start` keeps strings, which the dev server's live reload reads. Imported once
  // (Eleventy's loader names each build's import anew: docs/robustness.md); `addTemplate`'s as given.
  const template = async (file: string) => {
    const virtual = eleventyConfig.virtualTemplates[relative(eleventyConfig.directories.input, file)];
    const { data, render } = (virtual?.content ?? (await import(pathToFileURL(resolve(file)).href))) as TemplateModule;
    return { data, render };
  };
  eleventyConfig.addExtension("11ty.ts", {
    key: "11ty.js",
    getData: ["data"],
    getInstanceFromInputPath: template,
    compile: async (_, file) => {
      const { render } = await template(file);
      return async (data) => (serving ? render(data) : Buffer.from(render(data)));
    },
  });
  eleventyConfig.addTemplateFormats("11ty.ts");
  eleventyConfig.addDataExtension("ts", {
    read: false,
    parser: async (file) => {
      const module = (await import(pathToFileURL(resolve(file)).href)) as { default: unknown };
      return typeof module.default === "function" ? await (module.default as () => unknown)() : module.default;
    },
  });
  // Eleventy's watcher cannot read TypeScript imports; `npm start` runs under `node --watch`,
  // which restarts it when a module it loaded changes (package.json).
  eleventyConfig.setWatchJavaScriptDependencies(false);
  const contentDir = process.env.CONTENT_DIR ?? "content";
  // Only our loader reads content: Eleventy must not search, import or watch through a link there (to /).
  eleventyConfig.ignores.add(`${relative(".", contentDir)}/**`);
  // Nor does Eleventy rebuild for a code edit, which `node --watch` restarts it for anyway.
  eleventyConfig.watchIgnores.add("src/**");
  eleventyConfig.addWatchTarget(contentDir);
  eleventyConfig.addWatchTarget(SITE_ASSETS);
  // One call (each replaces the last): the watcher follows no link either; and Eleventy waits until
  // a changed file's size has held for 150 ms before it rebuilds, but an editor or a copy writes a
  // file within milliseconds, so 20 ms still skips one caught half-written (docs/performance.md).
  eleventyConfig.setChokidarConfig({
    followSymlinks: false,
    awaitWriteFinish: { stabilityThreshold: 20, pollInterval: 5 },
  });

  // Whether this build cleans its output folder (dev-output.ts), decided before anything is
  // written there. Not async, and first: when it throws, Eleventy calls no later listener.
  let cleans = false;
  eleventyConfig.on("eleventy.before", ({ directories }) => {
    startBuild();
    keepReadsForNextBuild(serving);
    clearTimeout(indexSoon);
    if (indexing && !indexStopped) {
      indexStopped = true;
      stopIndexing().catch(() => {});
    }
    forgetOutputFiles();
    compareWithOutput(!transformsText(eleventyConfig), serving);
    cleans = isStagingFolder(directories.output) || mayClean(directories.output, [process.cwd(), contentDir]);
    // So that the next build may clean this folder again (kept by the cleaning: made here).
    if (cleans) writeOutputMarker(directories.output, outputFile(directories.output, OUTPUT_MARKER));
  });
  eleventyConfig.on("eleventy.before", async ({ directories }) => {
    // Copied here, not by Eleventy's passthrough copy, which would publish a whole folder
    // (drafts' images, symbolic links) rather than what the published pages show.
    const config = await siteConfig();
    const blog = await blogModel();
    const assets = [
      ...(await publishSiteAssets(SITE_ASSETS, ASSETS_FOLDER, resolve(directories.output))),
      ...postImageAssets(blog, config, (await portfolioModel()).photo),
    ];
    await copyAssets(assets, resolve(directories.output));
  });
  eleventyConfig.on("eleventy.after", async ({ directories, results, outputMode }) => {
    // `eleventy --to=json` writes no site: there is nothing to clean or check.
    if (outputMode !== undefined && outputMode !== "fs") return;
    const outputDir = resolve(directories.output);
    // `npm run build` may put its own checked folder in this one's place before `npm start`'s late checks end.
    const folder = statSync(outputDir, { throwIfNoEntry: false })?.ino;
    const replaced = () => serving && statSync(outputDir, { throwIfNoEntry: false })?.ino !== folder;
    // The files are checked as Eleventy rendered them, without reading thousands back from disk.
    const written = new Map([...renderedFiles(results ?? []), ...unchangedFiles]);
    // Before anything is awaited, so later plugins' after-build steps see the cleaned folder;
    // the search index is written below, and its folder cleaned then.
    const searchFolder = join(outputDir, SEARCH_FOLDER);
    if (cleans) removeUnwritten(outputDir, new Set([...written.keys(), ...outputFilesMade]), searchFolder);
    // An index `npm start` was making, stopped as this build began, ends before its checks read the folder.
    await indexing;
    const blog = await blogModel();
    const apis = blog ? [portfolioOutput, blogOutput] : [portfolioOutput];
    // Each step's end, a User Timing mark: what the benchmark reads (scripts/bench/record-usage.mjs).
    performance.clearMarks();
    const lap = (phase: string) => performance.mark(`after-build:${phase}`);
    lap("start");
    // The search index first, while the build holds least beside Pagefind's process (450 MiB at 4,000
    // posts), and before the checks read every file; not under `npm start`: an edit need not wait (below).
    const index = async () => {
      const files = await writeSearchIndex(outputDir, written);
      if (cleans && existsSync(searchFolder)) {
        removeUnwritten(searchFolder, files);
        if (readdirSync(searchFolder).length === 0) rmdirSync(searchFolder);
      }
    };
    if (!serving) await index();
    lap("search");
    // `npm start` reloads the browser first and checks after (docs/performance.md): the checks
    // share the thread that serves the page. The next build waits for them (`eleventy.beforeWatch`).
    if (serving && reloads) {
      rememberOutput(written);
      checking = delay(CHECKS_AFTER_RELOAD_MS).then(check).catch(reportLate);
    } else {
      await check();
      if (serving) rememberOutput(written);
      reloads = serving;
    }

    async function check() {
      if (replaced()) return;
      // Each API's manifest hashes the bytes just written, so it comes last, and is checked with them.
      writeManifest(outputDir, portfolioApi, await portfolioModel(), written);
      if (blog) writeManifest(outputDir, blogApi, blog, written);
      lap("manifests");
      // The folder's files as the checks find them, listed once: nothing is written until they end.
      // A symbolic link is never published (the output step refuses them), so none is listed.
      const listed = filesUnder(outputDir, (entry) => entry.isFile());
      const problems = validateSite(outputDir, apis, written, passed, listed);
      lap("validation");
      // Every link to this site must lead to a file of this build (checks/check-links.ts).
      const links = await checkSiteLinks(outputDir, written, linksRead, listed);
      lap("linkCheck");
      // No file of this build may carry a secret of the process, however disguised (checks/check-secrets.ts).
      const leaks = checkSecrets(outputDir, written, outputFilesMade);
      lap("secretCheck");
      if (replaced()) return; // Nothing here to refuse, and that build wrote its own `_headers`.
      const found = leaks.length > 0 ? new ContentError([...leaks, ...(links?.problems ?? [])]) : links;
      if (problems.length > 0 || found) {
        // A staged build's folder is discarded by scripts/build.mjs; here nothing rejected stays served.
        if (cleans) removeUnwritten(outputDir, new Set());
        if (problems.length === 0 && found) throw found;
        const details = [formatProblems(problems), found?.message ?? ""].join("\n").trim();
        throw new StacklessError(
          `${problems.length} built file problem(s) against the OpenAPI descriptions; nothing here may be deployed:\n${details}`,
        );
      }
      // The `_headers` file of Netlify and Cloudflare Pages (src/site/host-rules.ts).
      const basePath = (eleventyConfig.pathPrefix ?? "/").replace(/\/$/, "");
      writeFileSync(join(outputDir, "_headers"), renderHeadersFile(listed, basePath));
      // Only into a folder whose build passed: a rejected one was emptied above.
      const start = () => {
        indexStopped = false;
        indexing = index()
          .catch((error) => {
            if (!indexStopped) console.error(`[search] No search index: ${error}`);
          })
          .finally(() => (indexing = undefined));
      };
      // Unref'd: Ctrl-C exits at once rather than after an index nobody will see.
      if (serving) indexSoon = setTimeout(start, 2000).unref();
      else for (const warning of hostLimitWarnings(outputDir, listed, written)) console.warn(warning);
    }
  });

  // An edit saved while `npm start` checks its last build is built once the checks end.
  eleventyConfig.on("eleventy.beforeWatch", () => checking);

  // After the listeners above, which start each build (listeners run in registration order).
  eleventyConfig.addPlugin(devServerPlugin);
  // The social images and icons, before the pages, whose heap they would pile their garbage on
  // (a 4,000-post build peaked above 1 GiB). A build whose content fails to load writes none.
  eleventyConfig.on("eleventy.before", async ({ directories }) => {
    const outputDir = resolve(directories.output);
    await writeSiteIcons(readFileSync(SITE_ICON), outputDir);
    await writeOgImages(ogImageFiles(await portfolioModel()), outputDir);
  });
  eleventyConfig.addPlugin(rebuildOnDeletion, { folders: [contentDir, SITE_ASSETS] });
}

/**
 * How long `npm start` gives the browser to ask for the pages of its reload before the checks
 * take the thread that serves them (Chromium asked 14-42 ms after the reload, on a busy 2-core machine).
 */
const CHECKS_AFTER_RELOAD_MS = 150;

/** A failure of `npm start`'s checks after its reload: the folder was emptied; said as a build says it. */
function reportLate(error: unknown): void {
  console.error(error instanceof StacklessError ? error.message : error);
  console.error("This build was refused: the preview serves nothing until a build passes.");
}

/** The site's own stylesheet, scripts and icon, published under `assets/` (docs/site-contract.md, "Assets"). */
const SITE_ASSETS = "site-assets";
