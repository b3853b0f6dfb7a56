import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  browserSkipReason,
  holdBrowser,
  releaseBrowser,
  openPage,
  openUncachedPage,
  screenshotDir,
  type WatchedPage,
} from "../support/browser.ts";
import { readJson, type Envelope } from "../support/build-site.ts";
import { servedSampleSite } from "../support/sample-site.ts";
import { startStaticServer, type StaticServer } from "../support/static-server.ts";

// One page of every kind docs/site-contract.md lists, opened in a real browser on the sample site as
// built and served like the production host: it loads cleanly, from the site alone, with sound
// structure (landmarks, one h1, no skipped heading level, described images), and a person can move
// between posts, skip to the content with the keyboard and land on a heading from the API.

interface ProjectSummary {
  name: string;
  urls: { page: string; og_image: string };
}

interface DomainSummary {
  id: string;
  urls: { page: string };
}

interface PostLink {
  slug: string;
  title: string;
  url: string;
}

interface PostSummary extends PostLink {
  tags: { slug: string; url: string }[];
}

interface FullPost extends PostLink {
  headings: { level: number; id: string; title: string; url: string }[];
  images: { url: string; cover: boolean }[];
  cover: { url: string };
  older: PostLink | null;
  newer: PostLink | null;
}

/** What a page had on it, read in one pass in the browser. */
interface Structure {
  lang: string | null;
  headings: { level: number; text: string }[];
  images: { src: string; alt: string | null; role: string | null; width: string | null; height: string | null }[];
  mains: number;
  banners: number;
  contentinfos: number;
  ogImage: string | null;
}

const skip = browserSkipReason();
/** The run's shared build for a loopback origin (support/sample-site.ts): read and served, never written. */
let build: { outDir: string };
let server: StaticServer;
let browser: Browser;
let project: ProjectSummary;
let domain: DomainSummary;
/** A post whose API entry has both an older and a newer post. */
let post: FullPost;
/** The post the page-type check opens: one with both neighbours and an image in its body, so the body's images are checked too. */
let illustratedPost: FullPost;
let tagUrl: string;

test.before(async () => {
  // The shared build for a loopback origin (its SITE_URL), served there, so every absolute URL on the pages is this server.
  const served = await servedSampleSite();
  build = { outDir: served.dir };
  [server, browser] = await Promise.all([startStaticServer(served.dir, { port: served.port }), holdBrowser()]);

  const projects = readJson<Envelope<ProjectSummary[]>>(build.outDir, "api/v1/projects.json").data;
  const domains = readJson<Envelope<DomainSummary[]>>(build.outDir, "api/v1/clusters.json").data;
  const posts = readJson<Envelope<PostSummary[]>>(build.outDir, "blog/api/v1/posts.json").data;
  const full = posts.map((p) => readJson<Envelope<FullPost>>(build.outDir, `blog/api/v1/posts/${p.slug}.json`).data);
  const between = full.filter((p) => p.older !== null && p.newer !== null);

  const first = projects[0];
  const firstDomain = domains[0];
  const middle = between[0];
  const firstTag = posts.flatMap((p) => p.tags)[0];
  if (!first || !firstDomain || !middle || !firstTag)
    throw new Error("The sample content needs a project, a domain, a tag and a post with both neighbours");
  tagUrl = firstTag.url;
  project = first;
  domain = firstDomain;
  post = middle;
  illustratedPost = between.find((p) => p.images.some((image) => !image.cover)) ?? middle;
});

test.after(async () => {
  for (const tab of tabs.values()) await (await tab).close();
  await server?.stop();
  // Last: the next browser file of this process holds Chromium on in the same turn.
  releaseBrowser();
});

/** A URL the build wrote (absolute, for the build's SITE_URL) as the same path on the test server. */
function onServer(url: string): string {
  const { pathname, search, hash } = new URL(url);
  return `${server.origin}${pathname}${search}${hash}`;
}

const pathOf = (url: string) => new URL(url).pathname;

