import { linkTarget, outputFileOf } from "../config/site-paths.ts";
import type { BlogModel } from "../blog/blog-model.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { ContentError, ProblemList } from "../content/content-error.ts";
import { displayPath, readBytes } from "../content/read-files.ts";
import { ImageEncoder } from "../images/encode-client.ts";
import {
  ChangedSourceError,
  encoderSettings,
  type RenditionSpec,
  renditionKey,
  UnreadableImageError,
} from "../images/encode-rendition.ts";
import { EXTENSION, planFiles, type ImagePlan } from "../images/rendition-plan.ts";
import { MalformedImageError, STRIPPED_TYPES, withoutMetadata } from "../images/strip-metadata.ts";
import { buildCacheDir, imageOf, keepEntry, pruneEntries, readEntry } from "../util/build-cache.ts";
import { byText } from "../util/order.ts";
import { outputFile, OutputPathError, writeOutputFile } from "../util/output-path.ts";

/*
 * The files published from files: the site's own assets, and exactly the images that published
 * posts show, as they are or as the renditions their plan names (src/images/rendition-plan.ts).
 * Each source is read with `readBytes`, which refuses a symbolic link anywhere below its root,
 * and written as a new file: a link can never publish a file from elsewhere on the machine. The
 * image encoder's process encodes a source only if its bytes hash to the digest `readBytes`
 * gave when the image was planned (src/images/encode-process.mjs).
 */

/** One file to publish: where it comes from, and its path in the output folder. */
export interface PublishedAsset {
  source: string;
  /** Relative to the output folder, `/`-separated. */
  file: string;
  /** The folder the source must be inside, with no symbolic link on the way. */
  root: string;
  /**
   * A rendition to make from the source, whose bytes hash to `digest` (sha256, hex: part of the
   * rendition's cache key); absent: the source is published as it is.
   */
  convert?: RenditionSpec & { digest: string };
  /** The image type (image-size's name) of a post image published without its photo metadata. */
  imageType?: string;
}

/** Cache entries kept, the most recently used: about 100 MB of renditions at the sample's sizes. */
const CACHE_ENTRIES = 1000;

/**
 * The files of the images the blog's published posts show, covers included, and of the profile's
 * photo, each once. Two sources claiming one output file (a source named like another's
 * rendition) are refused.
 */
export function postImageAssets(
  blog: BlogModel | null,
  config: SiteConfig,
  photo: { source: string; plan: ImagePlan } | null = null,
): PublishedAsset[] {
  const assets = new Map<string, PublishedAsset>();
  const problems = new ProblemList();
  const badNames = new Set<string>();
  const pictures = [...(blog?.posts ?? []).flatMap((post) => [...post.pictures.values()]), ...(photo ? [photo] : [])];
  for (const { source, plan } of pictures) {
    for (const rendition of planFiles(plan)) {
      if (badNames.has(source)) continue;
      const found = problems.items.length;
      const file = problems.collect(
        () => asFileName(source, () => outputFileOf(config, linkTarget(config, rendition.url))),
        null,
      );
      // Its name is what is wrong: said once, not once for each rendition.
      if (problems.items.length > found) badNames.add(source);
      // A blog published elsewhere (an absolute blog.url) has no pages here, and no images.
      if (file === null) continue;
      // The content folder, not `blog/images/`, is the root: a link at `blog` or `blog/images` is refused too.
      const asset: PublishedAsset = { source, file, root: config.contentDir };
      if (rendition.format !== null) {
        const { format, width, height } = rendition;
        asset.convert = { format, width, height, drawing: plan.type === "png", digest: plan.digest };
      } else if (STRIPPED_TYPES.has(plan.type)) asset.imageType = plan.type;
      const claimed = assets.get(file);
      if (claimed && (claimed.source !== source || claimed.convert?.format !== asset.convert?.format)) {
        const expected = `a name whose published file no other image takes (${displayPath(claimed.source)} is published as ${file})`;
        problems.add({ file: displayPath(source), field: "(file name)", expected });
      } else assets.set(file, asset);
    }
  }
  problems.throwIfAny();
  return [...assets.values()].sort((a, b) => byText(a.file, b.file));
}

