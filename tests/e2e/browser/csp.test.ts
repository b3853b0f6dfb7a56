import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { hostHeaders } from "../../../src/site/host-rules.ts";
import { browserSkipReason, launchBrowser, openPage } from "../support/browser.ts";
import { buildSite, listFiles, removeDir, type BuildResult } from "../support/build-site.ts";
import { freePort } from "../support/dev-server.ts";
import { startStaticServer, type StaticServer } from "../support/static-server.ts";

// Every page of the sample site, served with the host's headers (the Content-Security-Policy
// of src/site/host-rules.ts included), opened in Chromium: not one CSP violation. A probe page
// with an inline script proves the watch would see one.

const skip = browserSkipReason();
let build: BuildResult;
let server: StaticServer;
let browser: Browser;

/** Violations the page itself saw, collected by a listener installed before any script runs. */
const COLLECT_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
  });
`;

async function violationsOf(path: string): Promise<string[]> {
  const watched = await openPage(browser);
  try {
    await watched.page.addInitScript(COLLECT_VIOLATIONS);
    await watched.page.goto(server.origin + path, { waitUntil: "load" });
    // Violations are reported asynchronously; one macrotask later they are all in.
    await watched.page.waitForTimeout(20);
    const seen = await watched.page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    const logged = watched.errors.filter((error) => /Content Security Policy/i.test(error));
    return [...seen, ...logged].map((violation) => `${path}: ${violation}`);
  } finally {
    await watched.close();
  }
}

test.before(async () => {
  if (skip) return;
  const port = await freePort();
  build = await buildSite({ siteUrl: `http://127.0.0.1:${port}` });
  assert.is(build.status, 0, build.output);
  writeFileSync(
    join(build.outDir, "csp-probe.html"),
    "<!DOCTYPE html><html lang=en><title>probe</title><script>document.title = 'ran'</script></html>",
  );
  [server, browser] = await Promise.all([startStaticServer(build.outDir, { port }), launchBrowser()]);
});

test.after(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
  if (build) removeDir(build.outDir);
});

test("should send a strict Content-Security-Policy with every response", async () => {
  if (skip) return console.warn(skip);
  const policy = hostHeaders["Content-Security-Policy"] ?? "";
  assert.match(policy, /default-src 'none'/);
  assert.match(policy, /script-src 'self'(;|$)/);
  assert.match(policy, /frame-ancestors 'none'/);
  const response = await fetch(`${server.origin}/`);
  assert.is(response.headers.get("content-security-policy"), policy);
  assert.is(response.headers.get("x-content-type-options"), "nosniff");
  assert.is(response.headers.get("x-frame-options"), "DENY");
  assert.ok(response.headers.get("referrer-policy"));
});

test("should see the violation of a page with an inline script (the watch works)", async () => {
  if (skip) return console.warn(skip);
  const violations = await violationsOf("/csp-probe.html");
  assert.ok(
    violations.some((violation) => violation.includes("script-src")),
    violations.join("\n"),
  );
});

test("should open every page of the site without a CSP violation", async () => {
  if (skip) return console.warn(skip);
  const pages = listFiles(build.outDir)
    .filter((file) => file.endsWith(".html") && file !== "csp-probe.html")
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, "$1")}`);
  assert.ok(pages.length > 50, `the sample has every kind of page (${pages.length})`);
  const violations: string[] = [];
  // The palette (fetching the search index) is exercised on the home page too.
  for (const page of pages) violations.push(...(await violationsOf(page)));
  assert.equal(violations, []);
});

test.run();
