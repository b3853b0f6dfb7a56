// The host's 404 page (404.html): what an unknown path, such as a project name that does not exist, answers.
import type { SiteConfig } from "../src/config/site-config.ts";
import { portfolioPaths } from "../src/api/portfolio/paths.ts";
import { pageUrls } from "../src/site/page-urls.ts";
import { html } from "../src/util/html.ts";

interface Data {
  site: SiteConfig;
}

export const data = {
  permalink: "404.html",
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  const pages = pageUrls(d.site);
  // Root-relative links with the base path: this page answers at any depth, on any host name.
  const link = (url: string) => pages.pathOf(url);
  const api = (path: string) => link(d.site.baseUrl + path);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Not found · ${d.site.site.title}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:2rem 1rem;color:#1b1f24;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}a{color:#7cb7ff}}
</style>
</head>
<body>
<main>
<h1>Not found</h1>
<p>Nothing lives at this address on ${d.site.site.title}'s site. A project or domain name in an API path must be one of the names the API lists; names are case-sensitive.</p>
<nav aria-label="Where to go instead">
<ul>
<li><a href="${link(pages.home)}">Home</a></li>
<li><a href="${link(pages.apiDocs)}">API reference</a></li>
<li><a href="${api(portfolioPaths.index)}">API index</a> (every endpoint and every valid name, as JSON)</li>
<li><a href="${link(d.site.blogUrl)}">Blog</a></li>
</ul>
</nav>
</main>
</body>
</html>
`.toString();
}
