import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { browserSkipReason, launchBrowser } from "../support/browser.ts";
import { buildSite, listFiles, removeDir, type BuildResult } from "../support/build-site.ts";
import { freePort } from "../support/dev-server.ts";
import { startStaticServer, type StaticServer } from "../support/static-server.ts";

// Every page of the sample site, served like the production host, checked by axe-core against
// WCAG 2.2 A/AA and axe's best practices, in the light and in the dark colour scheme: not one
// violation. A probe page with known faults proves the check sees them.

/** The rule sets the site promises (docs/site-contract.md, "Accessibility"). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

const skip = browserSkipReason();
let build: BuildResult;
let server: StaticServer;
let browser: Browser;

/** `path: rule (n nodes: first targets)` for each violation axe finds on the page at `path`. */
async function violationsOf(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(server.origin + path, { waitUntil: "load" });
    // Legacy mode runs axe in the page itself: the pages have no frames, and it spares a
    // blank page per run that the frame-by-frame mode opens to join its results.
    const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
    return results.violations.map((violation) => {
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ");
      return `${path}: ${violation.id} (${violation.nodes.length} nodes: ${targets})`;
    });
  } finally {
    await page.close();
  }
}

/** A context in one colour scheme. axe's script is injected by evaluation, which the page's CSP does not govern; `bypassCSP` makes sure of it. */
function schemeContext(colorScheme: "light" | "dark"): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1000, height: 700 }, colorScheme, bypassCSP: true });
}

test.before(async () => {
  if (skip) return;
  const port = await freePort();
  build = await buildSite({ siteUrl: `http://127.0.0.1:${port}` });
  assert.is(build.status, 0, build.output);
  [server, browser] = await Promise.all([startStaticServer(build.outDir, { port }), launchBrowser()]);
});

test.after(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
  if (build) removeDir(build.outDir);
});

test("should see the faults of a probe page (the check works)", async () => {
  if (skip) return console.warn(skip);
  writeFileSync(
    join(build.outDir, "a11y-probe.html"),
    `<!DOCTYPE html><html lang="en"><title>probe</title><main><h1>Probe</h1>
<p style="color:#777;background:#fff">low contrast</p>
<pre style="overflow:auto;width:5em">${"wide ".repeat(40)}</pre></main></html>`,
  );
  const context = await schemeContext("light");
  try {
    const found = (await violationsOf(context, "/a11y-probe.html")).join("\n");
    assert.match(found, "color-contrast");
    assert.match(found, "scrollable-region-focusable");
  } finally {
    await context.close();
  }
});

for (const scheme of ["light", "dark"] as const) {
  test(`should find no accessibility violation on any page in the ${scheme} scheme`, async () => {
    if (skip) return console.warn(skip);
    const pages = listFiles(build.outDir)
      .filter((file) => file.endsWith(".html") && !file.includes("probe"))
      .map((file) => `/${file.replace(/(^|\/)index\.html$/, "$1")}`);
    assert.ok(pages.length > 50, `the sample has every kind of page (${pages.length})`);
    const context = await schemeContext(scheme);
    const violations: string[] = [];
    try {
      for (const page of pages) violations.push(...(await violationsOf(context, page)));
    } finally {
      await context.close();
    }
    assert.equal(violations, []);
  });
}

test.run();
