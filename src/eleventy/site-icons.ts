import { createHash } from "node:crypto";
import { TOP_LEVEL_FILES } from "../config/site-paths.ts";
import { buildCacheDir, contentKey, imageOf, keepEntry, pruneEntries, readEntry } from "../util/build-cache.ts";
import { outputFile, writeOutputFile } from "../util/output-path.ts";
import { packageVersion } from "../util/package-version.ts";

/*
 * `favicon.ico` and `apple-touch-icon.png`, which browsers ask for whatever a page names,
 * rendered from site-assets/favicon.svg. The PNGs are kept in the build cache: loading resvg
 * costs 75 ms of a build.
 */

/** The icon every page names, and the source of the two files. */
export const SITE_ICON = "site-assets/favicon.svg";

/** The sizes inside `favicon.ico`: what Windows and browsers pick from. */
const ICO_SIZES = [16, 32, 48] as const;
/** The size iOS asks for (the largest it uses; it scales down). */
const TOUCH_ICON_SIZE = 180;

/** How resvg is asked to render: part of each cache key, so a change here renders again. */
const RENDER_OPTIONS = { fitTo: { mode: "width" }, font: { loadSystemFonts: false } } as const;
/** Icon versions kept (4 PNGs each): the current icon and a few before it. */
const CACHE_ENTRIES = 16;

/** Renders `svg` into the two icon files inside `outputDir` with `render` (resvg; tests pass a counter). */
export async function writeSiteIcons(svg: Uint8Array, outputDir: string, render = renderPng): Promise<void> {
  const cacheDir = buildCacheDir("icons");
  const svgDigest = createHash("sha256").update(svg).digest("hex");
  const png = async (size: number): Promise<Uint8Array> => {
    const key = contentKey("icon", svgDigest, size, RENDER_OPTIONS, packageVersion("@resvg/resvg-js"));
    const kept = readEntry(cacheDir, key, imageOf("png", size, size));
    if (kept) return kept;
    const rendered = await render(svg, size);
    keepEntry(cacheDir, key, rendered);
    return rendered;
  };
  const ico = icoOf(await Promise.all(ICO_SIZES.map(png)), ICO_SIZES);
  const touchIcon = await png(TOUCH_ICON_SIZE);
  pruneEntries(cacheDir, CACHE_ENTRIES);
  writeOutputFile(outputFile(outputDir, TOP_LEVEL_FILES.favicon), ico);
  writeOutputFile(outputFile(outputDir, TOP_LEVEL_FILES.appleTouchIcon), touchIcon);
}

/** The SVG as a square PNG of `size` pixels; no system fonts, so every machine gives the same bytes. */
async function renderPng(svg: Uint8Array, size: number): Promise<Uint8Array> {
  const { renderAsync } = await import("@resvg/resvg-js");
  const png = (
    await renderAsync(Buffer.from(svg), { ...RENDER_OPTIONS, fitTo: { ...RENDER_OPTIONS.fitTo, value: size } })
  ).asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/**
 * An ICO file whose images are PNGs: a 6-byte header, a 16-byte entry per image, then the PNGs;
 * reserved fields and the palette left at zero. https://en.wikipedia.org/wiki/ICO_(file_format)
 */
function icoOf(pngs: readonly Uint8Array[], sizes: readonly number[]): Uint8Array {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach((png, i) => {
    const size = sizes[i] ?? 0;
    const entry = 6 + 16 * i;
    // Width and height, one byte each (ICO_SIZES are all below 256).
    header.writeUInt8(size, entry);
    header.writeUInt8(size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.byteLength, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.byteLength;
  });
  return Buffer.concat([header, ...pngs]);
}
