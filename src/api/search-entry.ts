import type { SiteConfig } from "../config/site-config.ts";
import { linkFrom, linkTarget, publishedUrl } from "../config/site-paths.ts";

/**
 * Makes the entries of a search index (both APIs' `search.json`, the same fields whatever their
 * kind) from a site path (src/config/site-paths.ts) or, for what comes as data (a post read
 * from a feed), an absolute URL: `url` is the published URL, `path` the same-origin link the
 * palette follows (the URL itself when it leads to another host).
 * `searchHome` is where the search box that loads the entries lives: the blog's own search
 * file serves the blog's pages, which may be on another host than the portfolio.
 */
export function searchEntries(config: SiteConfig, searchHome?: string) {
  const home = searchHome === undefined ? undefined : new URL(searchHome).origin;
  const pathFor = (url: string): string => (home === undefined ? linkTarget(config, url) : linkFrom(home, url));
  return <K extends string>(kind: K, title: string, subtitle: string, pathOrUrl: string, keywords: string[]) => {
    const url = publishedUrl(config, pathOrUrl);
    return { kind, title, subtitle, path: pathFor(url), url, keywords };
  };
}