/** A page that also records every URL it asked for, whatever the host. */
async function open(
  options: Parameters<typeof openPage>[1] = {},
  opener: typeof openPage = openPage,
): Promise<WatchedPage & { requested: string[] }> {
  const watched = await opener(browser, options);
  const requested: string[] = [];
  watched.page.on("request", (request) => requested.push(request.url()));
  return { ...watched, requested };
}

type Scheme = "light" | "dark";
/**
 * The tab of each colour scheme the page checks load their pages in, one after another, with the
 * browser's cache off (`openUncachedPage()`): each page still asks the server for every file it
 * uses, as a visitor's first page does.
 */
const tabs = new Map<Scheme, Promise<WatchedPage & { requested: string[] }>>();
function tabOf(scheme: Scheme): Promise<WatchedPage & { requested: string[] }> {
  let tab = tabs.get(scheme);
  if (!tab) {
    tab = open({ colorScheme: scheme }, openUncachedPage);
    tabs.set(scheme, tab);
  }
  return tab;
}

/**
 * The light tab for a test of its own: its error and request lists emptied, and `close()` leaving
 * the page for about:blank, as closing a context of its own left it.
 */
async function lightTab(): Promise<WatchedPage & { requested: string[] }> {
  const tab = await tabOf("light");
  tab.errors.length = 0;
  tab.requested.length = 0;
  return { ...tab, close: () => tab.page.goto("about:blank").then(() => undefined) };
}

/** Requests that went anywhere but the test server (data: and blob: URLs go nowhere). */
function offSite(requested: string[]): string[] {
  return requested.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== server.origin);
}

async function savePage(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

function structureOf(page: Page): Promise<Structure> {
  return page.evaluate(() => ({
    lang: document.documentElement.getAttribute("lang"),
    headings: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => ({
      level: Number(h.tagName.slice(1)),
      text: (h.textContent ?? "").trim().slice(0, 60),
    })),
    images: [...document.querySelectorAll("img")].map((img) => ({
      src: img.getAttribute("src") ?? "",
      alt: img.getAttribute("alt"),
      role: img.getAttribute("role"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
    })),
    mains: document.querySelectorAll("main#main").length,
    // The page's banner and contentinfo: a header or footer that is a child of body, not of an article.
    banners: document.querySelectorAll("body > header").length,
    contentinfos: document.querySelectorAll("body > footer").length,
    ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute("content") ?? null,
  }));
}

/** Every problem with a page's structure, as sentences; empty when it is sound. */
function structureProblems(s: Structure, expectedOgImage: string): string[] {
  const problems: string[] = [];
  if (!s.lang) problems.push("html[lang] is missing or empty");
  const h1s = s.headings.filter((h) => h.level === 1);
  if (h1s.length !== 1)
    problems.push(`${h1s.length} <h1> elements instead of one: ${h1s.map((h) => h.text).join(" | ")}`);
  let previous = 0;
  for (const heading of s.headings) {
    if (heading.level > previous + 1)
      problems.push(`h${heading.level} "${heading.text}" follows h${previous} (skips a level)`);
    previous = heading.level;
  }
  for (const img of s.images) {
    const decorative = img.alt === "" && img.role === "presentation";
    if (!decorative && !img.alt?.trim()) problems.push(`<img src="${img.src}"> has no alt text`);
    if (!img.width || !img.height)
      problems.push(`<img src="${img.src}"> has no width/height attributes (width=${img.width}, height=${img.height})`);
  }
  if (s.mains !== 1) problems.push(`${s.mains} <main id="main"> elements instead of one`);
  if (s.banners < 1) problems.push("no page <header> (a child of body)");
  if (s.contentinfos < 1) problems.push("no page <footer> (a child of body)");
  if (s.ogImage === null) problems.push("no og:image meta");
  else if (s.ogImage !== expectedOgImage) problems.push(`og:image is ${s.ogImage}, expected ${expectedOgImage}`);
  return problems;
}

interface PageCase {
  type: string;
  /** The path on the test server, known once the site is built. */
  path: () => string;
  status?: number;
  /** Also checked in the dark scheme. */
  dark?: boolean;
  ogImage?: () => string;
  /** Further checks on the open page. */
  extra?: (page: Page) => Promise<void>;
}

/** An API's landing page: it links its index, its reference and its OpenAPI document, and each answers. */
function landingPage(root: string): (page: Page) => Promise<void> {
  return async (page) => {
    const links = await page
      .locator("main a[href]")
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname));
    const expected = [`${root}/api/v1/index.json`, `${root}/docs/api/`, `${root}/api/openapi.json`];
    assert.equal(links, expected);
    for (const link of links) assert.is((await page.request.get(server.origin + link)).status(), 200, link);
    // `/api/` and `/api/v1/` are one page: both name the first as canonical.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    assert.ok(canonical?.endsWith(`${root}/api/`), String(canonical));
  };
}

