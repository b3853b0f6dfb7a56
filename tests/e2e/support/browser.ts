import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { repoRoot } from "./build-site.ts";

/** Debian's Chromium, which `.ci/run` installs; Playwright's own browser downloads are not used. */
export const chromiumPath = "/usr/bin/chromium";

/** Where tests leave screenshots for a person to look at (ignored by git). */
export const screenshotDir: string = join(repoRoot, ".screenshots");

/**
 * Why browser tests cannot run here, or undefined when they can. Only a developer's machine
 * without Chromium skips; in CI a missing browser must fail the run, not hide it.
 */
export function browserSkipReason(): string | undefined {
  if (existsSync(chromiumPath) || process.env.CI) return undefined;
  return `${chromiumPath} not found: browser tests skipped (install it: apt-get install chromium)`;
}

/**
 * Starts headless Chromium. Playwright gives every launch a fresh, empty profile folder (its
 * own --user-data-dir) and removes it on close. Without the networking flags Chromium keeps
 * calling Google's hosts, which a closed network refuses.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** The process's Chromium while a browser file holds it, and how many hold it. */
let shared: { browser: Promise<Browser>; holders: number; closing?: NodeJS.Immediate } | undefined;

/**
 * Headless Chromium shared by the browser files of one process (the runner runs them in one, one
 * after another): launched by the first file that asks, closed once the last holder has given it
 * back with `releaseBrowser()`. A launch costs about 2 s of CPU; each file still works in
 * contexts of its own, so nothing passes from one file to the next.
 */
export function holdBrowser(): Promise<Browser> {
  shared ??= { browser: launchBrowser(), holders: 0 };
  if (shared.closing) clearImmediate(shared.closing);
  shared.closing = undefined;
  shared.holders += 1;
  return shared.browser;
}

/**
 * Gives back what `holdBrowser()` gave. The last holder's release closes Chromium after the
 * current turn of the event loop, so that the next file of the same process, whose `before` hook
 * runs in the same turn, holds it on instead of launching another.
 */
export function releaseBrowser(): void {
  const current = shared;
  if (!current || current.holders === 0) return;
  current.holders -= 1;
  if (current.holders > 0) return;
  current.closing = setImmediate(() => {
    if (shared === current) shared = undefined;
    current.browser.then((browser) => browser.close()).catch(() => undefined);
  });
}

/** A page in its own context, and every error it reports: console errors, uncaught exceptions, failed loads. */
export interface WatchedPage {
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    // The site serves /favicon.ico (src/eleventy/site-icons.ts), so even the browser's own
    // request for it must not fail.
    if (message.type() === "error") {
      errors.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "";
    // Chromium cancels an image it no longer needs (a lazy picture whose srcset candidate changed
    // as the page laid out, or still loading when the test moves on): its own choice, not a
    // failure of the site. So is a fetch the page left behind: the palette's full-text search
    // still loading an excerpt as a result is followed. A missing file still shows as its HTTP
    // status, below.
    if (reason === "net::ERR_ABORTED" && ["image", "fetch"].includes(request.resourceType())) return;
    errors.push(`failed: ${request.url()} ${reason}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { page, errors, close: () => context.close() };
}

/**
 * `openPage()` with the browser's cache off, for a tab that loads page after page: each load still
 * asks the server for every file it uses, as a first visit in a context of its own does, without
 * a renderer process started for each (that cost 0.45 s of CPU more than a page's load). The
 * setting holds only while the session that made it has the network domain enabled.
 */
export async function openUncachedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  const session = await watched.page.context().newCDPSession(watched.page);
  await session.send("Network.enable");
  await session.send("Network.setCacheDisabled", { cacheDisabled: true });
  return watched;
}

/** Saves a full-page screenshot as `.screenshots/{name}.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}
