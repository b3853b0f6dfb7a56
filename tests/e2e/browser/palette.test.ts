import type { Browser } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  browserSkipReason,
  holdBrowser,
  releaseBrowser,
  openPage,
  openUncachedPage,
  screenshot,
  type WatchedPage,
} from "../support/browser.ts";
import { readJson, readText, sampleContentDir, type Envelope } from "../support/build-site.ts";
import { servedSampleSite } from "../support/sample-site.ts";
import { startStaticServer, type StaticServer } from "../support/static-server.ts";

// The command palette (site-assets/palette.js) in a real browser, on the sample site's pages as
// built and served like the production host. docs/site-contract.md says what it must do.

interface SearchItem {
  kind: string;
  title: string;
  path: string;
  keywords: string[];
}

const skip = browserSkipReason();
/** The run's shared build for a loopback origin (support/sample-site.ts): read and served, never written. */
let build: { outDir: string };
let server: StaticServer;
let browser: Browser;
let index: SearchItem[];

test.before(async () => {
  // The shared build for a loopback origin (its SITE_URL), served there, so the page's absolute search-index URL is this server.
  const served = await servedSampleSite();
  build = { outDir: served.dir };
  [server, browser] = await Promise.all([startStaticServer(served.dir, { port: served.port }), holdBrowser()]);
  index = readJson<Envelope<SearchItem[]>>(build.outDir, "api/v1/search.json").data;
});

test.after(async () => {
  await (await plainTab)?.close();
  await server?.stop();
  // Last: the next browser file of this process holds Chromium on in the same turn.
  releaseBrowser();
});

/** A keyword that two to four projects share, so the one we want is not alone in the list. */
function sharedProjectKeyword(): string {
  const projects = index.filter((item) => item.kind === "project");
  const counts = new Map<string, number>();
  for (const item of projects) for (const word of item.keywords) counts.set(word, (counts.get(word) ?? 0) + 1);
  const word = [...counts].find(([, count]) => count >= 2 && count <= 4)?.[0];
  if (!word) throw new Error("The sample content has no keyword shared by two to four projects");
  return word;
}

/** The home page in a new context; `before` runs ahead of the navigation (a route to fake an answer, say). */
async function home(
  options: Parameters<typeof openPage>[1] = {},
  before?: (page: WatchedPage["page"]) => Promise<unknown>,
): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  await before?.(watched.page);
  await watched.page.goto(`${server.origin}/`);
  return watched;
}

/**
 * The tab the tests that need neither options, routes nor a followed link load the home page in,
 * one after another, with the browser's cache off (`openUncachedPage()`): each load asks the
 * server for every file, the search index included, as a new context's did, without a renderer
 * process started for each. A followed link's view transition can be aborted there while the
 * next page's stylesheet is fetched again, an uncaught error on the page.
 */
let plainTab: Promise<WatchedPage> | undefined;

/** The home page in the plain tab, with an error list of its own. */
async function homeInTab(): Promise<WatchedPage> {
  plainTab ??= openUncachedPage(browser);
  const { page, errors } = await plainTab;
  // The previous test's page left first, as closing its context left it: what it reports as it
  // goes (its favicon's request, aborted) is not this test's.
  await page.goto("about:blank");
  errors.length = 0;
  await page.goto(`${server.origin}/`);
  return { page, errors, close: async () => undefined };
}