const pageCases: PageCase[] = [
  { type: "home", path: () => "/", dark: true },
  { type: "projects", path: () => "/projects/" },
  { type: "project", path: () => pathOf(project.urls.page), dark: true, ogImage: () => project.urls.og_image },
  { type: "domain", path: () => pathOf(domain.urls.page) },
  { type: "now", path: () => "/now/" },
  { type: "awards", path: () => "/awards/" },
  { type: "pulls", path: () => "/pulls/" },
  { type: "api-docs", path: () => "/docs/api/" },
  { type: "api-landing", path: () => "/api/", extra: landingPage("") },
  { type: "api-v1-landing", path: () => "/api/v1/", extra: landingPage("") },
  { type: "blog", path: () => "/blog/" },
  // A post's social image is its cover: chosen, else its first image, else the site's.
  { type: "post", path: () => pathOf(illustratedPost.url), dark: true, ogImage: () => illustratedPost.cover.url },
  { type: "tag", path: () => pathOf(tagUrl) },
  { type: "archive", path: () => "/blog/archive/" },
  { type: "blog-api-docs", path: () => "/blog/docs/api/" },
  { type: "blog-api-landing", path: () => "/blog/api/", extra: landingPage("/blog") },
  { type: "blog-api-v1-landing", path: () => "/blog/api/v1/", extra: landingPage("/blog") },
  {
    type: "not-found",
    path: () => "/projects/no-such-project/",
    status: 404,
    dark: true,
    extra: async (page) => {
      assert.is((await page.locator("main h1").textContent())?.trim(), "Not found");
      const homeLinks = await page
        .locator("main a[href]")
        .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      assert.ok(homeLinks.includes(`${server.origin}/`), `the 404 page links home: ${homeLinks.join(", ")}`);
      assert.is(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex");
    },
  },
];

/**
 * Opens one page in one colour scheme and checks it; a page that fails is saved whole, for a person
 * to look at. A passing one is not: a full-page screenshot of each cost a third of this file's
 * time, and `npm run screenshots` pictures every kind of page.
 */
async function checkPage(pageCase: PageCase, scheme: Scheme): Promise<void> {
  const expected = pageCase.status ?? 200;
  const tab = await tabOf(scheme);
  const { page } = tab;
  // What this page's load reported: the tab's lists, from here on.
  const [errorsBefore, requestedBefore] = [tab.errors.length, tab.requested.length];
  try {
    const url = `${server.origin}${pageCase.path()}`;
    // "load" waits for the stylesheets, eager images and deferred script; lazy images may load later.
    const response = await page.goto(url, { waitUntil: "load" });
    assert.ok(response, `a response for ${url}`);
    assert.is(response.status(), expected, `status of ${url}`);
    assert.match(response.headers()["content-type"] ?? "", /^text\/html/);

    // The unknown page's own 404 (the response, and Chromium's console line about it) is the expected answer, not an error.
    const ownStatus = [
      `HTTP 404: ${url}`,
      `console: Failed to load resource: the server responded with a status of 404 (Not Found) (${url})`,
    ];
    const errors = tab.errors.slice(errorsBefore);
    const requested = tab.requested.slice(requestedBefore);
    const unexpected = errors.filter((error) => !(expected === 404 && ownStatus.includes(error)));
    assert.equal(unexpected, [], `console errors, page errors or failed requests on ${url} (${scheme})`);
    assert.equal(offSite(requested), [], `requests to other hosts from ${url} (${scheme})`);

    if (scheme === "light") {
      const expectedOg = pageCase.ogImage?.() ?? `${server.origin}/og/site.png`;
      assert.equal(structureProblems(await structureOf(page), expectedOg), [], `structure of ${url}`);
      await pageCase.extra?.(page);
    } else {
      assert.ok(
        await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches),
        "the dark scheme applies",
      );
    }
  } catch (error) {
    const name = scheme === "light" ? `page-${pageCase.type}` : `page-${pageCase.type}-dark`;
    // The failure is the news: a page that cannot be pictured does not hide it.
    await savePage(page, name).catch(() => undefined);
    throw error;
  } finally {
    // Left, as closing a context of its own left it: what the page reports later (the favicon's
    // request, aborted) is not the next page's.
    await page.goto("about:blank").catch(() => undefined);
  }
}

