import { safeDecode } from "./safe-url.ts";

/*
 * Links to posts that are not out yet. A link to a scheduled post is published as plain text
 * until the build on its date, so its URL (and slug) appears in no file; the owner is told once
 * per link. Links to a draft are left to the after-build link check, which refuses them.
 */

/** A post that is not published at this build's clock. */
export interface UnpublishedPost {
  /** The page URL it will have, absolute. */
  url: string;
  /** Its Markdown file, as messages name it. */
  file: string;
  /** Its front-matter date for a scheduled post; null for a draft. */
  date: string | null;
}

/** Where a link was written: the file messages name, and the URL relative links resolve against. */
export interface LinkSource {
  file: string;
  base: string;
  /** False while the linking page is itself unpublished: its links are checked, nobody is told. */
  warn?: boolean;
}

export class UnpublishedPosts {
  private readonly byPage = new Map<string, UnpublishedPost>();

  private readonly warn: (line: string) => void;

  constructor(posts: Iterable<UnpublishedPost>, warn: (line: string) => void = (line) => console.warn(line)) {
    this.warn = warn;
    for (const post of posts) {
      const key = pageKey(post.url);
      if (key !== null) this.byPage.set(key, post);
    }
  }

  /** The unpublished post whose page a URL names (query, fragment and `index.html` ignored). */
  find(url: string, base?: string): UnpublishedPost | undefined {
    if (this.byPage.size === 0) return undefined;
    const key = pageKey(url, base);
    return key === null ? undefined : this.byPage.get(key);
  }

  /**
   * The href to publish for a link: as written, or null (publish the link's text only) when it
   * leads to a scheduled post, with one warning line naming the file the link is in.
   */
  publishable(href: string, from: LinkSource): string | null {
    const post = this.find(href, from.base);
    if (!post || post.date === null) return href;
    const line = `[links] ${from.file}: the link to ${href} is published as plain text until ${post.file} is out (dated ${post.date})`;
    if (from.warn !== false) this.warn(line);
    return null;
  }
}

/** Origin and decoded path of a page URL, with `index.html` and a missing final slash evened out. */
function pageKey(url: string, base?: string): string | null {
  const parsed = URL.parse(url, base);
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) return null;
  const path = parsed.pathname.replace(/\/index\.html$/, "/");
  const decoded = safeDecode(path.endsWith("/") ? path : `${path}/`, null);
  return decoded === null ? null : parsed.origin + decoded;
}
