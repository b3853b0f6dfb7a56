import { checkLinks, type FileLinks } from "../checks/check-links.ts";
import { ContentError } from "../content/content-error.ts";
import { displayPath } from "../content/read-files.ts";
import { outputFileOf, pathOfOutputFile, publishedUrl, sitePaths } from "../config/site-paths.ts";
import type { WrittenFiles } from "../util/written-files.ts";
import { blogContent, portfolioContent, siteConfig } from "./build-data.ts";

/*
 * The after-build link check as the build runs it (checks/check-links.ts does the work), with
 * the authored file of each page, so a dead link names the file to fix.
 */

/** Every dead link to this site in the built folder, as one content error; null when there is none. */
export async function checkSiteLinks(
  outputDir: string,
  written?: WrittenFiles,
  read?: Map<string, FileLinks>,
  listed?: readonly string[],
): Promise<ContentError | null> {
  const config = await siteConfig();
  const blog = await blogContent();
  const portfolio = await portfolioContent();
  const paths = sitePaths(config);
  const sourceOf = new Map<string, string>();
  const from = (path: string, file: string) => {
    const page = outputFileOf(config, path);
    // A blog on another host has no pages in this folder to name a source for.
    if (page !== null) sourceOf.set(page, displayPath(file));
  };
  for (const post of blog?.posts ?? []) from(paths.blog.post(post.slug), post.file);
  for (const project of portfolio.projects) from(paths.project(project.meta.name), project.file);

  const problems = checkLinks({
    outputDir,
    baseUrl: config.baseUrl,
    written,
    read,
    listed,
    sourceOf,
    explainMissing: (path) => {
      const post = blog?.unpublished.find(publishedUrl(config, pathOfOutputFile(config, path)));
      if (!post) return undefined;
      return post.date === null
        ? `a link to a published post (${post.file} is a draft: publish it or remove the link)`
        : `a link to a published post (${post.file} is dated ${post.date}; only links in posts, writeups and project links wait for it as plain text)`;
    },
  });
  return problems.length > 0 ? new ContentError(problems) : null;
}
