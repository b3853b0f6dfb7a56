import axe from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { browserSkipReason, holdBrowser, releaseBrowser } from "../support/browser.ts";
import { listFiles } from "../support/build-site.ts";
import { servedSampleSite } from "../support/sample-site.ts";
import { startStaticServer, type StaticServer } from "../support/static-server.ts";

// Every page of the sample site, served like the production host, checked by axe-core against
// WCAG 2.2 A/AA and axe's best practices, in the light and in the dark colour scheme: not one
// violation. A probe page with known faults proves the check sees them.

/** The rule sets the site promises (docs/site-contract.md, "Accessibility"). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const SCHEMES = ["light", "dark"] as const;
/** The rules of TAGS whose outcome depends on colours: all that the dark scheme can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
type Scheme = (typeof SCHEMES)[number];

const PROBE = "/a11y-probe.html";
/** axe-core, served beside the site so that Chromium caches its compiled code across pages. */
const AXE_SCRIPT = "/axe-core.js";
const PROBE_PAGE = `<!DOCTYPE html><html lang="en"><title>probe</title><main><h1>Probe</h1>
<p style="color:#777;background:#fff">low contrast</p>
<pre style="overflow:auto;width:5em">${"wide ".repeat(40)}</pre></main></html>`;

const skip = browserSkipReason();
/** The run's shared build for a loopback origin (support/sample-site.ts): read and served, never written. */
let siteDir: string;
let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let tab: Page | undefined;

/**
 * `path: rule (n nodes: first targets)` for each violation axe finds on the page at `path`, in
 * each colour scheme. The page is loaded and axe injected once; the scheme is then switched
 * (prefers-color-scheme: the only thing the site's CSS reads of it; no script reads it), which
 * costs a third of what @axe-core/playwright's AxeBuilder does for a load and two injections
 * per scheme. The run is axe.run() with the options AxeBuilder's legacy mode passes it; only
 * violations are kept in the result, as nothing else is read.
 */
async function violationsOf(path: string): Promise<Record<Scheme, string[]>> {
  // One tab for every page: a new one per page cost more than the page's checks.
  tab ??= await context.newPage();
  const page = tab;
  await page.emulateMedia({ colorScheme: SCHEMES[0] });
  await page.goto(server.origin + path, { waitUntil: "load" });
  // A script loaded by URL is compiled once and then taken from Chromium's code cache; the same
  // source evaluated as a string was parsed afresh on every page (0.3–0.7 s of each page's check).
  await page.addScriptTag({ url: AXE_SCRIPT });
  await page.evaluate(() => {
    const injected = (window as unknown as { axe: typeof axe }).axe;
    injected.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });
  });
  const found = { light: [] as string[], dark: [] as string[] };
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    // The scheme changes colours only, so in the dark one only the rules about colour can
    // find anything new: every rule runs in the light scheme, those rules in both.
    const runOnly = scheme === SCHEMES[0] ? { type: "tag", values: TAGS } : { type: "rule", values: COLOUR_RULES };
    const violations = await page.evaluate(async (only) => {
      const injected = (window as unknown as { axe: typeof axe }).axe;
      const results = await injected.run(document, {
        runOnly: only as axe.RunOnly,
        resultTypes: ["violations"],
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      }));
    }, runOnly);
    found[scheme] = violations.map(
      ({ id, targets }) => `${path}: ${id} (${targets.length} nodes: ${targets.slice(0, 3).join(", ")})`,
    );
  }
  return found;
}

test.before(async () => {
  if (skip) return;
  const served = await servedSampleSite();
  siteDir = served.dir;
  [server, browser] = await Promise.all([
    startStaticServer(siteDir, { port: served.port, extraFiles: { [PROBE]: PROBE_PAGE, [AXE_SCRIPT]: axe.source } }),
    holdBrowser(),
  ]);
  // axe's script is added by the test, not by the site: `bypassCSP` keeps the page's CSP from refusing it.
  context = await browser.newContext({ viewport: { width: 1000, height: 700 }, colorScheme: "light", bypassCSP: true });
});

test.after(async () => {
  await context?.close();
  await server?.stop();
  // Last: the next browser file of this process holds Chromium on in the same turn.
  releaseBrowser();
});

test("should see the faults of a probe page (the check works)", async () => {
  if (skip) return console.warn(skip);
  const found = await violationsOf(PROBE);
  for (const scheme of SCHEMES) assert.match(found[scheme].join("\n"), "color-contrast", scheme);
  assert.match(found.light.join("\n"), "scrollable-region-focusable");
  // The dark scheme runs the colour rules only (COLOUR_RULES).
  assert.not.match(found.dark.join("\n"), "scrollable-region-focusable");
});

/** Every page's violations in both schemes, found in one pass over the pages for the two tests below. */
let everyPage: Promise<{ pages: string[]; violations: Record<Scheme, string[]> }> | undefined;
function checkEveryPage(): NonNullable<typeof everyPage> {
  everyPage ??= (async () => {
    const pages = listFiles(siteDir)
      .filter((file) => file.endsWith(".html"))
      .map((file) => `/${file.replace(/(^|\/)index\.html$/, "$1")}`);
    const violations = { light: [] as string[], dark: [] as string[] };
    for (const page of pages) {
      const found = await violationsOf(page);
      for (const scheme of SCHEMES) violations[scheme].push(...found[scheme]);
    }
    return { pages, violations };
  })();
  return everyPage;
}

for (const scheme of SCHEMES) {
  test(`should find no accessibility violation on any page in the ${scheme} scheme`, async () => {
    if (skip) return console.warn(skip);
    const { pages, violations } = await checkEveryPage();
    assert.ok(pages.length > 50, `the sample has every kind of page (${pages.length})`);
    assert.equal(violations[scheme], []);
  });
}

test.run();
