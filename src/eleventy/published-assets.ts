import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { linkTarget, outputFileOf } from "../config/site-paths.ts";
import { dirname, extname, join, relative, sep } from "node:path";
import type { BlogModel } from "../blog/blog-model.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { ContentError, ProblemList } from "../content/content-error.ts";
import { displayPath, readBytes } from "../content/read-files.ts";
import {
  type DecodedImage,
  decodeSource,
  encodeRendition,
  type RenditionSpec,
  UnreadableImageError,
} from "../images/encode-rendition.ts";
import { encoderSettings } from "../images/encoder-settings.ts";
import { RenditionCache, renditionKey } from "../images/rendition-cache.ts";
import { planFiles } from "../images/rendition-plan.ts";
import { MalformedImageError, STRIPPED_TYPES, withoutMetadata } from "../images/strip-metadata.ts";
import { buildCacheDir } from "../util/build-cache.ts";
import { byText } from "../util/order.ts";
import { outputFile, OutputPathError } from "../util/output-path.ts";

/*
 * The files published from files: the site's own assets, and exactly the images that
 * published posts show (never a draft's, never one no post names), as they are or as the
 * renditions their plan names (src/images/rendition-plan.ts). Each source is read with
 * `readBytes`, which refuses a symbolic link anywhere below its root (the content folder for
 * post images), and written as a new file: a link in the content folder can never publish a
 * file from elsewhere on the build machine.
 */

/** One file to publish: where it comes from, and its path in the output folder. */
export interface PublishedAsset {
  source: string;
  /** Relative to the output folder, `/`-separated. */
  file: string;
  /** The folder the source must be inside, with no symbolic link on the way. */
  root: string;
  /** A rendition to make from the source; absent: the source is published as it is. */
  convert?: RenditionSpec;
  /** sha256 of the source's bytes, hex, when `convert` is set: part of the rendition's cache key. */
  sourceDigest?: string;
  /**
   * The image type (as image-size names it) of a post image published as it is: its photo
   * metadata is removed first (src/images/strip-metadata.ts). Absent: published byte for byte.
   */
  imageType?: string;
}

/** How one call of `copyAssets` went: renditions encoded now, and taken from the cache. */
export interface CopyReport {
  converted: number;
  fromCache: number;
}

/** Where `copyAssets` keeps renditions; default the build cache's `images/` (`.cache/images`), none when it cannot be used. */
export interface CopyOptions {
  cacheDir?: string | undefined;
}

/** Cache entries kept, the most recently used: about 100 MB of renditions at the sample's sizes. */
const CACHE_ENTRIES = 1000;

/** Every file under `dir` (the site's stylesheet, scripts and icon), published under `to`. */
export function folderAssets(dir: string, to: string): PublishedAsset[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((source) => ({ source, file: `${to}/${relative(dir, source).split(sep).join("/")}`, root: dir }));
}

/**
 * The files of the images the blog's published posts show, covers included, each once: the
 * source in the content folder's `blog/images/`, and each output file its plan names. Two
 * sources claiming one output file (a source named like another's rendition) are refused.
 */
export function postImageAssets(blog: BlogModel, config: SiteConfig): PublishedAsset[] {
  const assets = new Map<string, PublishedAsset>();
  const problems = new ProblemList();
  const badNames = new Set<string>();
  for (const post of blog.posts) {
    for (const { source, plan } of post.pictures.values()) {
      for (const rendition of planFiles(plan)) {
        // A blog published elsewhere (an absolute blog.url) has no pages here, and no images.
        if (badNames.has(source)) continue;
        const found = problems.items.length;
        const file = problems.collect(() => imageFileOf(config, rendition.url, source), null);
        // Its name is what is wrong: said once, not once for each rendition.
        if (problems.items.length > found) badNames.add(source);
        if (file === null) continue;
        // The content folder, not `blog/images/`, is the root: a link at `blog` or `blog/images` is refused too.
        const asset: PublishedAsset =
          rendition.format === null
            ? {
                source,
                file,
                root: config.contentDir,
                ...(STRIPPED_TYPES.has(plan.type) ? { imageType: plan.type } : {}),
              }
            : {
                source,
                file,
                root: config.contentDir,
                convert: {
                  format: rendition.format,
                  width: rendition.width,
                  height: rendition.height,
                  drawing: plan.type === "png",
                },
                sourceDigest: plan.digest,
              };
        const claimed = assets.get(file);
        if (claimed && (claimed.source !== source || claimed.convert?.format !== asset.convert?.format))
          problems.add({
            file: displayPath(source),
            field: "(file name)",
            expected: `a name whose published file no other image takes (${displayPath(claimed.source)} is published as ${file})`,
          });
        else assets.set(file, asset);
      }
    }
  }
  problems.throwIfAny();
  return [...assets.values()].sort((a, b) => byText(a.file, b.file));
}

