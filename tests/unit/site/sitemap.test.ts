import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildPortfolioModel, type PortfolioModel } from "../../../src/model/portfolio-model.ts";
import { sitemapXml } from "../../../src/site/sitemap.ts";
import { content, project, siteConfig } from "../support/model.ts";

function portfolio(): PortfolioModel {
  return buildPortfolioModel({
    config: siteConfig(),
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

test.run();
