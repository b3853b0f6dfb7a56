import type { SiteConfig } from "../config/site-config.ts";
import { linkFrom, linkTarget, publishedUrl } from "../config/site-paths.ts";

/**
 * Makes the entries of both APIs' `search.json` from a site path or, for data (a feed's post),
 * an absolute URL: `url` is the published URL, `path` the link the palette follows (the URL
 * itself on another host than `searchHome`, where the search box lives: the blog's own search
 * file serves the blog's pages, which may be on another host than the portfolio).
 */
export function searchEntries(config: SiteConfig, searchHome?: string) {
  const home = searchHome === undefined ? undefined : new URL(searchHome).origin;
  const pathFor = (url: string): string => (home === undefined ? linkTarget(config, url) : linkFrom(home, url));
  return <K extends string>(kind: K, title: string, subtitle: string, pathOrUrl: string, keywords: string[]) => {
    const url = publishedUrl(config, pathOrUrl);
    return { kind, title, subtitle, path: pathFor(url), url, keywords };
  };
}