/**
 * Writes each asset into `outputDir`: a plain copy, or its rendition from the cache or encoded
 * (and kept) now. Every unreadable source (missing, a link, a folder, refused by its decoder,
 * changed since read) and every bad output name is reported at once, in the assets' order.
 * Uncached renditions go to the encoder's process first, so it works while cached ones are
 * written (none held in memory); the process is closed at the end, or on failure.
 */
export async function copyAssets(assets: readonly PublishedAsset[], outputDir: string): Promise<void> {
  const problems = new ProblemList();
  const cacheDir = buildCacheDir("images");
  // Renditions written (encoded now or from the cache): the cache keeps at least this build's.
  let renditions = 0;
  // A source refused (by its decoder, or as changed) is reported once, not once per file made from it.
  const refused = new Set<string>();
  const refuse = (asset: PublishedAsset, expected: string, actual: string): void => {
    refused.add(asset.source);
    problems.add({ file: displayPath(asset.source), field: "(content)", expected, actual });
  };
  const encoder = new ImageEncoder();

  /** Starts an asset's file (a cached rendition is written now); what is left is done, in order, by the step returned. */
  const start = (asset: PublishedAsset, next: PublishedAsset | undefined): (() => void | Promise<void>) => {
    let target: string;
    try {
      target = asFileName(asset.source, () => outputFile(outputDir, asset.file));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return () => {
        for (const problem of error.problems) problems.add(problem);
      };
    }
    const spec = asset.convert;
    if (!spec)
      return () => {
        if (refused.has(asset.source)) return;
        const bytes = problems.collect(() => readBytes(asset.source, asset.root), null);
        if (bytes === null) return;
        try {
          // A post image without its photo metadata (`imageType`).
          writeOutputFile(target, asset.imageType ? withoutMetadata(bytes, asset.imageType) : bytes);
        } catch (error) {
          if (!(error instanceof MalformedImageError)) throw error;
          refuse(asset, error.expected ?? DAMAGED, error.message);
        }
      };
    const key = renditionKey(encoderSettings(), spec.digest, spec);
    const cached = readEntry(cacheDir, key, imageOf(EXTENSION[spec.format], spec.width, spec.height));
    if (cached) {
      renditions += 1;
      writeOutputFile(target, cached);
      return () => {};
    }
    const encoding = encoder
      .encode({ file: asset.source, digest: spec.digest, spec, last: next?.source !== asset.source })
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    return async () => {
      const made = await encoding;
      // A failed or stopped encoder is no content's fault: it fails the build as it is, whatever the source.
      if (made instanceof Error && !(made instanceof UnreadableImageError || made instanceof ChangedSourceError))
        throw made;
      if (refused.has(asset.source)) return;
      if (made instanceof Error) {
        refuse(asset, made instanceof UnreadableImageError ? DAMAGED : CHANGED, made.message);
        return;
      }
      renditions += 1;
      keepEntry(cacheDir, key, made);
      writeOutputFile(target, made);
    };
  };

  try {
    const steps = assets.map((asset, index) => start(asset, assets[index + 1]));
    for (const step of steps) await step();
  } finally {
    encoder.close();
  }
  problems.throwIfAny();
  pruneEntries(cacheDir, Math.max(CACHE_ENTRIES, renditions));
}

const DAMAGED = "an image that decodes completely (it may be truncated or damaged)";
const CHANGED = "the file the build read at its start (it changed while the site was built: build again)";

/** `name()`, an output file name; one the output folder cannot take is the content's mistake, naming `source`. */
function asFileName<T>(source: string, name: () => T): T {
  try {
    return name();
  } catch (error) {
    if (!(error instanceof OutputPathError)) throw error;
    const expected = `a name that can be published as a file (${error.reason})`;
    throw new ContentError([{ file: displayPath(source), field: "(file name)", expected }]);
  }
}
