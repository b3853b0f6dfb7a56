/*
 * Links to posts that are not out yet. A scheduled post's page does not exist until the build
 * on its date, so a link to it from a post, a writeup or a project's `links` is published as
 * plain text until then: its URL (and so its slug) appears in no file, and the owner is told
 * once per link. A draft has no date to wait for, so links to it are left alone here and the
 * after-build link check refuses them as dead links, saying the target is a draft.
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
    if (from.warn !== false) {
      this.warn(
        `[links] ${from.file}: the link to ${href} is published as plain text until ${post.file} is out (dated ${post.date})`,
      );
    }
    return null;
  }
}

/** Origin and decoded path of a page URL, with `index.html` and a missing final slash evened out. */
function pageKey(url: string, base?: string): string | null {
  const parsed = URL.parse(url, base);
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) return null;
  let path = parsed.pathname.replace(/\/index\.html$/, "/");
  if (!path.endsWith("/")) path += "/";
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  return parsed.origin + path;
}