for (const pageCase of pageCases) {
  test(`should serve the ${pageCase.type} page (${pageCase.status ?? 200}) cleanly, from the site alone, with sound structure`, async () => {
    // Both schemes at once, each in its own tab: the file stays quick.
    const schemes: Scheme[] = pageCase.dark ? ["light", "dark"] : ["light"];
    const results = await Promise.allSettled(schemes.map((scheme) => checkPage(pageCase, scheme)));
    const failures = results.flatMap((result, i) =>
      result.status === "rejected" ? [{ scheme: schemes[i], error: result.reason as Error }] : [],
    );
    const [first, ...more] = failures;
    if (!first) return;
    // The first failure keeps its assertion details; any other scheme's failure is added to its message.
    for (const other of more) first.error.message += `\n    and in the ${other.scheme} scheme: ${other.error.message}`;
    throw first.error;
  });
}

test("should serve every og:image the pages name as a 1200×630 PNG", async () => {
  for (const url of [`${server.origin}/og/site.png`, project.urls.og_image]) {
    const response = await fetch(onServer(url));
    assert.is(response.status, 200, url);
    assert.is(response.headers.get("content-type"), "image/png", url);
    const bytes = Buffer.from(await response.arrayBuffer());
    // PNG: the IHDR chunk holds width and height as big-endian integers at bytes 16 and 20.
    assert.equal([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [1200, 630], url);
  }
});

test("should go to the older post and back to the newer one with the post links", async () => {
  const older = post.older;
  assert.ok(older, `${post.slug} has an older post`);
  // A context of its own, its cache on: following a link starts a view transition, which the
  // next page's stylesheet, fetched again by an uncached tab, can come too late for ("aborted").
  const { page, errors, requested, close } = await open();
  try {
    await page.goto(onServer(post.url));
    assert.is((await page.locator("main h1").textContent())?.trim(), post.title);

    const olderLink = page.locator("a[data-older]");
    assert.is(await olderLink.getAttribute("rel"), "prev");
    await olderLink.click();
    await page.waitForURL((url) => url.pathname === pathOf(older.url));
    assert.is(page.url(), onServer(older.url));
    assert.is((await page.locator("main h1").textContent())?.trim(), older.title);

    const newerLink = page.locator("a[data-newer]");
    assert.is(await newerLink.getAttribute("rel"), "next");
    await newerLink.click();
    await page.waitForURL((url) => url.pathname === pathOf(post.url));
    assert.is(page.url(), onServer(post.url));
    assert.is((await page.locator("main h1").textContent())?.trim(), post.title);

    assert.equal(errors, []);
    assert.equal(offSite(requested), []);
  } finally {
    await close();
  }
});

test("should focus a visible skip link on the first Tab and move to the main content on Enter", async () => {
  const { page, errors, close } = await lightTab();
  try {
    await page.goto(`${server.origin}/`);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      const box = el?.getBoundingClientRect();
      return {
        tag: el?.tagName ?? "",
        text: (el?.textContent ?? "").trim(),
        href: el?.getAttribute("href") ?? null,
        box: box ? { left: box.left, top: box.top, right: box.right, bottom: box.bottom } : null,
      };
    });
    assert.is(focused.tag, "A");
    assert.is(focused.text, "Skip to content");
    assert.is(focused.href, "#main");
    // Visible means on screen, not only "rendered": skip links hide off-screen until focused.
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    assert.ok(focused.box, "the skip link has a box");
    const { left, top, right, bottom } = focused.box;
    assert.ok(
      left >= 0 &&
        top >= 0 &&
        right <= viewport.width &&
        bottom <= viewport.height &&
        right - left > 1 &&
        bottom - top > 1,
      `the focused skip link is on screen: ${JSON.stringify(focused.box)}`,
    );
    assert.ok(await page.locator("a.skip").isVisible(), "the skip link is visible");

    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.hash === "#main");
    // The home page is taller than the window, so main scrolls to the top of it.
    await page.waitForFunction(
      () => Math.abs(document.getElementById("main")?.getBoundingClientRect().top ?? 99) < 2,
      undefined,
      { timeout: 2000 },
    );
    assert.ok(await page.evaluate(() => window.scrollY > 0), "the page scrolled down to main");
    // The next Tab starts from main: its first focusable element, not the header's links.
    await page.keyboard.press("Tab");
    const next = await page.evaluate(() => {
      const el = document.activeElement;
      return {
        inMain: Boolean(el?.closest("main#main")),
        text: (el?.textContent ?? "").trim(),
        tag: el?.tagName ?? "",
      };
    });
    assert.ok(next.inMain, `after the skip link, Tab reaches main's content, not ${next.tag} "${next.text}"`);
    const firstInMain = await page.locator("main#main a[href], main#main button:not([hidden])").first().textContent();
    assert.is(next.text, firstInMain?.trim());
    assert.equal(errors, []);
  } finally {
    await close();
  }
});

