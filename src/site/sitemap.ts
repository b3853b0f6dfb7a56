import { XMLBuilder } from "fast-xml-parser";
import { blogUrls } from "../api/blog/blog-urls.ts";
import type { BlogModel } from "../blog/blog-model.ts";
import type { PortfolioModel } from "../model/portfolio-model.ts";
import { pageUrls } from "./page-urls.ts";

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", format: true, indentBy: "  ", processEntities: true });

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

/** sitemap.xml (sitemaps.org 0.9), serialized from objects. */
export function sitemapXml(portfolio: PortfolioModel, blog: BlogModel | null): string {
  const document = {
    "?xml": { "@version": "1.0", "@encoding": "UTF-8" },
    urlset: {
      "@xmlns": "http://www.sitemaps.org/schemas/sitemap/0.9",
      url: sitePages(portfolio, blog).map((entry) => ({ loc: entry.url, ...(entry.lastmod ? { lastmod: entry.lastmod } : {}) })),
    },
  };
  return `${String(builder.build(document)).trim()}\n`;
}

/** robots.txt: everything may be crawled; the sitemap says what there is. */
export function robotsTxt(portfolio: PortfolioModel): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${portfolio.config.baseUrl}/sitemap.xml\n`;
}
