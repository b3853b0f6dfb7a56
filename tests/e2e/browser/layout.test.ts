import type { Browser, Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type AuditPage, everyPageKind } from "../../../scripts/audit/pages.ts";
import { browserSkipReason, holdBrowser, releaseBrowser } from "../support/browser.ts";
import { servedSampleSite } from "../support/sample-site.ts";
import { startStaticServer, type StaticServer } from "../support/static-server.ts";

// The layout on a phone (docs/site-contract.md, "Layout"): one page of every kind of the sample
// site, in both colour schemes' shared stylesheet, is never wider than a phone's screen (a table
// or a code block scrolls inside its own box), and the header leaves the screen to the page.

const skip = browserSkipReason();
/** Phone widths: the narrowest in use (an iPhone SE of 2016), a small Android phone, a current iPhone. */
const PHONES = [320, 360, 390];
/** The tallest the header may be on a 390 px phone, in CSS pixels. */
const HEADER_LIMIT = 80;
let server: StaticServer;
let browser: Browser;
let pages: AuditPage[];

test.before(async () => {
  if (skip) return;
  const served = await servedSampleSite();
  pages = everyPageKind(served.dir);
  [server, browser] = await Promise.all([startStaticServer(served.dir, { port: served.port }), holdBrowser()]);
});

test.after(async () => {
  releaseBrowser();
  await server?.stop();
});

/** How wide the page's document is, and the widest elements that stick out of the screen, for the message. */
function widthOf(page: Page): Promise<{ document: number; screen: number; culprits: string[] }> {
  return page.evaluate(() => {
    const screen = window.innerWidth;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > screen + 0.5)
      .slice(-3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px)`,
      );
    return { document: document.documentElement.scrollWidth, screen, culprits };
  });
}

/** Opens every page at each of `widths` in one tab per width and returns what `measure` says of each. */
async function measureAll<T>(widths: number[], measure: (page: Page) => Promise<T>): Promise<[string, T][]> {
  const found: [string, T][] = [];
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const tab = await context.newPage();
    for (const page of pages) {
      await tab.goto(`${server.origin}${page.path}`, { waitUntil: "load" });
      found.push([`${page.kind} ${page.path} at ${width} px`, await measure(tab)]);
    }
    await context.close();
  }
  return found;
}

test("should find a page of every kind to lay out", () => {
  if (skip) return console.warn(skip);
  assert.equal(
    pages.map((page) => page.kind),
    ["home", "project", "domain", "blog", "post", "api-docs", "projects", "now", "awards", "pulls", "tag"].concat([
      "archive",
      "blog-api-docs",
      "api",
      "404",
    ]),
  );
});

test("should fit every page into a phone's width, tables and code scrolling in their own box", async () => {
  if (skip) return console.warn(skip);
  const wide = (await measureAll(PHONES, widthOf))
    .filter(([, width]) => width.document > width.screen)
    .map(([page, width]) => `${page}: ${width.document} px wide; ${width.culprits.join(", ")}`);
  assert.equal(wide, []);
});

test("should keep the header at most 80 px tall on a 390 px phone", async () => {
  if (skip) return console.warn(skip);
  const tall = (
    await measureAll([390], (tab) =>
      tab.evaluate(() => document.querySelector("body > header")?.getBoundingClientRect().height ?? Infinity),
    )
  )
    .filter(([, height]) => height > HEADER_LIMIT)
    .map(([page, height]) => `${page}: ${height} px`);
  assert.equal(tall, []);
});

test.run();
