import type { SiteConfig } from "../config/site-config.ts";
import { html, type SafeHtml } from "../util/html.ts";
import type { Thing } from "schema-dts";
import { jsonLdScript } from "./json-ld.ts";
import { pageUrls } from "./page-urls.ts";

/** Where a page sits in the site's navigation. */
export type Section = "home" | "projects" | "now" | "awards" | "pulls" | "blog" | "api" | "none";

export interface PageOptions {
  config: SiteConfig;
  /** The page's own title; the site's title is added after it. */
  title: string;
  description: string;
  /** The page's canonical absolute URL. */
  url: string;
  section: Section;
  body: SafeHtml;
  /** Absolute URL of the social image; the site-wide one when absent. */
  ogImage?: string;
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
  const pages = pageUrls(config);
  const base = config.basePath;
  const fullTitle = options.section === "home" ? config.site.title : `${options.title} · ${config.site.title}`;
  const nav: [Section, string, string][] = [
    ["home", "Home", pages.home],
    ["projects", "Projects", pages.projects],
    ["now", "Now", pages.now],
    ["awards", "Awards", pages.awards],
    ["pulls", "Pull requests", pages.pulls],
    ["blog", "Blog", config.blogUrl],
    ["api", "API", pages.apiDocs],
  ];
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${fullTitle}</title>
<meta name="description" content="${options.description}">
<link rel="canonical" href="${options.url}">
<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="${base}/assets/site.css">
<link rel="stylesheet" href="${base}/assets/palette.css">
<script src="${base}/assets/palette.js" defer></script>
<link rel="icon" href="${base}/assets/favicon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="${base}/apple-touch-icon.png">
<meta name="search-index" content="${base}/api/v1/search.json">
<link rel="alternate" type="application/rss+xml" title="Blog (RSS)" href="${config.baseUrl}/blog/index.xml">
<link rel="alternate" type="application/feed+json" title="Blog (JSON Feed)" href="${config.baseUrl}/blog/api/v1/feed.json">
<meta property="og:site_name" content="${config.site.title}">
<meta property="og:title" content="${options.title}">
<meta property="og:description" content="${options.description}">
<meta property="og:url" content="${options.url}">
<meta property="og:type" content="${options.ogType ?? "website"}">
<meta property="og:image" content="${options.ogImage ?? pages.siteOgImage}">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${options.title}">
<meta name="twitter:description" content="${options.description}">
<meta name="twitter:image" content="${options.ogImage ?? pages.siteOgImage}">
${options.head ?? ""}
${options.jsonLd && options.jsonLd.length > 0 ? html`${jsonLdScript(options.jsonLd)}\n` : ""}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
<a class="site-name" href="${pages.pathOf(pages.home)}">${config.site.title}</a>
<nav aria-label="Site"><ul>
${nav.map(([section, label, url]) => html`<li><a href="${pages.pathOf(url)}"${section === options.section ? html` aria-current="page"` : ""}>${label}</a></li>`)}
</ul></nav>
<button type="button" class="palette-button" data-palette-open hidden aria-haspopup="dialog">Search <kbd>Ctrl K</kbd></button>
</header>
<main id="main">
${options.body}
</main>
<footer class="site-footer">
<p>${config.site.title} · <a href="${pages.pathOf(pages.apiDocs)}">JSON API</a> · <a href="${pages.pathOf(`${config.baseUrl}/blog/index.xml`)}">RSS</a> · <a href="${pages.pathOf(`${config.baseUrl}/sitemap.xml`)}">Sitemap</a></p>
</footer>
</body>
</html>
`;
  return page.value;
}
