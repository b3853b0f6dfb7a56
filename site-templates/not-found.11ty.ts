// The host's 404 page (404.html): what an unknown path, such as a project name that does not exist, answers.
import type { SiteConfig } from "../src/config/site-config.ts";
import type { PortfolioModel } from "../src/model/portfolio-model.ts";
import { paginatedOutput } from "../src/eleventy/paginated-output.ts";
import { portfolioPaths } from "../src/api/portfolio/paths.ts";
import { postList } from "../src/api/portfolio/resources.ts";
import { renderPage } from "../src/site/layout.ts";
import { postLinks } from "../src/site/pages/fragments.ts";
import { icon } from "../src/site/pages/icons.ts";
import { sitePaths, TOP_LEVEL_FILES } from "../src/config/site-paths.ts";
import { html } from "../src/util/html.ts";

interface Data {
  site: SiteConfig;
  /** For the latest posts; absent, the page names none. */
  portfolio?: PortfolioModel;
}

const template = paginatedOutput<SiteConfig, SiteConfig>({
  modelKey: "site",
  items: (site) => [site],
  file: () => TOP_LEVEL_FILES.notFound,
  render: (site, _, data) => notFoundPage({ site, portfolio: data.portfolio as PortfolioModel | undefined }),
});

export const data = template.data;
export const render = template.render;

function notFoundPage(d: Data): string {
  // Root-relative links with the base path (the layout's too): this page answers at any depth.
  const paths = sitePaths(d.site);
  const posts = d.portfolio ? postList(d.portfolio).slice(0, 3) : [];
  // A visitor first (a way home, the newest posts, the search), then a client of the API.
  const body = html`<div class="narrow not-found">
<h1>Not found</h1>
<p class="lede">Nothing lives at this address on ${d.site.site.title}'s site. It may have moved, or the link may be mistyped.</p>
<p class="buttons"><a href="${paths.home}">${icon("home")}Home page</a><a href="${paths.projects}">All projects</a><button type="button" class="palette-button" data-palette-open hidden aria-haspopup="dialog">${icon("search")}Search the site <kbd>Ctrl K</kbd></button></p>
${posts.length > 0 ? html`<h2>Latest posts</h2>\n${postLinks(posts, d.site)}` : ""}
<h2>Looking for the API?</h2>
<p class="hint">A project or domain name in an API path must be one of the names the API lists; names are case-sensitive. The <a href="${paths.portfolioApi(portfolioPaths.index)}">API index</a> lists every endpoint and every valid name, as JSON; the <a href="${paths.apiDocs}">API reference</a> describes them.</p>
</div>`;
  return renderPage({
    config: d.site,
    title: "Not found",
    description: "This address does not exist on this site.",
    // No path: the page answers at any address, so it names none as its own and asks not to be indexed.
    section: "none",
    body,
  });
}
