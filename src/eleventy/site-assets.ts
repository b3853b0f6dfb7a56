import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import { SITE_FONT } from "../config/site-paths.ts";
import { readBytes } from "../content/read-files.ts";
import { buildCacheDir, contentKey, keepEntry, pruneEntries, readEntry } from "../util/build-cache.ts";
import { outputFile, writeOutputFile } from "../util/output-path.ts";
import { packageVersion } from "../util/package-version.ts";
import { filesUnder } from "../util/files-under.ts";
import type { PublishedAsset } from "./published-assets.ts";

/*
 * The site's own stylesheet, script and icon (site-assets/), minified by esbuild, the stylesheets
 * joined so a page waits for one render-blocking request (docs/audit.md); kept in the build cache
 * by source and esbuild's version, so a rebuild does not start esbuild (30 ms of a build).
 */

/** The stylesheet published as one file (pages link only it), from its sources in cascade order. */
const SITE_CSS = ["site.css", "palette.css"];

/**
 * What the minified files may use: browsers of 2023 on, and the script's own ES2022 (browser
 * names would turn its `/\p{M}/u` literal into a `new RegExp(...)`, compiled on every keystroke).
 */
export const ASSET_TARGETS: Readonly<Record<"css" | "js", string[]>> = {
  css: ["chrome111", "edge111", "firefox114", "safari16.4"],
  js: ["es2022"],
};

const MINIFIED: Readonly<Record<string, "css" | "js">> = { ".css": "css", ".js": "js" };

/** Inter's variable latin subset, the only font file pages load (site.css `@font-face`); the package exports only its CSS. */
const FONT_SOURCE = join(
  dirname(createRequire(import.meta.url).resolve("@fontsource-variable/inter")),
  "files/inter-latin-wght-normal.woff2",
);

/**
 * Writes the minified stylesheets and scripts of `dir` to `to/` in `outputDir` and returns the
 * other files, to be copied as they are (`copyAssets`), the web font among them. The command
 * palette's stylesheet is published only inside site.css (SITE_CSS).
 */
export async function publishSiteAssets(dir: string, to: string, outputDir: string): Promise<PublishedAsset[]> {
  const asIs: PublishedAsset[] = [{ source: FONT_SOURCE, file: `${to}/${SITE_FONT}`, root: dirname(FONT_SOURCE) }];
  for (const name of filesUnder(dir)) {
    const loader = MINIFIED[extname(name)];
    if (loader === undefined) {
      asIs.push({ source: join(dir, name), file: `${to}/${name}`, root: dir });
      continue;
    }
    if (name !== SITE_CSS[0] && SITE_CSS.includes(name)) continue;
    const sources = name === SITE_CSS[0] ? SITE_CSS : [name];
    const text = sources.map((source) => readBytes(join(dir, source), dir).toString("utf8")).join("\n");
    writeOutputFile(outputFile(outputDir, `${to}/${name}`), Buffer.from(await minifiedOnce(text, loader)));
  }
  return asIs;
}

/** Minified texts kept (two a build): the current ones and a few before them. */
const CACHE_ENTRIES = 16;

/** `code` minified, from the build cache when it holds this code minified by this esbuild with these settings. */
async function minifiedOnce(code: string, loader: "css" | "js"): Promise<string> {
  const dir = buildCacheDir("assets");
  const key = contentKey("minified", packageVersion("esbuild"), loader, ASSET_TARGETS[loader], MINIFY_OPTIONS, code);
  const kept = readEntry(dir, key, (bytes) => bytes.toString("utf8"));
  if (kept !== undefined) return kept;
  const text = await minify(code, loader);
  keepEntry(dir, key, text);
  pruneEntries(dir, CACHE_ENTRIES);
  return text;
}

/** `code` minified by esbuild; asynchronous, since the synchronous API's own service starts in 45 ms, not 10. */
export async function minify(code: string, loader: "css" | "js"): Promise<string> {
  const { transform } = await import("esbuild");
  return (await transform(code, { loader, target: ASSET_TARGETS[loader], ...MINIFY_OPTIONS })).code;
}

/** esbuild's options besides the loader and the target; part of each cache key. */
const MINIFY_OPTIONS = { minify: true, charset: "utf8", legalComments: "none" } as const;
