import { blogUrls } from "../api/blog/blog-urls.ts";
import type { BlogModel } from "../blog/blog-model.ts";
import type { PortfolioModel } from "../model/portfolio-model.ts";
import { xmlDocument, type XmlElement } from "../util/xml.ts";
import { pageUrls } from "./page-urls.ts";

/** Every HTML page of this build, from the same URL helpers the pages use. */
export function sitePages(portfolio: PortfolioModel, blog: BlogModel | null): { url: string; lastmod?: string }[] {
  const pages = pageUrls(portfolio.config);
  const entries: { url: string; lastmod?: string }[] = [
    { url: pages.home },
    { url: pages.projects },
    ...portfolio.projects.map((p) => ({ url: pages.project(p.name) })),
    ...portfolio.domains.map((d) => ({ url: pages.domain(d.id) })),
    { url: pages.now, lastmod: portfolio.now.updated },
    { url: pages.awards },
    { url: pages.pulls },
    { url: pages.apiDocs },
  ];
  if (blog) {
    const urls = blogUrls(blog);
    entries.push(
      { url: urls.home },
      { url: urls.archive },
      { url: urls.apiDocs },
      ...blog.posts.map((post) => ({ url: urls.post(post.slug), lastmod: post.updated.toISODate() ?? undefined })),
      ...blog.tags.map((tag) => ({ url: urls.tag(tag.slug) })),
    );
  }
  return entries.filter((entry) => entry.url.startsWith(`${portfolio.config.baseUrl}/`));
}

/**
 * sitemap.xml (sitemaps.org 0.9), serialized from objects by the XML writer the feed uses, so
 * it goes through the same XML text check (util/xml.ts).
 */
export function sitemapXml(portfolio: PortfolioModel, blog: BlogModel | null): string {
  const url = (entry: { url: string; lastmod?: string }): XmlElement => ({
    name: "url",
    children: [{ name: "loc", text: entry.url }, ...(entry.lastmod ? [{ name: "lastmod", text: entry.lastmod }] : [])],
  });
  return xmlDocument({
    name: "urlset",
    attributes: { xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9" },
    children: sitePages(portfolio, blog).map(url),
  });
}

/** robots.txt: everything may be crawled; the sitemap says what there is. */
export function robotsTxt(portfolio: PortfolioModel): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${portfolio.config.baseUrl}/sitemap.xml\n`;
}
