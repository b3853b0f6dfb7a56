import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import type { BlogModel } from "../blog/blog-model.ts";
import { blogPaths } from "../blog/load-blog.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { ContentError, ProblemList } from "../content/content-error.ts";
import { displayPath, readBytes } from "../content/read-files.ts";
import { byText } from "../util/order.ts";
import { outputFile, OutputPathError } from "../util/output-path.ts";
import { outputFileOf } from "./page-templates.ts";

/*
 * The files published as they are: the site's own assets, and exactly the images that
 * published posts show (never a draft's, never one no post names). Each is read with
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
}

/** Every file under `dir` (the site's stylesheet, scripts and icon), published under `to`. */
export function folderAssets(dir: string, to: string): PublishedAsset[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((source) => ({ source, file: `${to}/${relative(dir, source).split(sep).join("/")}`, root: dir }));
}

/**
 * The images the blog's published posts show, covers included, each once: the file in the
 * content folder's `blog/images/` and the output file its URL names.
 */
export function postImageAssets(blog: BlogModel, config: SiteConfig): PublishedAsset[] {
  const images = blogPaths(config).images;
  const prefix = `${blog.blogUrl}images/`;
  const assets = new Map<string, PublishedAsset>();
  for (const post of blog.posts) {
    for (const image of post.images) {
      // The site's social image stands in as a cover; it is written by the social-image plugin.
      if (!image.url.startsWith(prefix)) continue;
      const page = outputFileOf(config, image.url);
      // A blog published elsewhere (an absolute blog.url) has no pages here, and no images.
      if (page === null) continue;
      const file = page.split("/").map(decodeURIComponent).join("/");
      const source = join(images, ...image.url.slice(prefix.length).split("/").map(decodeURIComponent));
      // The content folder, not `blog/images/`, is the root: a link at `blog` or `blog/images` is refused too.
      assets.set(file, { source, file, root: config.contentDir });
    }
  }
  return [...assets.values()].sort((a, b) => byText(a.file, b.file));
}

/**
 * Copies each asset into `outputDir` with a plain read and write. Every unreadable source
 * (missing, a symbolic link, a folder) and every name that cannot be an output file (a
 * backslash, a control character) is reported at once as a content error naming the source.
 */
export function copyAssets(assets: readonly PublishedAsset[], outputDir: string): void {
  const problems = new ProblemList();
  for (const asset of assets) {
    const target = problems.collect(() => targetOf(asset, outputDir), null);
    // One at a time: a blog's images together can be larger than the build should hold.
    const bytes = problems.collect(() => readBytes(asset.source, asset.root), null);
    if (target === null || bytes === null) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  problems.throwIfAny();
}

/** The output file of an asset; a name the output folder cannot take is the content's mistake. */
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