test("should open with Ctrl-K, find projects by a keyword in any case and follow one with the keyboard", async () => {
  const { page, errors, close } = await home();
  await page.keyboard.press("Control+K");
  const input = page.locator("dialog.palette[open] input[role=combobox]");
  await input.waitFor();
  const keyword = sharedProjectKeyword();
  await input.fill(keyword.toLowerCase() === keyword ? keyword.toUpperCase() : keyword.toLowerCase());
  const options = page.locator("dialog.palette [role=listbox] > [role=option]");
  await options.first().waitFor();

  const titles = await options.locator(".palette-title").allTextContents();
  const matching = index.filter((item) => item.kind === "project" && item.keywords.includes(keyword));
  for (const item of matching)
    assert.ok(titles.includes(item.title), `${item.title} listed for "${keyword}": ${titles.join(", ")}`);
  assert.is(await input.getAttribute("aria-expanded"), "true");
  assert.is(
    await input.getAttribute("aria-controls"),
    await page.locator("dialog.palette [role=listbox]").getAttribute("id"),
  );

  // The second option, reached with ArrowDown, is the one Enter follows.
  const target = index.find((item) => item.title === titles[1] && item.keywords.includes(keyword));
  assert.ok(target, `the second option (${titles[1]}) is a project with the keyword`);
  await page.keyboard.press("ArrowDown");
  const active = options.nth(1);
  assert.is(await input.getAttribute("aria-activedescendant"), await active.getAttribute("id"));
  assert.is(await active.getAttribute("aria-selected"), "true");
  assert.is(await options.nth(0).getAttribute("aria-selected"), "false");
  await screenshot(page, "palette-light");

  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === target.path);
  assert.is(new URL(page.url()).pathname, target.path);
  assert.equal(errors, []);
  await close();
});

test("should close on Escape and give focus back to what had it, the button or a link", async () => {
  const { page, errors, close } = await homeInTab();
  const button = page.locator("header [data-palette-open]");
  await button.click();
  await page.locator("dialog.palette[open]").waitFor();
  assert.ok(
    await page.locator("dialog.palette input").evaluate((el) => el === document.activeElement),
    "the input has focus",
  );
  await page.keyboard.press("Escape");
  assert.not.ok(await page.locator("dialog.palette").evaluate((el) => (el as HTMLDialogElement).open), "closed");
  assert.ok(await button.evaluate((el) => el === document.activeElement), "focus is back on the button");

  // The link's focus is waited for before the palette opens: one run in about twenty opened it
  // with the focus still elsewhere. After Escape, two frames let the dialog's queued "close"
  // event run, so a handler that moved the focus afterwards is seen.
  const linkFocused = () => page.evaluate(() => document.activeElement === document.querySelector("header nav a"));
  await page.locator("header nav a").first().focus();
  await page.waitForFunction(() => document.activeElement === document.querySelector("header nav a"));
  await page.keyboard.press("Control+K");
  await page.locator("dialog.palette[open]").waitFor();
  await page.keyboard.press("Escape");
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.ok(await linkFocused(), "focus is back on the link");
  assert.equal(errors, []);
  await close();
});

test("should fetch the search index once however often the palette opens", async () => {
  const { page, errors, close } = await homeInTab();
  const fetches = () => server.requests.filter((path) => path === "/api/v1/search.json").length;
  const before = fetches();
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press("Control+K");
    await page.locator("dialog.palette [role=option]").first().waitFor();
    await page.keyboard.press("Escape");
  }
  assert.is(fetches() - before, 1);
  assert.equal(errors, []);
  await close();
});

test("should rank a title prefix first, ignore accents, follow a click and say when nothing matches", async () => {
  const project = index.find((item) => item.kind === "project" && /^[a-z]{4,}/.test(item.title));
  assert.ok(project, "a project whose name starts with four letters");
  const { page, errors, close } = await home({ colorScheme: "dark", reducedMotion: "reduce" });
  await page.locator("header [data-palette-open]").click();
  const input = page.locator("dialog.palette input");
  // "é" for "e" and capitals: the palette folds both sides.
  await input.fill(project.title.slice(0, 4).toUpperCase().replace(/E/g, "É"));
  const first = page.locator("dialog.palette [role=option]").first();
  await first.waitFor();
  assert.is(await first.locator(".palette-title").textContent(), project.title);
  assert.is(await first.locator(".palette-kind").textContent(), "project");
  await screenshot(page, "palette-dark");

  await input.fill("qqqxzzz");
  await page.locator("dialog.palette .palette-status", { hasText: "No matches" }).waitFor();
  assert.is(await page.locator("dialog.palette [role=option]").count(), 0);
  assert.is(await input.getAttribute("aria-expanded"), "false");
  assert.is(await input.getAttribute("aria-activedescendant"), null);

  await input.fill(project.title);
  await page.locator("dialog.palette [role=option]").first().click();
  await page.waitForURL((url) => url.pathname === project.path);
  assert.equal(errors, []);
  await close();
});

