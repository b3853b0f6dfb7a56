import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ogImageFiles, type OgImageFile } from "../site/og-cards.ts";
import { ogRendererVersion, renderOgImage, type OgCard } from "../site/og-image.ts";
import { buildCacheDir } from "../util/build-cache.ts";
import { writeFileAtomically } from "../util/write-atomically.ts";
import { outputFile } from "../util/output-path.ts";
import { portfolioModel } from "./build-data.ts";

export interface OgWriteOptions {
  /** Where rendered PNGs are kept by content hash; default the build cache's `og/` (`.cache/og`, git-ignored). */
  cacheDir?: string;
  /** Cached PNGs kept, the most recently used; default 500 (about 25 MB). */
  cacheEntries?: number;
  /** Images rendered at once; default 2, the build machine's cores. */
  concurrency?: number;
  /** Renders one card; default `renderOgImage`. Tests pass a counter. */
  render?: (card: OgCard) => Promise<Uint8Array>;
}

/** How one call of `writeOgImages` went. */
export interface OgWriteReport {
  written: number;
  rendered: number;
  fromCache: number;
}

interface EleventyConfig {
  on(event: "eleventy.before", handler: (arg: { directories: { output: string } }) => Promise<void>): void;
}

/**
 * Writes the social images (`og/projects/{name}.png`, `og/site.png`) into the output folder.
 *
 * Before the build renders its pages: the model is computed here first (the templates then use
 * the same one), so a build whose content fails to load writes no images. Not after it: a cold
 * cache means hundreds of images whose garbage (about 0.4 MB of JavaScript heap each) would pile
 * on a heap that by then holds every page, and a 4,000-post build peaked above 1 GiB that way.
 * A card rendered before (same input, same renderer) is copied from the cache, so rebuilds
 * under `--serve` cost a few milliseconds.
 * Docs: https://www.11ty.dev/docs/events/#eleventy.before
 */
export default function ogImagesPlugin(eleventyConfig: EleventyConfig): void {
  eleventyConfig.on("eleventy.before", async ({ directories }) => {
    await writeOgImages(ogImageFiles(await portfolioModel()), resolve(directories.output));
  });
}

/** Writes each image into `outputDir`, rendering only cards the cache does not hold. */
export async function writeOgImages(images: readonly OgImageFile[], outputDir: string, options: OgWriteOptions = {}): Promise<OgWriteReport> {
  const cacheDir = resolve(options.cacheDir ?? buildCacheDir("og") ?? ".cache/og");
  const render = options.render ?? renderOgImage;
  const version = ogRendererVersion();
  mkdirSync(cacheDir, { recursive: true });
  let rendered = 0;

  await forEachLimited(images, options.concurrency ?? 2, async ({ file, card }) => {
    const cached = join(cacheDir, `${cacheKey(card, version)}.png`);
    const target = outputFile(outputDir, file);
    mkdirSync(dirname(target), { recursive: true });
    if (copyIfPresent(cached, target)) {
      markUsed(cached);
      return;
    }
    const png = await render(card);
    rendered += 1;
    // Parallel builds (the tests run several) may render the same card.
    writeFileAtomically(cached, png);
    writeFileSync(target, png);
  });
  pruneCache(cacheDir, Math.max(options.cacheEntries ?? 500, images.length));
  return { written: images.length, rendered, fromCache: images.length - rendered };
}

/** The cache file's name: a hash of the renderer's version and the card (its keys in a fixed order). */
export function cacheKey(card: OgCard, version: string): string {
  const fields = Object.keys(card).sort().map((key) => [key, card[key as keyof OgCard]]);
  return createHash("sha256").update(version).update("\0").update(JSON.stringify(fields)).digest("hex");
}

/** Copies a cached image (the kernel copies it, no bytes pass through us); false when it is not cached. */
function copyIfPresent(cached: string, target: string): boolean {
  try {
    copyFileSync(cached, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Dates a cache entry now, so pruning keeps it; one another build has just pruned is no matter. */
function markUsed(file: string): void {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Keeps the `keep` most recently used PNGs. Every changed star count or SITE_URL is a new key,
 * so without this the cache would only grow. A file another build removes meanwhile is rendered
 * again there, never read half-written.
 */
function pruneCache(cacheDir: string, keep: number): void {
  const entries = readdirSync(cacheDir)
    .filter((name) => name.endsWith(".png"))
    .flatMap((name) => {
      const stats = statSync(join(cacheDir, name), { throwIfNoEntry: false });
      return stats ? [{ name, used: stats.mtimeMs }] : [];
    });
  if (entries.length <= keep) return;
  entries.sort((a, b) => b.used - a.used || a.name.localeCompare(b.name));
  for (const { name } of entries.slice(keep)) {
    try {
      unlinkSync(join(cacheDir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
