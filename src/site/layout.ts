import { publishes, type SiteConfig } from "../config/site-config.ts";
import { html, raw, type SafeHtml } from "../util/html.ts";
import type { Thing } from "schema-dts";
import { jsonLdScript } from "./json-ld.ts";
import { blogPaths } from "../api/blog/paths.ts";
import { portfolioPaths } from "../api/portfolio/paths.ts";
import { publishedUrl, SITE_FONT, SOCIAL_IMAGE_SIZE, sitePaths } from "../config/site-paths.ts";
import { icon } from "./pages/icons.ts";
import { PAGE_STYLE } from "./host-rules.ts";

/** Where a page sits in the site's navigation. */
export type Section = "home" | "projects" | "now" | "awards" | "pulls" | "blog" | "api" | "none";

export interface PageOptions {
  config: SiteConfig;
  /** The page's own title; the site's title is added after it. */
  title: string;
  description: string;
  /** The page's site path: its URL is the canonical link and og:url. None for 404.html (any address): noindex. */
  path?: string;
  section: Section;
  body: SafeHtml;
  /** The social image (absolute URL, pixel size, alt text); the site-wide one when absent. */
  ogImage?: { url: string; width: number; height: number; alt?: string };
  ogType?: "website" | "article" | "profile";
  /** Extra elements for `<head>` (e.g. article dates). */
  head?: SafeHtml;
  /** Structured data for search engines and social previews (src/site/json-ld.ts). */
  jsonLd?: readonly Thing[];
}

/**
 * The one page shell: landmarks, navigation, the palette's hooks, social and feed metadata,
 * assets served from the site itself (no external requests). See docs/site-contract.md.
 */
export function renderPage(options: PageOptions): string {
  const { config } = options;
  const paths = sitePaths(config);
  const url = options.path === undefined ? undefined : publishedUrl(config, options.path);
  const og = options.ogImage ?? { url: publishedUrl(config, paths.siteOgImage), ...SOCIAL_IMAGE_SIZE };
  const rss = paths.blogApi(blogPaths.rss);
  // Head elements, each with its line end, that only some sites have.
  const search = publishes(config, "search")
    ? html`<meta name="search-fulltext" content="${paths.searchScript}">\n`
    : "";
  const atomFeed = publishes(config, "atom")
    ? html`<link rel="alternate" type="application/atom+xml" title="Blog (Atom)" href="${publishedUrl(config, paths.blogApi(blogPaths.atom))}">\n`
    : "";
  const fediverse = config.fediverseCreator
    ? html`<meta name="fediverse:creator" content="${config.fediverseCreator}">\n`
    : "";
  // The home page's heading is the owner's name: the header does not say it twice.
  const nameClass = options.section === "home" ? html` class="sr-only"` : "";
  const fullTitle = options.section === "home" ? config.site.title : `${options.title} · ${config.site.title}`;
  // A section with nothing to show is left out (SiteConfig.emptySections).
  const hidden = new Set<Section>(config.emptySections ?? []);
  const nav = (
    [
      ["home", "Home", paths.home],
      ["projects", "Projects", paths.projects],
      ["now", "Now", paths.now],
      ["awards", "Awards", paths.awards],
      ["pulls", "Pull requests", paths.pulls],
      ["blog", "Blog", paths.blog.home],
      ["api", "API", paths.apiDocs],
    ] as const
  ).filter(([section]) => !hidden.has(section));
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${fullTitle}</title>
<meta name="description" content="${options.description}">
${url ? html`<link rel="canonical" href="${url}">` : html`<meta name="robots" content="noindex">`}
<meta name="color-scheme" content="light dark">
<link rel="preload" href="${paths.asset(SITE_FONT)}" as="font" type="font/woff2" crossorigin>
<style>${raw(PAGE_STYLE)}</style><link rel="stylesheet" href="${paths.asset("site.css")}">
<script src="${paths.asset("palette.js")}" defer></script>
<link rel="icon" href="${paths.asset("favicon.svg")}" type="image/svg+xml">
<link rel="apple-touch-icon" href="${paths.appleTouchIcon}">
<meta name="search-index" content="${paths.portfolioApi(portfolioPaths.search)}">
${search}<link rel="alternate" type="application/rss+xml" title="Blog (RSS)" href="${publishedUrl(config, rss)}">
${atomFeed}<link rel="alternate" type="application/feed+json" title="Blog (JSON Feed)" href="${publishedUrl(config, paths.blogApi(blogPaths.jsonFeed))}">
${fediverse}<meta property="og:site_name" content="${config.site.title}">
<meta property="og:title" content="${options.title}">
<meta property="og:description" content="${options.description}">
${url ? html`<meta property="og:url" content="${url}">\n` : ""}<meta property="og:type" content="${options.ogType ?? "website"}">
<meta property="og:image" content="${og.url}">
<meta property="og:image:width" content="${og.width}">
<meta property="og:image:height" content="${og.height}">
${og.alt ? html`<meta property="og:image:alt" content="${og.alt}">\n` : ""}<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${options.title}">
<meta name="twitter:description" content="${options.description}">
<meta name="twitter:image" content="${og.url}">
${og.alt ? html`<meta name="twitter:image:alt" content="${og.alt}">\n` : ""}${options.head ?? ""}
${options.jsonLd && options.jsonLd.length > 0 ? html`${jsonLdScript(options.jsonLd)}\n` : ""}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header"><div class="bar">
<a class="site-name" href="${paths.home}"><img src="${paths.asset("favicon.svg")}" alt="" role="presentation" width="28" height="28"><span${nameClass}>${config.site.title}</span></a>
<nav aria-label="Site"><ul>
${nav.map(([section, label, path]) => html`<li><a href="${path}"${section === options.section ? html` aria-current="page"` : ""}>${label}</a></li>`)}
</ul></nav>
<button type="button" class="palette-button" data-palette-open hidden aria-haspopup="dialog">${icon("search")}Search <kbd>Ctrl K</kbd></button>
</div></header>
<main id="main">
${options.body}
</main>
<footer class="site-footer"><div class="bar">
<p>${config.site.title}</p>
<ul><li><a href="${paths.apiDocs}">JSON API</a></li><li><a href="${rss}">RSS</a></li><li><a href="${paths.sitemap}">Sitemap</a></li></ul>
</div></footer>
</body>
</html>
`.value;
}
