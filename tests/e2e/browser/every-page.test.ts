import axe from "axe-core";
import type { Browser } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { hostHeaders } from "../../../src/site/host-rules.ts";
import { browserSkipReason, holdBrowser, openPage, releaseBrowser, type WatchedPage } from "../support/browser.ts";
import { listFiles } from "../support/build-site.ts";
import { servedSampleSite } from "../support/sample-site.ts";
import { startStaticServer, type StaticServer } from "../support/static-server.ts";

// Every page of the sample site, served like the production host with its headers (the
// Content-Security-Policy of src/site/host-rules.ts included), opened once in Chromium and checked
// twice: not one CSP violation, and not one axe-core violation of WCAG 2.2 A/AA and axe's best
// practices in the light and in the dark colour scheme. Probe pages with known faults prove that
// each check sees them. One visit per page serves both checks: each page load costs more than
// either check.

/** The rule sets the site promises (docs/site-contract.md, "Accessibility"). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const SCHEMES = ["light", "dark"] as const;
/** The rules of TAGS whose outcome depends on colours: all that the dark scheme can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
type Scheme = (typeof SCHEMES)[number];
/** The light scheme runs every rule; the scheme changes colours only, so the dark one runs the colour rules. */
const ALL_RULES: axe.RunOnly = { type: "tag", values: TAGS };
const COLOUR_ONLY: axe.RunOnly = { type: "rule", values: COLOUR_RULES };

/** A page with an inline script: the CSP must refuse it. */
const CSP_PROBE = "/csp-probe.html";
/** A page with an accessibility fault or two, styled by a stylesheet of the site's origin, which the CSP allows. */
const A11Y_PROBE = "/a11y-probe.html";
/**
 * axe-core, served beside the site: a script of the site's origin, which `script-src 'self'`
 * lets the test add to every page, and which Chromium compiles once and then takes from its code
 * cache (the same source evaluated as a string was parsed afresh on every page).
 */
const AXE_SCRIPT = "/axe-core.js";
const EXTRA_FILES = {
  [CSP_PROBE]: "<!DOCTYPE html><html lang=en><title>probe</title><script>document.title = 'ran'</script></html>",
  [A11Y_PROBE]: `<!DOCTYPE html><html lang="en"><title>probe</title><link rel="stylesheet" href="/a11y-probe.css">
<main><h1>Probe</h1><p class="faint">low contrast</p><pre class="narrow">${"wide ".repeat(40)}</pre></main></html>`,
  "/a11y-probe.css": ".faint { color: #777; background: #fff } .narrow { overflow: auto; width: 5em }",
  [AXE_SCRIPT]: axe.source,
};

/** Violations the page itself saw, collected by a listener installed before any script runs. */
const COLLECT_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
  });
