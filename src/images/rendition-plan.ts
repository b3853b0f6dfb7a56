import { createHash } from "node:crypto";
import type { ImageFacts } from "../blog/image-files.ts";

/*
 * Which files a post image is published as, decided synchronously from what reading it found,
 * so the Markdown renderer writes the final URLs and sizes in its one pass; the conversion runs
 * later (copyAssets). The rules and their whys are docs/content-format.md's "Images". At its own
 * width and format an image is the source file itself, never a re-encoded copy; rendition names
 * hash the source's bytes and the encoder settings, so no browser or CDN keeps a stale copy.
 */

/** The widths renditions are made at: a phone at 1×, a phone at 2–3× or a laptop at 1×, the 800-px column at 2×. */
export const RENDITION_WIDTHS: readonly number[] = [480, 960, 1600];
/** The widest rendition (the site's content column is 800 CSS px, so 1600 device px at 2×). */
export const MAX_WIDTH = 1600;

/** sharp's name of a format, which is also its media type's subtype (`image/avif`). */
export type RenditionFormat = "avif" | "webp" | "jpeg" | "png";

/** The image types (as image-size names them) that get renditions, and their own format. */
const OWN_FORMAT: ReadonlyMap<string, RenditionFormat> = new Map([
  ["jpg", "jpeg"],
  ["png", "png"],
  ["webp", "webp"],
]);

/** Each format's file extension, which is also image-size's name for its type. */
export const EXTENSION: Readonly<Record<RenditionFormat, string>> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
};

/** What reading a source image found (src/blog/image-files.ts), and its public URL, beside which renditions go. */
export type SourceImage = ImageFacts & { url: string };

/** One published file of an image. */
export interface Rendition {
  url: string;
  width: number;
  height: number;
  /** The format it is encoded in; null for the source file published as it is. */
  format: RenditionFormat | null;
}

/** Every file an image is published as, and which one goes where. */
export interface ImagePlan {
  /** The source's digest (SourceImage.digest): with the settings, what each rendition's cache key hashes. */
  digest: string;
  /** The source's type (SourceImage.type): a PNG is encoded as a drawing (src/images/encode-rendition.ts). */
  type: string;
  /** What `<img src>`, feeds and the API show. */
  fallback: Rendition;
  /** Modern formats for `<source>`, best first, each narrowest first; empty for GIF and SVG. */
  sources: { type: string; renditions: Rendition[] }[];
  /** The `<img srcset>`: the own format, narrowest first (the fallback among them). */
  fallbacks: Rendition[];
}

/** The plan for one image; `settings` names the encoder (a change gives new names), heights are rounded here. */
export function planImage(source: SourceImage, settings: string): ImagePlan {
  const own = OWN_FORMAT.get(source.type);
  const original: Rendition = { url: source.url, width: source.width, height: source.height, format: null };
  if (own === undefined)
    return { digest: source.digest, type: source.type, fallback: original, sources: [], fallbacks: [original] };
  const widths = renditionWidths(source.width);
  const hash = createHash("sha256").update(settings).update("\0").update(source.digest).digest("hex").slice(0, 16);
  const stem = source.url.replace(/\.[^./]*$/, "");
  const at = (width: number, format: RenditionFormat): Rendition => ({
    url: `${stem}-${hash}-${width}.${EXTENSION[format]}`,
    width,
    height: Math.max(1, Math.round((source.height * width) / source.width)),
    format,
  });
  const largest = widths[widths.length - 1] ?? source.width;
  const fallbacks = (own === "png" ? [largest] : widths).map((width) =>
    width === source.width ? original : at(width, own),
  );
  const modern: RenditionFormat[] = own === "webp" ? ["avif"] : ["avif", "webp"];
  return {
    digest: source.digest,
    type: source.type,
    fallback: fallbacks[fallbacks.length - 1] ?? original,
    sources: modern.map((format) => ({
      type: `image/${format}`,
      renditions: widths.map((width) => at(width, format)),
    })),
    fallbacks,
  };
}

/** The widths of an image `width` px wide: each standard width narrower than it, and its own when not wider than the largest. */
export function renditionWidths(width: number): number[] {
  const narrower = RENDITION_WIDTHS.filter((candidate) => candidate < width);
  return width <= MAX_WIDTH ? [...narrower, width] : narrower;
}

/** Every distinct file of a plan, the source file included when it is published. */
export function planFiles(plan: ImagePlan): Rendition[] {
  const byUrl = new Map<string, Rendition>();
  for (const rendition of [...plan.sources.flatMap((source) => source.renditions), ...plan.fallbacks])
    byUrl.set(rendition.url, rendition);
  return [...byUrl.values()];
}
