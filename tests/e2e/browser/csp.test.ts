import type { Browser } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { hostHeaders } from "../../../src/site/host-rules.ts";
import { browserSkipReason, launchBrowser, openPage } from "../support/browser.ts";
import { listFiles } from "../support/build-site.ts";
import { servedSampleSite } from "../support/sample-site.ts";
import { startStaticServer, type StaticServer } from "../support/static-server.ts";

// Every page of the sample site, served with the host's headers (the Content-Security-Policy
// of src/site/host-rules.ts included), opened in Chromium: not one CSP violation. A probe page
// with an inline script proves the watch would see one.

const PROBE = "/csp-probe.html";
const skip = browserSkipReason();
/** The run's shared build for a loopback origin (support/sample-site.ts): read and served, never written. */
let siteDir: string;
let server: StaticServer;
let browser: Browser;

/** Violations the page itself saw, collected by a listener installed before any script runs. */
const COLLECT_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
  });
`;

/**
 * The violations each page saw, opening them one after another in one tab (a new context per
 * page tripled the time): the listener is installed again by every navigation, and the console
 * lines are taken per page.
 */
async function violationsOf(...paths: string[]): Promise<string[]> {
  const watched = await openPage(browser);
  try {
    await watched.page.addInitScript(COLLECT_VIOLATIONS);
    const violations: string[] = [];
    for (const path of paths) {
      const logSince = watched.errors.length;
      await watched.page.goto(server.origin + path, { waitUntil: "load" });
      // Violations are reported asynchronously; one macrotask later they are all in.
      await watched.page.waitForTimeout(20);
      const seen = await watched.page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      const logged = watched.errors.slice(logSince).filter((error) => /Content Security Policy/i.test(error));
      violations.push(...[...seen, ...logged].map((violation) => `${path}: ${violation}`));
    }
    return violations;
  } finally {
    await watched.close();
  }
}

test.before(async () => {
  if (skip) return;
  const served = await servedSampleSite();
  siteDir = served.dir;
  // The probe is served from memory beside the shared build, with the same headers.
  const probe = "<!DOCTYPE html><html lang=en><title>probe</title><script>document.title = 'ran'</script></html>";
  [server, browser] = await Promise.all([
    startStaticServer(siteDir, { port: served.port, extraFiles: { [PROBE]: probe } }),
    launchBrowser(),
  ]);
});

test.after(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

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

test("should see the violation of a page with an inline script (the watch works)", async () => {
  if (skip) return console.warn(skip);
  const violations = await violationsOf(PROBE);
  assert.ok(
    violations.some((violation) => violation.includes("script-src")),
    violations.join("\n"),
  );
});

test("should open every page of the site without a CSP violation", async () => {
  if (skip) return console.warn(skip);
  const pages = listFiles(siteDir)
    .filter((file) => file.endsWith(".html"))
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, "$1")}`);
  assert.ok(pages.length > 50, `the sample has every kind of page (${pages.length})`);
  // The palette (fetching the search index) is exercised on the home page too.
  assert.equal(await violationsOf(...pages), []);
  // The same tab still sees a violation after every page: the watch held to the end.
  assert.ok((await violationsOf(...pages.slice(-1), PROBE)).some((violation) => violation.includes("script-src")));
});

test.run();
