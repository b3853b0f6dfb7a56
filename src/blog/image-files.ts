import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import { basename, extname } from "node:path";
import { imageSize } from "image-size";
import { type ContentProblem, ProblemList } from "../content/content-error.ts";
import { contentFileExists, displayPath, readBytes } from "../content/read-files.ts";
import { MAX_MARKUP_NESTING } from "../markdown/markdown-limits.ts";
import { svgDanger } from "./svg-check.ts";

/*
 * Post images are served by their file name's type, so each must be what its name says (a raster
 * image named `.html` or `.svg` could run a script); an SVG must be free of anything active.
 */

export interface ImageFacts {
  /** As displayed: a JPEG's EXIF rotation by a quarter turn swaps its stored width and height. */
  width: number;
  height: number;
  /** As image-size names it: `png`, `jpg`, `gif`, `webp` or `svg`. */
  type: string;
  /** sha256 of the file's bytes, hex: names its renditions (src/images/rendition-plan.ts). */
  digest: string;
}

/**
 * The most pixels a raster image may have (a 48-MP phone photo passes): a PNG of a few hundred
 * bytes can declare 30000 × 30000, and is refused from its header, before anything decodes it.
 */
export const PIXEL_LIMIT = 50_000_000;

/** The longest side a raster image may have: WebP's limit, near AVIF's (the renditions' formats). */
export const SIDE_LIMIT = 16_383;

/**
 * What a raster image of `width` × `height` must be instead, when it breaks a limit above; for
 * an animation's frame (its header checked first), `frames` is the pixels of all its frames so far.
 */
export function overImageLimits(width: number, height: number, frames = 0): string | undefined {
  const megapixels = PIXEL_LIMIT / 1_000_000;
  if (width * height > PIXEL_LIMIT)
    return `an image of at most ${megapixels} megapixels (scale it down before adding it)`;
  if (frames > PIXEL_LIMIT)
    return `an animation of at most ${megapixels} megapixels, every frame counted (fewer or smaller frames)`;
  if (Math.max(width, height) > SIDE_LIMIT)
    return `an image at most ${SIDE_LIMIT} pixels wide and high (scale or cut it before adding it)`;
}

/** Longest image file name in UTF-8 bytes: a rendition adds up to 28 (`-<hash>-1200.avif`) to 255 at most. */
export const MAX_IMAGE_NAME_BYTES = 200;

/** The image types a post may show, by file name extension, as image-size names them. */
const TYPE_OF_EXTENSION: ReadonlyMap<string, string> = new Map([
  ["png", "png"],
  ["jpg", "jpg"],
  ["jpeg", "jpg"],
  ["gif", "gif"],
  ["webp", "webp"],
  ["svg", "svg"],
]);

/** An image's facts; the problems that refuse it; or null when it is missing or no image. */
export type ImageRead = ImageFacts | ContentProblem[] | null;

/**
 * What each image file was found to be, by the file's identity, size and change time then
 * (which no tool sets back): `npm start` reads and hashes a file again only once it changed
 * (the sample's photos: 35 ms an edit), and a build an image several posts show only once.
 */
const examined = new Map<string, { stamp: string; read: ImageRead }>();

/** Reads an image file inside the content folder `root`, again only once it changed (`examined`). */
export function readImage(file: string, root: string): ImageRead {
  let stamp = "";
  try {
    const stats = lstatSync(file);
    if (stats.isFile()) stamp = `${stats.ino} ${stats.size} ${stats.ctimeMs}`;
  } catch {
    // Not there, or not readable: examine says which.
  }
  const kept = examined.get(file);
  if (stamp !== "" && kept?.stamp === stamp) return kept.read;
  const read = examine(file, root);
  examined.set(file, { stamp, read });
  return read;
}

function examine(file: string, root: string): ImageRead {
  if (!contentFileExists(file)) return null;
  const nameBytes = Buffer.byteLength(basename(file));
  const expected = `a file name of at most ${MAX_IMAGE_NAME_BYTES} bytes, so that its renditions' names fit a file system's 255 (this one has ${nameBytes})`;
  if (nameBytes > MAX_IMAGE_NAME_BYTES) return [{ file: displayPath(file), field: "(file name)", expected }];
  const unreadable = new ProblemList();
  const bytes = unreadable.collect(() => readBytes(file, root), null);
  if (bytes === null) return unreadable.items;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  if (!size.width || !size.height) return null;
  // EXIF orientations 5 to 8 turn the picture by a quarter: browsers and the renditions show it turned.
  const turned = (size.orientation ?? 1) >= 5;
  const width = turned ? size.height : size.width;
  const height = turned ? size.width : size.height;
  const type = size.type ?? "";
  const refused = (field: string, expected: string, actual?: string): ContentProblem[] => [
    { file: displayPath(file), field, expected, ...(actual === undefined ? {} : { actual }) },
  ];
  const extension = extname(file).slice(1).toLowerCase();
  if (TYPE_OF_EXTENSION.get(extension) !== type) {
    const names = [...TYPE_OF_EXTENSION].filter(([, of]) => of === type).map(([name]) => `.${name}`);
    const expected =
      names.length > 0
        ? `a file name ending in ${names.join(" or ")}, as this ${type.toUpperCase()} image is`
        : "a PNG, JPEG, GIF, WebP or SVG image";
    return refused("(file name)", expected, extension === "" ? "no extension" : `.${extension}`);
  }
  const pixels = `${width} × ${height} pixels`;
  const over = type === "svg" ? undefined : overImageLimits(width, height);
  if (over) return refused("(content)", over, pixels);
  const found = type === "svg" ? svgDanger(bytes) : null;
  const safe = `an SVG with no script, event handler, foreignObject, unsafe link or DOCTYPE, nested at most ${MAX_MARKUP_NESTING} deep`;
  if (found) return refused("(content)", `${safe} (found ${found})`);
  return { width, height, type, digest: createHash("sha256").update(bytes).digest("hex") };
}
