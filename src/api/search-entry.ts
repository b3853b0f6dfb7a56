/** One entry of a search index (both APIs' `search.json`): the same fields whatever its kind. */
export interface SearchEntry<K extends string> {
  kind: K;
  title: string;
  subtitle: string;
  path: string;
  url: string;
  keywords: string[];
}

/**
 * Makes search entries for one site: `path` is the URL's site-relative path (same-origin links
 * for the palette), computed by the site's own `pathOf`.
 */
export function searchEntries(pathOf: (url: string) => string) {
  return <K extends string>(
    kind: K,
    title: string,
    subtitle: string,
    url: string,
    keywords: string[],
  ): SearchEntry<K> => ({
    kind,
    title,
    subtitle,
    path: pathOf(url),
    url,
    keywords,
  });
}
