import type { OgImageFile } from "../site/og-cards.ts";
import { SOCIAL_IMAGE_SIZE } from "../config/site-paths.ts";
import { closeOgRenderer, ogRendererVersion, renderOgImage, type OgCard } from "../site/og-image.ts";
import { buildCacheDir, contentKey, imageOf, keepEntry, pruneEntries, readEntry } from "../util/build-cache.ts";
import { outputFile, writeOutputFile } from "../util/output-path.ts";

export interface OgWriteOptions {
  /** Cached PNGs kept, the most recently used; default 500 (about 25 MB). */
  cacheEntries?: number;
  /** Renders one card; default `renderOgImage`. Tests pass a counter. */
  render?: (card: OgCard) => Promise<Uint8Array>;
}

/** Writes the social images into `outputDir`, each from the cache when rendered before; says how many it rendered. */
export async function writeOgImages(images: readonly OgImageFile[], outputDir: string, options: OgWriteOptions = {}) {
  const cacheDir = buildCacheDir("og");
  const render = options.render ?? renderOgImage;
  const version = ogRendererVersion();
  let rendered = 0;
  try {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < images.length) {
        const { file, card } = images[next++]!;
        const key = cacheKey(card, version);
        let png: Uint8Array | undefined = readEntry(cacheDir, key, SOCIAL_IMAGE);
        if (!png) {
          png = await render(card);
          rendered += 1;
          keepEntry(cacheDir, key, png);
        }
        writeOutputFile(outputFile(outputDir, file), png);
      }
    };
    // Two at once: the build machine's cores.
    await Promise.all([worker(), worker()]);
  } finally {
    // The renderer's process ends here, and the memory satori and resvg kept with it.
    if (!options.render) closeOgRenderer();
  }
  pruneEntries(cacheDir, Math.max(options.cacheEntries ?? 500, images.length));
  return { written: images.length, rendered, fromCache: images.length - rendered };
}

/** The cache key of a card: a hash of the renderer's version and the card (its keys in a fixed order). */
export function cacheKey(card: OgCard, version: string): string {
  const fields = Object.entries(card).sort(([a], [b]) => (a < b ? -1 : 1));
  return contentKey("og", version, fields);
}

/** What every social image is (checked on each cache entry). */
const SOCIAL_IMAGE = imageOf("png", SOCIAL_IMAGE_SIZE.width, SOCIAL_IMAGE_SIZE.height);