test("should find a post by a word only in its body, and never a scheduled post by its words", async () => {
  // "inversely" is in the body of one published post and nowhere the title search looks;
  // "cornice" only in the body of winter-mesh-report, dated after the build clock.
  const post = index.find((item) => item.path === "/blog/posts/ropes-and-dynamic-belays/");
  assert.ok(post, "the sample's post on ropes is published");
  const body = readText(sampleContentDir, "blog/posts/ropes-and-dynamic-belays.md");
  assert.ok(body.includes(" inversely "), "the word is in the post's text");
  assert.not.ok(JSON.stringify(index).toLowerCase().includes("inversely"), "and not in the title index");
  assert.ok(readText(sampleContentDir, "blog/posts/winter-mesh-report.md").includes("cornice"));
  assert.not.ok(
    index.some((item) => item.path.includes("winter-mesh-report")),
    "that post is scheduled",
  );

  const { page, errors, close } = await homeInTab();
  await page.keyboard.press("Control+K");
  const input = page.locator("dialog.palette input");
  await input.fill("Inversely");
  const option = page.locator("dialog.palette [role=option]").first();
  await option.waitFor();
  assert.is(await option.locator(".palette-title").textContent(), post.title);
  assert.is(await option.locator(".palette-kind").textContent(), "post");
  assert.is((await option.locator(".palette-subtitle mark").first().textContent())?.toLowerCase(), "inversely");
  assert.ok(
    server.requests.some((path) => path.startsWith("/pagefind/")),
    "the text was searched with the Pagefind index",
  );
  await screenshot(page, "palette-fulltext");

  await input.fill("cornice");
  await page.locator("dialog.palette .palette-status", { hasText: "No matches" }).waitFor();
  assert.is(await page.locator("dialog.palette [role=option]").count(), 0);
  assert.equal(errors, [], "no error, and no breach of the Content-Security-Policy");
  await close();
});

test("should say when the index cannot be loaded, and load it on the next open", async () => {
  let answered = 0;
  // The first answer is a server error; the second the real file. Routed before the page loads,
  // as below: a route added after it missed the palette's fetch now and then.
  const { page, close } = await home({}, (page) =>
    page.route("**/api/v1/search.json", (route) =>
      answered++ === 0 ? route.fulfill({ status: 503, body: "" }) : route.continue(),
    ),
  );
  await page.keyboard.press("Control+K");
  await page.locator("dialog.palette .palette-status", { hasText: "could not be loaded" }).waitFor();
  assert.is(await page.locator("dialog.palette [role=option]").count(), 0);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+K");
  await page.locator("dialog.palette [role=option]").first().waitFor();
  assert.is(answered, 2);
  await close();
});

test("should show titles as text, never as markup", async () => {
  const title = `<img src=x onerror="document.title='owned'">bold`;
  const fake = [{ kind: "page", title, subtitle: "<b>sub</b>", path: "/", url: `${server.origin}/`, keywords: [] }];
  // Routed before the page loads: a route added after it once missed the palette's fetch.
  const { page, errors, close } = await home({}, (page) =>
    page.route("**/api/v1/search.json", (route) => route.fulfill({ json: { meta: {}, data: fake } })),
  );
  await page.keyboard.press("Control+K");
  const option = page.locator("dialog.palette [role=option]").first();
  await option.waitFor();
  assert.is(await option.locator(".palette-title").textContent(), title);
  assert.is(await page.locator("dialog.palette img, dialog.palette b").count(), 0);
  assert.is.not(await page.title(), "owned");
  assert.equal(errors, []);
  await close();
});

test("should keep the button hidden without JavaScript and still render the page and its links", async () => {
  const { page, errors, close } = await home({ javaScriptEnabled: false });
  assert.ok(await page.locator("header [data-palette-open]").isHidden(), "the palette button is hidden");
  assert.ok(await page.locator("main h1").isVisible(), "the page has a visible heading");
  const links = await page
    .locator("header nav a")
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname));
  assert.ok(links.includes("/projects/"), `the site nav links the projects: ${links.join(", ")}`);
  assert.ok((await page.locator("main a[href]").count()) > 0, "the main content has links");
  await screenshot(page, "home-no-js");
  assert.equal(errors, []);
  await close();
});

if (skip) console.log(skip);
else test.run();
