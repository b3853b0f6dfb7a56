import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { publishes } from "../config/site-config.ts";
import { outputFileOf, SEARCH_FOLDER, sitePaths } from "../config/site-paths.ts";
import { filesUnder } from "../util/files-under.ts";
import { buildCacheDir, contentKey, keepEntry, pruneEntries, readEntry } from "../util/build-cache.ts";
import { outputFile, writeOutputFile } from "../util/output-path.ts";
import { packageVersion } from "../util/package-version.ts";
import type { WrittenFiles } from "../util/written-files.ts";
import { blogModel, portfolioModel, siteConfig } from "./build-data.ts";

/*
 * The command palette's full-text index: Pagefind (https://pagefind.app/) reads the published
 * posts' and projects' pages as written (never a list, an API reference, a draft or a scheduled
 * post), in site-path order, since its output depends on the order. Indexing 1,000 posts takes
 * seconds, so its files are kept in the build cache by the pages' digests and its version.
 */

/** Pagefind's ready-made interfaces, which the palette does not load: not published. */
const UNUSED = /^pagefind-(?:.*ui|highlight)\.(?:js|css)$/;

/** Indexes this build's post and project pages and writes the index under `pagefind/`; returns its files. */
export async function writeSearchIndex(outputDir: string, written: WrittenFiles): Promise<Set<string>> {
  const config = await siteConfig();
  if (!publishes(config, "search")) return new Set();
  const paths = sitePaths(config);
  const blog = await blogModel();
  const pages = [
    ...(blog?.posts ?? []).filter((post) => !post.draft).map((post) => paths.blog.post(post.slug)),
    ...(await portfolioModel()).projects.map((project) => paths.project(project.name)),
  ]
    .sort()
    // A blog on another host has no pages in this folder.
    .flatMap((url) => {
      const file = outputFileOf(config, url);
      if (file === null) return [];
      // Without the base path, which Pagefind's script adds where it is served: one index wherever the site is hosted.
      const path = resolve(outputDir, file);
      return [{ url: url.slice(config.basePath.length), file, content: written.get(path) ?? readFileSync(path) }];
    });
  const made = new Set<string>();
  for (const [path, base64] of await searchIndexFiles(pages, buildCacheDir("search"))) {
    const file = outputFile(outputDir, `${SEARCH_FOLDER}/${path}`);
    writeOutputFile(file, Buffer.from(base64, "base64"));
    made.add(file);
  }
  return made;
}

/** A page for the index: its site path without the base path, its output file and its HTML, decoded one at a time. */
export interface IndexedPage {
  url: string;
  file: string;
  content: string | Buffer;
}

/** Pagefind's files for `pages` (path in `pagefind/`, bytes in base64), from `cache` or made by `index` and kept. */
export async function searchIndexFiles(
  pages: readonly IndexedPage[],
  cache: string | undefined,
  index: (pages: readonly IndexedPage[]) => Promise<[string, string][]> = indexPages,
): Promise<[string, string][]> {
  const digest = (html: string | Buffer) => createHash("sha256").update(html).digest("hex");
  const key = contentKey(
    "pagefind",
    packageVersion("pagefind"),
    pages.map((page) => [page.url, digest(page.content)]),
  );
  const kept = readEntry(cache, key, (bytes) => JSON.parse(bytes.toString("utf8")) as [string, string][]);
  if (kept !== undefined) return kept;
  const files = await index(pages);
  keepEntry(cache, key, JSON.stringify(files));
  pruneEntries(cache, 4);
  return files;
}

/** Stops an index being made: Pagefind's process is closed and the index's promise rejects. */
export async function stopIndexing(): Promise<void> {
  await (await import("pagefind")).close();
}

/** Pagefind's files for `pages` (each path in `pagefind/` and its bytes in base64), by path. */
async function indexPages(pages: readonly IndexedPage[]): Promise<[string, string][]> {
  const pagefind = await import("pagefind");
  // Pagefind writes its files to a folder: handed back in one message, they took the build 40 MiB more at its peak.
  const folder = mkdtempSync(join(tmpdir(), "folio-pagefind-"));
  try {
    const { index, errors } = await pagefind.createIndex();
    if (!index) throw new Error(`Pagefind could not start: ${errors.join("; ")}`);
    for (const { url, file, content } of pages) {
      const added = await index.addHTMLFile({ url, content: content.toString() });
      if (added.errors.length > 0) throw new Error(`Pagefind could not index ${file}: ${added.errors.join("; ")}`);
    }
    const made = await index.writeFiles({ outputPath: folder });
    if (made.errors.length > 0) throw new Error(`Pagefind could not write its index: ${made.errors.join("; ")}`);
    return filesUnder(folder)
      .filter((path) => !UNUSED.test(path))
      .map((path) => [path, readFileSync(join(folder, path)).toString("base64")]);
  } finally {
    // Its service is a process of its own, which would keep `npm run build` from ending.
    await pagefind.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