`;

/** What one visit of a page found. */
interface Findings {
  /** `path: directive blocked` for each CSP violation the page saw or logged. */
  csp: string[];
  /** `path: rule (n nodes: first targets)` for each axe violation, in each colour scheme. */
  axe: Record<Scheme, string[]>;
}

const skip = browserSkipReason();
/** The run's shared build for a loopback origin (support/sample-site.ts): read and served, never written. */
let siteDir: string;
let server: StaticServer;
let browser: Browser;
/** The one tab every visit uses, with the CSP watch installed: a new context per page cost more than the page's checks. */
let tab: WatchedPage | undefined;

/**
 * Opens `path` in the tab, in the light scheme, and takes the CSP violations it saw (the listener
 * is installed again by every navigation; the console lines are taken per page). Then, unless
 * `checkAccessibility` is false, runs axe: every rule in the light scheme, then the colour rules
 * in the dark one (prefers-color-scheme is the only thing the site's CSS reads of it, and no
 * script reads it). Each step is one round trip to the page (`inPage`): a round trip cost about
 * 5 ms of CPU, and a page took ten.
 */
async function visit(path: string, checkAccessibility = true): Promise<Findings> {
  if (!tab) {
    tab = await openPage(browser, { colorScheme: SCHEMES[0] });
    await tab.page.addInitScript(COLLECT_VIOLATIONS);
  }
  const { page, errors } = tab;
  const logSince = errors.length;
  await page.emulateMedia({ colorScheme: SCHEMES[0] });
  await page.goto(server.origin + path, { waitUntil: "load" });
  // Violations are reported asynchronously, each in a task of its own: one macrotask of the
  // page's later they are all in (no sleep of the test's: that cost 20 ms of every page).
  await page.evaluate(() => new Promise((settle) => setTimeout(settle, 0)));
  const light = await page.evaluate(inPage, { axeUrl: AXE_SCRIPT, only: checkAccessibility ? ALL_RULES : undefined });
  const logged = errors.slice(logSince).filter((error) => /Content Security Policy/i.test(error));
  const found: Findings = {
    csp: [...light.csp, ...logged].map((violation) => `${path}: ${violation}`),
    axe: { light: [], dark: [] },
  };
  if (!checkAccessibility) return found;
  await page.emulateMedia({ colorScheme: SCHEMES[1] });
  const dark = await page.evaluate(inPage, { axeUrl: AXE_SCRIPT, only: COLOUR_ONLY });
  const described = (violations: { id: string; targets: string[] }[]) =>
    violations.map(({ id, targets }) => `${path}: ${id} (${targets.length} nodes: ${targets.slice(0, 3).join(", ")})`);
  found.axe = { light: described(light.violations), dark: described(dark.violations) };
  return found;
}

/**
 * Runs in the page: takes the CSP violations the page saw, and when `only` is given, runs axe
 * with those rules and the options @axe-core/playwright's legacy mode passes, first adding axe
 * to the page as Playwright's addScriptTag would (a script element of the site's origin).
 */
async function inPage({ axeUrl, only }: { axeUrl: string; only?: axe.RunOnly }) {
  const held = window as unknown as { __cspViolations: string[]; axe?: typeof axe };
  const csp = [...held.__cspViolations];
  if (!only) return { csp, violations: [] };
  if (!held.axe) {
    const script = document.createElement("script");
    script.src = axeUrl;
    await new Promise((loaded, failed) => {
      script.onload = loaded;
      script.onerror = () => failed(new Error(`${axeUrl} did not load`));
      document.head.append(script);
    });
  }
  const injected = held.axe as typeof axe;
  injected.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });
  const results = await injected.run(document, { runOnly: only, resultTypes: ["violations"] });
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  return { csp, violations };
}

test.before(async () => {
  if (skip) return;
  const served = await servedSampleSite();
  siteDir = served.dir;
  // The probes and axe are served from memory beside the shared build, with the same headers.
  [server, browser] = await Promise.all([
    startStaticServer(siteDir, { port: served.port, extraFiles: EXTRA_FILES }),
    holdBrowser(),
  ]);
});

test.after(async () => {
  await tab?.close();
  await server?.stop();
  // Last: the next browser file of this process holds Chromium on in the same turn.
  releaseBrowser();
});

/** Every page's findings, from one visit of each, for the tests below. */
let everyPage: Promise<{ pages: string[]; findings: Findings; probeAfter: Findings }> | undefined;
function checkEveryPage(): NonNullable<typeof everyPage> {
  everyPage ??= (async () => {
    const pages = listFiles(siteDir)
      .filter((file) => file.endsWith(".html"))
      .map((file) => `/${file.replace(/(^|\/)index\.html$/, "$1")}`);
    const findings: Findings = { csp: [], axe: { light: [], dark: [] } };
    for (const page of pages) {
      const found = await visit(page);
      findings.csp.push(...found.csp);
      for (const scheme of SCHEMES) findings.axe[scheme].push(...found.axe[scheme]);
    }
    // The same tab still sees a violation after every page: the CSP watch held to the end.
    const probeAfter = await visit(CSP_PROBE, false);
    return { pages, findings, probeAfter };
  })();
  return everyPage;
}

test("should send a strict Content-Security-Policy with every response", async () => {
  if (skip) return console.warn(skip);
  const policy = hostHeaders["Content-Security-Policy"] ?? "";
  assert.match(policy, /default-src 'none'/);
  // Scripts of the site only; 'wasm-unsafe-eval' lets them compile WebAssembly (Pagefind), nothing more.
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  assert.match(policy, /frame-ancestors 'none'/);
  const response = await fetch(`${server.origin}/`);
  assert.is(response.headers.get("content-security-policy"), policy);
  assert.is(response.headers.get("x-content-type-options"), "nosniff");
  assert.is(response.headers.get("x-frame-options"), "DENY");
  assert.ok(response.headers.get("referrer-policy"));
});

test("should see the violation of a page with an inline script (the CSP watch works)", async () => {
  if (skip) return console.warn(skip);
  const { csp } = await visit(CSP_PROBE, false);
  assert.ok(
    csp.some((violation) => violation.includes("script-src")),
    csp.join("\n"),
  );
});

test("should see the faults of a probe page (the accessibility check works)", async () => {
  if (skip) return console.warn(skip);
  // Its style comes from a stylesheet of the site's origin, which the CSP lets apply.
  const found = await visit(A11Y_PROBE);
  for (const scheme of SCHEMES) assert.match(found.axe[scheme].join("\n"), "color-contrast", scheme);
  assert.match(found.axe.light.join("\n"), "scrollable-region-focusable");
  // The dark scheme runs the colour rules only (COLOUR_RULES).
  assert.not.match(found.axe.dark.join("\n"), "scrollable-region-focusable");
});

test("should open every page of the site without a CSP violation", async () => {
  if (skip) return console.warn(skip);
  const { pages, findings, probeAfter } = await checkEveryPage();
  assert.ok(pages.length > 50, `the sample has every kind of page (${pages.length})`);
  // The palette (fetching the search index) is exercised on the home page too.
  assert.equal(findings.csp, []);
  assert.ok(probeAfter.csp.some((violation) => violation.includes("script-src")));
});

for (const scheme of SCHEMES) {
  test(`should find no accessibility violation on any page in the ${scheme} scheme`, async () => {
    if (skip) return console.warn(skip);
    const { pages, findings } = await checkEveryPage();
    assert.ok(pages.length > 50, `the sample has every kind of page (${pages.length})`);
    assert.equal(findings.axe[scheme], []);
  });
}

test.run();
