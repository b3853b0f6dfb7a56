// The host's 404 page (404.html): what an unknown path, such as a project name that does not exist, answers.
import type { SiteConfig } from "../src/config/site-config.ts";
import { portfolioPaths } from "../src/api/portfolio/paths.ts";
import { renderPage } from "../src/site/layout.ts";
import { sitePaths, TOP_LEVEL_FILES } from "../src/config/site-paths.ts";
import { html } from "../src/util/html.ts";

interface Data {
  site: SiteConfig;
}

export const data = {
  permalink: TOP_LEVEL_FILES.notFound,
  eleventyExcludeFromCollections: true,
};

export function render(d: Data): string {
  // Root-relative links with the base path (the layout's too): this page answers at any depth.
  const paths = sitePaths(d.site);
  const body = html`<h1>Not found</h1>
<p>Nothing lives at this address on ${d.site.site.title}'s site. A project or domain name in an API path must be one of the names the API lists; names are case-sensitive.</p>
<nav aria-label="Where to go instead">
<ul>
<li><a href="${paths.home}">Home</a></li>
<li><a href="${paths.projects}">All projects</a></li>
<li><a href="${paths.apiDocs}">API reference</a></li>
<li><a href="${paths.portfolioApi(portfolioPaths.index)}">API index</a> (every endpoint and every valid name, as JSON)</li>
<li><a href="${paths.blog.home}">Blog</a></li>
</ul>
</nav>`;
  return renderPage({
    config: d.site,
    title: "Not found",
    description: "This address does not exist on this site.",
    path: paths.notFound,
    section: "none",
    body,
    head: html`<meta name="robots" content="noindex">`,
  });
}
