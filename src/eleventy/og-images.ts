import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { imageSize } from "image-size";
import { ogImageFiles, type OgImageFile } from "../site/og-cards.ts";
import { SOCIAL_IMAGE_SIZE } from "../config/site-paths.ts";
import { closeOgRenderer, ogRendererVersion, renderOgImage, type OgCard } from "../site/og-image.ts";
import { buildCacheDir, keepInBuildCache, markEntryUsed, removeEntry } from "../util/build-cache.ts";
import { outputFile } from "../util/output-path.ts";
import { portfolioModel } from "./build-data.ts";

export interface OgWriteOptions {
  /** Where rendered PNGs are kept by card; default the build cache's `og/` (`.cache/og`), none when it cannot be used. */
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
 * They are rendered in a process of their own (src/site/og-render-process.mjs), which ends here.
 * A card rendered before (same input, same renderer) is taken from the cache once its bytes
 * check, so rebuilds under `--serve` cost a few milliseconds.
 * Docs: https://www.11ty.dev/docs/events/#eleventy.before
 */
export default function ogImagesPlugin(eleventyConfig: EleventyConfig): void {
  eleventyConfig.on("eleventy.before", async ({ directories }) => {
    await writeOgImages(ogImageFiles(await portfolioModel()), resolve(directories.output));
  });
}

/** Writes each image into `outputDir`, rendering only cards the cache does not hold. */
export async function writeOgImages(
  images: readonly OgImageFile[],
  outputDir: string,
  options: OgWriteOptions = {},
): Promise<OgWriteReport> {
  const cacheDir = options.cacheDir !== undefined ? resolve(options.cacheDir) : buildCacheDir("og");
  const render = options.render ?? renderOgImage;
  const version = ogRendererVersion();
  const cached = cacheDir ? cachedImages(cacheDir) : new Map<string, string[]>();
  let rendered = 0;

  try {
    await forEachLimited(images, options.concurrency ?? 2, async ({ file, card }) => {
      const key = cacheKey(card, version);
      let png = cacheDir ? readCheckedImage(cacheDir, cached.get(key) ?? []) : undefined;
      if (!png) {
        png = await render(card);
        rendered += 1;
        // Parallel builds (the tests run several) may render the same card: same name, same bytes.
        if (cacheDir) keepInBuildCache(join(cacheDir, `${key}-${digestOf(png)}.png`), png);
      }
      const target = outputFile(outputDir, file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, png);
    });
  } finally {
    // The renderer's process (started by the first card the cache lacked) ends here, and the
    // memory satori and resvg kept with it, before the pages are rendered.
    if (!options.render) closeOgRenderer();
  }
  if (cacheDir) pruneCache(cacheDir, Math.max(options.cacheEntries ?? 500, images.length));
  return { written: images.length, rendered, fromCache: images.length - rendered };
}

/** The cache key of a card: a hash of the renderer's version and the card (its keys in a fixed order). */
export function cacheKey(card: OgCard, version: string): string {
  const fields = Object.keys(card)
    .sort()
    .map((key) => [key, card[key as keyof OgCard]]);
  return createHash("sha256").update(version).update("\0").update(JSON.stringify(fields)).digest("hex");
}

/*
 * A cache entry is named `{card key}-{digest of its bytes}.png`. The digest is what makes an
 * entry trustworthy: an empty, truncated, garbled or swapped file (another card's valid PNG)
 * no longer hashes to its name, and is discarded and rendered again.
 */
const ENTRY_NAME = /^([0-9a-f]{64})-([0-9a-f]{32})\.png$/;

function digestOf(png: Uint8Array): string {
  return createHash("sha256").update(png).digest("hex").slice(0, 32);
}

/** The cache's entries by card key (a folder that cannot be listed holds none). */
function cachedImages(cacheDir: string): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  let names: string[];
  try {
    names = readdirSync(cacheDir).sort();
  } catch {
    return byKey;
  }
  for (const name of names) {
    const key = ENTRY_NAME.exec(name)?.[1];
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), name]);
  }
  return byKey;
}

/**
 * Whether `png` begins as what every social image is, a PNG of 1200 × 630: a file planted under
 * a name whose digest it matches must still be one, read from its header.
 */
function isSocialImage(png: Uint8Array): boolean {
  try {
    const found = imageSize(png);
    return found.type === "png" && found.width === SOCIAL_IMAGE_SIZE.width && found.height === SOCIAL_IMAGE_SIZE.height;
  } catch {
    return false;
  }
}

/** The first of `names` whose bytes match its name's digest and are a social image; the others are removed. */
function readCheckedImage(cacheDir: string, names: readonly string[]): Uint8Array | undefined {
  for (const name of names) {
    const file = join(cacheDir, name);
    let png: Buffer | undefined;
    try {
      png = readFileSync(file);
    } catch {
      // Gone (another build pruned it) or a folder where the file belongs: not an image.
    }
    if (png && digestOf(png) === ENTRY_NAME.exec(name)?.[2] && isSocialImage(png)) {
      markEntryUsed(file);
      return png;
    }
    removeEntry(file);
  }
  return undefined;
}

/**
 * Keeps the `keep` most recently used PNGs. Every changed star count or SITE_URL is a new key,
 * so without this the cache would only grow. A file another build removes meanwhile is rendered
 * again there, never read half-written.
 */
function pruneCache(cacheDir: string, keep: number): void {
  let names: string[];
  try {
    names = readdirSync(cacheDir).filter((name) => name.endsWith(".png"));
  } catch {
    return;
  }
  const entries = names.flatMap((name) => {
    const stats = statSync(join(cacheDir, name), { throwIfNoEntry: false });
    return stats ? [{ name, used: stats.mtimeMs }] : [];
  });
  if (entries.length <= keep) return;
  entries.sort((a, b) => b.used - a.used || a.name.localeCompare(b.name));
  for (const { name } of entries.slice(keep)) removeEntry(join(cacheDir, name));
}

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
