import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildPortfolioModel, type PortfolioModel } from "../../../src/model/portfolio-model.ts";
import { robotsTxt, sitemapXml } from "../../../src/site/sitemap.ts";
import { handBlogModel, handPost } from "../blog/support/hand-blog.ts";
import { content, project, siteConfig } from "../support/model.ts";

function portfolio(config = siteConfig()): PortfolioModel {
  return buildPortfolioModel({
    config,
    content: content({ projects: [project({ name: "first" })], now: { updated: "2026-11-02", sections: [] } }),
    github: { repositories: new Map(), pulls: [], notes: {} },
    posts: [],
  });
}

test("should list every page, one indented <url> each, with the /now page's date", () => {
  const xml = sitemapXml(portfolio(), null);

  assert.ok(
    xml.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url>\n    <loc>',
    ),
    xml,
  );
  assert.match(xml, /<loc>[^<]*\/projects\/first\/<\/loc>/);
  assert.match(xml, /<loc>[^<]*\/now\/<\/loc>\n {4}<lastmod>2026-11-02<\/lastmod>\n {2}<\/url>/);
  assert.ok(xml.endsWith("</urlset>\n"), xml);
});

test("should escape markup and drop control characters that reach it, as the feed does", () => {
  const model = portfolio();
  const xml = sitemapXml({ ...model, now: { ...model.now, updated: "2026-11-02\u001b]0;x\u0007<b>&" } }, null);

  assert.match(xml, "<lastmod>2026-11-02]0;x&lt;b&gt;&amp;</lastmod>");
  assert.not.match(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
});

test("should list absolute URLs with the base path, and robots.txt should name the sitemap there", () => {
  const model = portfolio(siteConfig({ baseUrl: "https://fixture.example/folio" }));
  const xml = sitemapXml(model, null);

  assert.match(xml, "<loc>https://fixture.example/folio/</loc>");
  assert.match(xml, "<loc>https://fixture.example/folio/projects/first/</loc>");
  assert.not.match(xml, /<loc>https:\/\/fixture\.example\/(?!folio\/)/);
  assert.is(robotsTxt(model), "User-agent: *\nAllow: /\n\nSitemap: https://fixture.example/folio/sitemap.xml\n");
});

test("should ask the crawlers site.yaml names to stay away, and let every other one in", () => {
  const config = siteConfig();
  const model = portfolio({ ...config, site: { ...config.site, crawlers: { disallow: ["GPTBot", "CCBot"] } } });

  assert.is(
    robotsTxt(model),
    "User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n\nSitemap: https://fixture.example/sitemap.xml\n",
  );
});

test("should list the blog's pages with their dates, and none of a blog on another host", () => {
  const config = siteConfig();
  const awayConfig = { ...config, blogUrl: "https://blog.example/" };
  const here = handBlogModel([handPost("first", "2026-03-10T09:30:00")], { config });
  const away = handBlogModel([handPost("first", "2026-03-10T09:30:00")], { config: awayConfig });

  assert.match(
    sitemapXml(portfolio(config), here),
    "<loc>https://fixture.example/blog/posts/first/</loc>\n    <lastmod>2026-03-10</lastmod>",
  );
  // The blog API's landing pages stay on this host (its files do), so they are listed.
  const awayXml = sitemapXml(portfolio(awayConfig), away);
  assert.not.match(awayXml, /blog\.example|\/blog\/(?!api\/)/);
  assert.match(awayXml, "<loc>https://fixture.example/blog/api/</loc>");
});

test("should list both APIs' landing pages at their canonical address, and never the 404 page", () => {
  const config = siteConfig();
  const xml = sitemapXml(portfolio(config), handBlogModel([handPost("first", "2026-03-10T09:30:00")], { config }));
  const locs = [...xml.matchAll(/<loc>https:\/\/fixture\.example(\/[^<]*)<\/loc>/g)].map((m) => m[1]);

  for (const landing of ["/api/", "/blog/api/"]) assert.ok(locs.includes(landing), landing);
  // `/api/v1/` is the same page as `/api/`, whose address it names as canonical.
  for (const second of ["/api/v1/", "/blog/api/v1/"]) assert.not.ok(locs.includes(second), second);
  assert.not.ok(
    locs.some((path) => path?.includes("404")),
    locs.join(" "),
  );
});

test.run();