test("should land on a post heading by the id the API gives, with every API heading on the page", async () => {
  const heading = post.headings[0];
  assert.ok(heading, `${post.slug} has headings in its API entry`);
  assert.is(heading.url, `${post.url}#${heading.id}`);
  const { page, errors, close } = await lightTab();
  try {
    await page.goto(onServer(heading.url));
    assert.is(new URL(page.url()).hash, `#${heading.id}`);
    const target = page.locator(`[id="${heading.id}"]`);
    assert.is(await target.count(), 1, `one element with id ${heading.id}`);
    const tag = await target.evaluate((el) => el.tagName);
    assert.ok(["H2", "H3", "H4"].includes(tag), `#${heading.id} is a ${tag}`);
    assert.is(tag, `H${heading.level}`);
    assert.ok(await target.evaluate((el) => el.matches(":target")), "the heading is the :target");
    const top = await target.evaluate((el) => el.getBoundingClientRect().top);
    // Sub-pixel layout can leave the top a fraction of a pixel above the viewport.
    assert.ok(top > -1 && top < (page.viewportSize()?.height ?? 0), `the heading is scrolled into view (top ${top})`);

    // Every heading the API lists is on the page, at its level, with its title.
    const onPage = await page
      .locator("main h2[id], main h3[id], main h4[id]")
      .evaluateAll((hs) =>
        hs.map((h) => ({ id: h.id, level: Number(h.tagName.slice(1)), text: (h.textContent ?? "").trim() })),
      );
    for (const h of post.headings) {
      const found = onPage.find((p) => p.id === h.id);
      assert.ok(found, `heading #${h.id} from the API is on the page`);
      assert.is(found.level, h.level, `level of #${h.id}`);
      assert.ok(found.text.includes(h.title), `#${h.id} reads "${found.text}", the API says "${h.title}"`);
    }
    assert.equal(errors, []);
  } finally {
    await close();
  }
});

if (skip) console.log(skip);
else test.run();