/**
 * Writes each asset into `outputDir`: a plain read and write, or its rendition, taken from the
 * cache or encoded (and kept) now. Every unreadable source (missing, a symbolic link, a folder,
 * an image its decoder refuses) and every name that cannot be an output file (a backslash, a
 * control character) is reported at once as a content error naming the source.
 */
export async function copyAssets(
  assets: readonly PublishedAsset[],
  outputDir: string,
  options: CopyOptions = {},
): Promise<CopyReport> {
  const problems = new ProblemList();
  const cache = new RenditionCache("cacheDir" in options ? options.cacheDir : buildCacheDir("images"));
  const report: CopyReport = { converted: 0, fromCache: 0 };
  // A source the decoder refused is reported once, not once per rendition.
  const refused = new Set<string>();
  // The last source read, and decoded when a rendition was not cached: an image's renditions
  // come one after another (their names share its stem).
  let last: { source: string; bytes: Buffer | null; decoded?: Promise<DecodedImage> } | undefined;
  const sourceBytes = (asset: PublishedAsset): Buffer | null => {
    if (last?.source !== asset.source)
      last = { source: asset.source, bytes: problems.collect(() => readBytes(asset.source, asset.root), null) };
    return last.bytes;
  };
  const decoded = (asset: PublishedAsset): Promise<DecodedImage> | null => {
    const bytes = sourceBytes(asset);
    if (bytes === null || !last) return null;
    last.decoded ??= decodeSource(bytes);
    return last.decoded;
  };
  for (const asset of assets) {
    const target = problems.collect(() => targetOf(asset, outputDir), null);
    if (target === null) continue;
    let bytes: Uint8Array | null;
    if (asset.convert) {
      // Without the source's digest every image would share one key: a bug, not a content fault.
      if (asset.sourceDigest === undefined) throw new Error(`no source digest for the rendition ${asset.file}`);
      const key = renditionKey(encoderSettings(), asset.sourceDigest, asset.convert);
      bytes = cache.read(key, asset.convert) ?? null;
      if (bytes) report.fromCache += 1;
      else {
        bytes = refused.has(asset.source) ? null : await convert(asset, asset.convert, decoded(asset), problems);
        if (bytes === null) refused.add(asset.source);
        if (bytes) {
          report.converted += 1;
          cache.keep(key, extname(asset.file).slice(1), bytes);
        }
      }
    } else {
      // One at a time: a blog's images together can be larger than the build should hold.
      const source = sourceBytes(asset);
      bytes = source;
      if (source && asset.imageType !== undefined) {
        bytes = refused.has(asset.source) ? null : stripped(asset, asset.imageType, source, problems);
        if (bytes === null) refused.add(asset.source);
      }
    }
    if (bytes === null) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  problems.throwIfAny();
  cache.prune(Math.max(CACHE_ENTRIES, report.converted + report.fromCache));
  return report;
}

/** Encodes a rendition; a source its decoder refuses is a problem naming the source. */
async function convert(
  asset: PublishedAsset,
  spec: RenditionSpec,
  source: Promise<DecodedImage> | null,
  problems: ProblemList,
): Promise<Uint8Array | null> {
  if (source === null) return null;
  try {
    return await encodeRendition(await source, spec);
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    problems.add({
      file: displayPath(asset.source),
      field: "(content)",
      expected: "an image that decodes completely (it may be truncated or damaged)",
      actual: error.message,
    });
    return null;
  }
}

/** The source without photo metadata; one whose structure cannot be read is a problem naming it. */
function stripped(asset: PublishedAsset, type: string, bytes: Buffer, problems: ProblemList): Buffer | null {
  try {
    return withoutMetadata(bytes, type);
  } catch (error) {
    if (!(error instanceof MalformedImageError)) throw error;
    problems.add({
      file: displayPath(asset.source),
      field: "(content)",
      expected: "an image that decodes completely (it may be truncated or damaged)",
      actual: error.message,
    });
    return null;
  }
}

/** The output file of an asset; a name the output folder cannot take is the content's mistake. */
/**
 * The output file of one of a post image's renditions, null when the blog is published
 * elsewhere; a file name that cannot be an output file is the image's problem, named as such.
 */
function imageFileOf(config: SiteConfig, url: string, source: string): string | null {
  try {
    return outputFileOf(config, linkTarget(config, url));
  } catch (error) {
    if (!(error instanceof OutputPathError)) throw error;
    throw new ContentError([
      {
        file: displayPath(source),
        field: "(file name)",
        expected: `a name that can be published as a file (${error.reason})`,
      },
    ]);
  }
}

function targetOf(asset: PublishedAsset, outputDir: string): string {
  try {
    return outputFile(outputDir, asset.file);
  } catch (error) {
    if (!(error instanceof OutputPathError)) throw error;
    throw new ContentError([
      {
        file: displayPath(asset.source),
        field: "(file name)",
        expected: `a name that can be published as a file (${error.reason})`,
      },
    ]);
  }
}
