import { blogPaths } from "../api/blog/paths.ts";
import { landingPaths } from "../api/meta-routes.ts";
import { portfolioPaths } from "../api/portfolio/paths.ts";
import type { BlogModel } from "../blog/blog-model.ts";
import { shows } from "../config/site-config.ts";
import { outputFileOf, publishedUrl, sitePaths } from "../config/site-paths.ts";
import type { PortfolioModel } from "../model/portfolio-model.ts";
import { xmlDocument } from "../util/xml.ts";

/**
 * sitemap.xml (sitemaps.org 0.9): every HTML page this build writes, from the page templates'
 * paths, with its absolute URL and, where known, its last change; through the XML writer's check.
 */
export function sitemapXml(portfolio: PortfolioModel, blog: BlogModel | null): string {
  const { config } = portfolio;
  const paths = sitePaths(config);
  const entries: { path: string; lastmod?: string | undefined }[] = [
    { path: paths.home },
    { path: paths.projects },
    ...portfolio.projects.map((p) => ({ path: paths.project(p.name) })),
    ...portfolio.domains.map((d) => ({ path: paths.domain(d.id) })),
    { path: paths.now, lastmod: portfolio.now.updated },
    ...(shows(config, "awards") ? [{ path: paths.awards }] : []),
    ...(shows(config, "pulls") ? [{ path: paths.pulls }] : []),
    { path: paths.apiDocs },
    // The landing pages' canonical address only (landingPaths).
    { path: paths.portfolioApi(landingPaths(portfolioPaths)[0]) },
  ];
  if (blog) {
    const pages = paths.blog;
    entries.push(
      { path: pages.home },
      { path: pages.archive },
      { path: pages.apiDocs },
      { path: paths.blogApi(landingPaths(blogPaths)[0]) },
      ...blog.posts.map((post) => ({ path: pages.post(post.slug), lastmod: post.updated.toISODate() ?? undefined })),
      ...blog.tags.map((tag) => ({ path: pages.tag(tag.slug) })),
    );
  }
  // A blog on another host has its own sitemap: only the pages written here are listed.
  const urls = entries
    .filter((entry) => outputFileOf(config, entry.path) !== null)
    .map(({ path, lastmod }) => ({
      name: "url",
      children: [
        { name: "loc", text: publishedUrl(config, path) },
        ...(lastmod ? [{ name: "lastmod", text: lastmod }] : []),
      ],
    }));
  return xmlDocument({
    name: "urlset",
    attributes: { xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9" },
    children: urls,
  });
}

/**
 * robots.txt: everything may be crawled, but by the crawlers site.yaml's `crawlers.disallow`
 * names (AI crawlers, say); the sitemap says what there is.
 */
export function robotsTxt({ config }: PortfolioModel): string {
  const sitemap = publishedUrl(config, sitePaths(config).sitemap);
  const refused = (config.site.crawlers?.disallow ?? []).map((agent) => `User-agent: ${agent}\nDisallow: /\n\n`);
  return `${refused.join("")}User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`;
}
