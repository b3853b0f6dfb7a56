import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";

/*
 * Which pages `npm run audit` measures, found in the built site itself so that it works for
 * any owner's content and any SITE_URL: the sitemap names every page with the site's URL, and
 * its shortest entry is the home page, whose path is the base path the site is served under.
 * Of each kind, the page with the most images is measured (the first in sitemap order among
 * equals): images are what a page of the same kind weighs more with.
 */

/** One page to audit: a label for the table and its path below the base path. */
export interface AuditPage {
  kind: string;
  /** `/projects/tidewatch/`: always starts and ends with `/`, without the base path. */
  path: string;
  /**
   * The page answers 404 on purpose: Lighthouse must audit it anyway (it refuses an error
   * status otherwise) and excuse the audits that a not-found answer fails by design.
   */
  excused?: readonly string[];
}

/** The pages to audit and the base path to serve the folder under (`""` or `/folio`). */
export interface AuditPlan {
  basePath: string;
  pages: AuditPage[];
  /** Kinds this site has no page of (a site without a blog), to say so rather than skip silently. */
  missing: string[];
}

/** A path no build publishes, for the 404 page. */
export const MISSING_PATH = "/audit-no-such-page/";

/**
 * The two SEO audits a not-found page fails by design: it answers with status 404
 * (`http-status-code`), and it says `noindex` (`is-crawlable`) because some hosts also serve
 * `/404.html` itself with status 200. A soft 404 or an indexable error page would please
 * Lighthouse and mislead search engines; every other SEO audit still counts.
 */
export const NOT_FOUND_EXCUSED: readonly string[] = ["http-status-code", "is-crawlable"];

const KINDS: readonly { kind: string; pattern: RegExp }[] = [
  { kind: "home", pattern: /^\/$/ },
  { kind: "project", pattern: /^\/projects\/[^/]+\/$/ },
  { kind: "domain", pattern: /^\/domains\/[^/]+\/$/ },
  { kind: "blog", pattern: /^\/blog\/$/ },
  { kind: "post", pattern: /^\/blog\/posts\/[^/]+\/$/ },
  { kind: "api-docs", pattern: /^\/docs\/api\/$/ },
];

/** Every other kind of page a visitor may see: what the screenshots and the layout tests cover besides. */
const OTHER_KINDS: readonly { kind: string; pattern: RegExp }[] = [
  { kind: "projects", pattern: /^\/projects\/$/ },
  { kind: "now", pattern: /^\/now\/$/ },
  { kind: "awards", pattern: /^\/awards\/$/ },
  { kind: "pulls", pattern: /^\/pulls\/$/ },
  { kind: "tag", pattern: /^\/blog\/tags\/[^/]+\/$/ },
  { kind: "archive", pattern: /^\/blog\/archive\/$/ },
  { kind: "blog-api-docs", pattern: /^\/blog\/docs\/api\/$/ },
];

/** Reads the sitemap of the site built in `siteDir` and picks one page of each kind. */
export function planAudit(siteDir: string): AuditPlan {
  const sitemap = join(siteDir, "sitemap.xml");
  if (!existsSync(sitemap)) throw new Error(`${sitemap} not found: build the site first (npm run build)`);
  return pagesOf(sitemapUrls(readFileSync(sitemap, "utf8")), (path) => imageCount(siteDir, path));
}

/**
 * One page of every kind the site built in `siteDir` has, the audited kinds first, then the
 * other lists, the API's landing page (not in the sitemap: it is the API's) and the 404 page.
 */
export function everyPageKind(siteDir: string): AuditPage[] {
  const urls = sitemapUrls(readFileSync(join(siteDir, "sitemap.xml"), "utf8"));
  const { pages } = pagesOf(urls, (path) => imageCount(siteDir, path), [...KINDS, ...OTHER_KINDS]);
  const landing = existsSync(join(siteDir, "api", "v1", "index.html")) ? [{ kind: "api", path: "/api/v1/" }] : [];
  return [...pages.slice(0, -1), ...landing, ...pages.slice(-1)];
}

/** How many `<img>` the page at `path` shows; 0 when it has no `index.html` here. */
function imageCount(siteDir: string, path: string): number {
  const file = join(siteDir, ...path.split("/").map(decodeURIComponent), "index.html");
  return existsSync(file) ? (readFileSync(file, "utf8").match(/<img\b/g) ?? []).length : 0;
}

/** The `<loc>` of every `<url>` of a sitemap, in order. */
export function sitemapUrls(xml: string): string[] {
  const parsed = new XMLParser({ isArray: (name) => name === "url" }).parse(xml) as {
    urlset?: { url?: { loc?: unknown }[] };
  };
  return (parsed.urlset?.url ?? []).flatMap((entry) => (typeof entry.loc === "string" ? [entry.loc] : []));
}

/** The plan for a site whose sitemap lists `urls`; `images` counts a page's images (default: none). */
export function pagesOf(
  urls: readonly string[],
  images: (path: string) => number = () => 0,
  kinds: readonly { kind: string; pattern: RegExp }[] = KINDS,
): AuditPlan {
  const home = [...urls].sort((a, b) => a.length - b.length)[0];
  if (home === undefined) throw new Error("the sitemap lists no page");
  const basePath = new URL(home).pathname.replace(/\/$/, "");
  const paths = urls.filter((url) => url.startsWith(home)).map((url) => `/${url.slice(home.length)}`);
  const pages: AuditPage[] = [];
  const missing: string[] = [];
  for (const { kind, pattern } of kinds) {
    let path: string | undefined;
    let most = -1;
    for (const candidate of paths.filter((p) => pattern.test(p))) {
      const count = images(candidate);
      if (count > most) [path, most] = [candidate, count];
    }
    if (path === undefined) missing.push(kind);
    else pages.push({ kind, path });
  }
  pages.push({ kind: "404", path: MISSING_PATH, excused: NOT_FOUND_EXCUSED });
  return { basePath, pages, missing };
}
