import type { Browser, ElementHandle, Page } from "playwright-core";
import sharp from "sharp";
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
/** The tallest the header may be on a HEADER_PHONE px phone, in CSS pixels. */
const HEADER_LIMIT = 80;
/** The phone width (one of PHONES) the header's height is measured at. */
const HEADER_PHONE = 390;
/** The phone width (one of PHONES) the shading of a table's scrolling edges is looked at. */
const SHADE_PHONE = 360;
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
function widthOf(page: Page): Promise<{ document: number; screen: number; culprits: string[]; cutLinks: string[] }> {
  return page.evaluate(() => {
    const screen = window.innerWidth;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > screen + 0.5)
      .slice(-3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px)`,
      );
    // A link past the screen's edge, not in a box that scrolls: cut off (a section's paint
    // containment clips without widening the page), so a visitor cannot read or tap all of it.
    const scrolls = (element: Element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
    const cutLinks = [...document.querySelectorAll("a")]
      .filter((link) => link.getBoundingClientRect().right > screen + 0.5)
      .filter((link) => {
        for (let box = link.parentElement; box; box = box.parentElement) if (scrolls(box)) return false;
        return true;
      })
      .map((link) => link.href);
    return { document: document.documentElement.scrollWidth, screen, culprits, cutLinks };
  });
}

/**
 * The table cells whose text is one plain word (no code or link in it: those may break anywhere),
 * and the cells of an API reference's endpoints table (paths break after a slash), that a line
 * ends inside of, between two letters or digits: "Typ|e", "/api/v1/fea|tured.json" in a narrow
 * column. A line may end after a hyphen or a slash, as in "octet-|stream".
 */
function brokenWordsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const brokenMidWord = (cell: Element) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      let before: { char: string; bottom: number } | undefined;
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (let at = 0; at < (text.textContent ?? "").length; at++) {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + 1);
          const box = range.getBoundingClientRect();
          const char = text.textContent?.[at] ?? "";
          // A line may end at a space: the next word starts afresh.
          if (/\s/.test(char)) {
            before = undefined;
            continue;
          }
          if (box.width === 0) continue;
          if (before && box.top >= before.bottom && /^[\p{L}\p{N}]{2}$/u.test(before.char + char)) return true;
          before = { char, bottom: box.bottom };
        }
      }
      return false;
    };
    return [...document.querySelectorAll("th, td")]
      .filter(
        (cell) =>
          (/^\S+$/.test(cell.textContent?.trim() ?? "") && !cell.querySelector("code, a")) ||
          cell.closest(".api-docs nav"),
      )
      .filter(brokenMidWord)
      .map((cell) => `${cell.tagName.toLowerCase()} "${cell.textContent?.trim()}"`);
  });
}

/**
 * The columns of an API reference's endpoints table, past its Path and Returns, that take more
 * than a tenth of its width: on a phone the paths and what they return need it all.
 */
function crampedEndpointsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".api-docs nav table")].flatMap((table) => {
      const width = table.getBoundingClientRect().width;
      return [...(table.querySelector("tr")?.children ?? [])]
        .slice(2)
        .map((cell) => ({ name: cell.textContent?.trim(), share: cell.getBoundingClientRect().width / width }))
        .filter(({ share }) => share > 0.1)
        .map(({ name, share }) => `${name} column ${Math.round(share * 100)} % wide`);
    }),
  );
}

/**
 * The code blocks whose copy button (site-assets/copy.js) covers some of their code: the lines
 * that meet the button's box, first characters of each, before the block is scrolled.
 */
function coveredCodeOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".code-frame")].flatMap((frame) => {
      const button = frame.querySelector(".copy-code")?.getBoundingClientRect();
      const code = frame.querySelector("pre");
      if (!button || !code) return [];
      const range = document.createRange();
      range.selectNodeContents(code);
      const meets = [...range.getClientRects()].some(
        (line) =>
          line.width > 0 &&
          line.left < button.right &&
          line.right > button.left &&
          line.top < button.bottom &&
          line.bottom > button.top,
      );
      return meets ? [`"${code.textContent?.trim().slice(0, 30)}"`] : [];
    }),
  );
}

/** The blocks of rendered Markdown (a table, a list, a code block) that touch the block after them. */
function gaplessBlocksOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".prose > *")]
      .filter((block) => {
        const next = block.nextElementSibling;
        if (!next || block.getBoundingClientRect().height === 0) return false;
        return next.getBoundingClientRect().top - block.getBoundingClientRect().bottom < 1;
      })
      .map((block) => `${block.tagName.toLowerCase()} before ${block.nextElementSibling?.tagName.toLowerCase()}`),
  );
}

/**
 * The tables whose scrolling box a keyboard cannot reach or a screen reader cannot name: each
 * table scrolls in the nearest box with `overflow-x: auto` (itself or an ancestor), which must be
 * focusable (`tabindex="0"`, so Safari's keyboard can scroll it) and a region with a name.
 */
function unreachableTablesOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main table")].flatMap((table) => {
      let box: HTMLElement | null = table as HTMLElement;
      while (box && box.tagName !== "MAIN" && !["auto", "scroll"].includes(getComputedStyle(box).overflowX))
        box = box.parentElement;
      const label = box?.getAttribute("aria-labelledby");
      const name = (label ? document.getElementById(label)?.textContent : box?.getAttribute("aria-label")) ?? "";
      const reachable = box?.tagName !== "MAIN" && box?.tabIndex === 0 && box.getAttribute("role") === "region";
      return reachable && name.trim() ? [] : [`table "${table.textContent?.replace(/\s+/g, " ").trim().slice(0, 24)}"`];
    }),
  );
}

/** The percentages in the page's text (not code) whose "%" a line break parts from its number: "96.4 |%". */
function splitPercentsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const split: string[] = [];
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (text.parentElement?.closest("pre, code")) continue;
      for (const match of (text.textContent ?? "").matchAll(/\d+(?:[.,]\d+)?\s+%/g)) {
        const box = (at: number) => {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + 1);
          return range.getBoundingClientRect();
        };
        const end = match.index + match[0].length - 1;
        if (box(end).top >= box(match.index).bottom) split.push(`"${match[0]}"`);
      }
    }
    return split;
  });
}

/**
 * How light the box's first and last column of pixels inside its border are (0-255), each the
 * median down the column: the background shows there between the table's lines of text.
 */
async function edgesOf(box: ElementHandle<Element>): Promise<{ left: number; right: number }> {
  const { border, inner } = await box.evaluate((element) => ({
    border: element.clientLeft,
    inner: element.clientWidth,
  }));
  // The screenshot after the next frame is painted: one taken right after a scroll or a change of
  // scheme could show the box's background before it followed (1 load in 25 here).
  await box.scrollIntoViewIfNeeded();
  await box.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  const { data, info } = await sharp(await box.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const column = (x: number) => {
    const shades: number[] = [];
    for (let y = 0; y < info.height; y++) {
      const at = (y * info.width + x) * info.channels;
      shades.push(0.2126 * (data[at] ?? 0) + 0.7152 * (data[at + 1] ?? 0) + 0.0722 * (data[at + 2] ?? 0));
    }
    return shades.sort((a, b) => a - b)[Math.floor(shades.length / 2)] ?? 0;
  };
  return { left: column(border + 1), right: column(border + inner - 2) };
}

/** What one load of a page at one width measured: the layout's width, broken words, covered code, gapless blocks, and the header's height. */
/**
 * The links of a line of facts (a post's date, author and tags: `.meta`) that a line ends
 * inside of, as "offline-|first" did at a hyphen.
 */
function splitFactsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".meta a")]
      .filter((link) => new Set([...link.getClientRects()].map((box) => Math.round(box.top))).size > 1)
      .map((link) => link.textContent ?? ""),
  );
}

/**
 * The header's section links whose focus ring, each focused in turn from the keyboard's side,
 * would be cut off by the row that scrolls them (it clips what is drawn outside it): the ring is
 * the link's box grown by its outline's offset and width.
 */
function clippedFocusRingsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    const row = document.querySelector(".site-header nav");
    for (const link of row?.querySelectorAll("a") ?? []) {
      if (!row || link.getClientRects().length === 0) continue;
      link.focus({ focusVisible: true } as FocusOptions);
      const style = getComputedStyle(link);
      const grow = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
      const ring = link.getBoundingClientRect();
      const clip = row.getBoundingClientRect();
      const out =
        !link.matches(":focus-visible") ||
        ring.top - grow < clip.top - 0.5 ||
        ring.bottom + grow > clip.bottom + 0.5 ||
        ring.left - grow < clip.left - 0.5 ||
        ring.right + grow > clip.right + 0.5;
      if (out) clipped.push(link.textContent ?? "");
      link.blur();
    }
    return clipped;
  });
}

interface Measured {
  width: Awaited<ReturnType<typeof widthOf>>;
  brokenWords: string[];
  crampedEndpoints: string[];
  coveredCode: string[];
  gaplessBlocks: string[];
  unreachableTables: string[];
  splitPercents: string[];
  splitFacts: string[];
  header: number;
  clippedFocusRings: string[];
}

/** The header's height in CSS pixels, or Infinity when the page has none. */
function headerHeightOf(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector("body > header")?.getBoundingClientRect().height ?? Infinity);
}

/** What the edges of the scrolling tables showed at SHADE_PHONE px: how many boxes, and the faults. */
interface Shading {
  boxes: number;
  faults: string[];
}

/**
 * Looks at the edges of the page's first table that overflows its scrolling box, in both colour
 * schemes, at the start and scrolled to the end; adds what it found to `shading`. Leaves the tab
 * in the light scheme for the next page.
 */
async function checkShading(tab: Page, path: string, shading: Shading): Promise<void> {
  // The page's first table that overflows its scrolling box.
  const found = await tab.evaluateHandle(
    () =>
      [...document.querySelectorAll("main table")]
        .map((table) => {
          let box: Element | null = table;
          while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
          return box;
        })
        .find((box) => box && box.scrollWidth > box.clientWidth + 1) ?? null,
  );
  const box = found.asElement() as ElementHandle<Element> | null;
  if (!box) return;
  shading.boxes += 1;
  for (const colorScheme of ["light", "dark"] as const) {
    await tab.emulateMedia({ colorScheme });
    await box.evaluate((element) => element.scrollTo(0, 0));
    const start = await edgesOf(box);
    await box.evaluate((element) => element.scrollTo(element.scrollWidth, 0));
    const end = await edgesOf(box);
    // The edge with more to see is shaded (darker or lighter), the other one is not; scrolled
    // to the end, the other way round.
    const atStart = start.right - start.left;
    const atEnd = end.left - end.right;
    if (Math.abs(atStart) < 8 || Math.abs(atEnd) < 8 || Math.sign(atStart) !== Math.sign(atEnd))
      shading.faults.push(`${path} ${colorScheme}: edges ${JSON.stringify({ start, end })}`);
  }
  await tab.emulateMedia({ colorScheme: "light" });
}

/**
 * Every page loaded once, in one tab, and measured at each phone width in turn, the tab resized
 * between them (a load at each width cost three loads a page for the same layout: the site's
 * scripts read no width, so only its CSS lays it out again). Before each width the tab is scrolled
 * back to its start and nothing keeps the focus, as after a load. The header test reads the
 * 390 px measures the width test made, and the shading test looks at SHADE_PHONE last (after the
 * measures, which its scrolling and schemes would disturb), not at loads of its own.
 */
let measured: Promise<{ all: { page: string; width: number; measure: Measured }[]; shading: Shading }> | undefined;
function measureAll(): NonNullable<typeof measured> {
  measured ??= (async () => {
    const found: { page: string; width: number; measure: Measured }[] = [];
    const shading: Shading = { boxes: 0, faults: [] };
    const context = await browser.newContext({ viewport: { width: PHONES[0] ?? 320, height: 800 } });
    const tab = await context.newPage();
    // SHADE_PHONE last: the shading test scrolls the tables and changes the colour scheme.
    const widths = [...PHONES.filter((width) => width !== SHADE_PHONE), SHADE_PHONE];
    for (const page of pages) {
      await tab.goto(`${server.origin}${page.path}`, { waitUntil: "load" });
      for (const width of widths) {
        await tab.setViewportSize({ width, height: 800 });
        await tab.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur();
          for (const box of [document.documentElement, ...document.querySelectorAll("body *")])
            if (box.scrollLeft !== 0 || box.scrollTop !== 0) box.scrollTo(0, 0);
        });
        const measure = {
          width: await widthOf(tab),
          brokenWords: await brokenWordsOf(tab),
          crampedEndpoints: await crampedEndpointsOf(tab),
          coveredCode: await coveredCodeOf(tab),
          gaplessBlocks: await gaplessBlocksOf(tab),
          unreachableTables: await unreachableTablesOf(tab),
          splitPercents: await splitPercentsOf(tab),
          splitFacts: await splitFactsOf(tab),
          header: await headerHeightOf(tab),
          // Last: it moves the focus, and may scroll the header's row.
          clippedFocusRings: await clippedFocusRingsOf(tab),
        };
        found.push({ page: `${page.kind} ${page.path} at ${width} px`, width, measure });
        // A check that throws is one fault of its own, not a failure of every test of the pass.
        if (width === SHADE_PHONE)
          await checkShading(tab, page.path, shading).catch((error: Error) =>
            shading.faults.push(`${page.path}: ${error.message}`),
          );
      }
    }
    await context.close();
    return { all: found, shading };
  })();
  return measured;
}

/** "page at width: the first four faults" for each page and width where `faults` finds any. */
async function pagesWith(faults: (measure: Measured) => string[]): Promise<string[]> {
  return (await measureAll()).all.flatMap(({ page, measure }) => {
    const found = [...new Set(faults(measure))];
    return found.length > 0 ? [`${page}: ${found.slice(0, 4).join(", ")}`] : [];
  });
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
  const wide = (await measureAll()).all
    .filter(({ measure }) => measure.width.document > measure.width.screen)
    .map(({ page, measure }) => `${page}: ${measure.width.document} px wide; ${measure.width.culprits.join(", ")}`);
  assert.equal(wide, []);
});

test("should show every link whole on a phone, wrapped if long, unless it is in a box that scrolls", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.width.cutLinks), []);
});

test("should never break a table cell's one word, a column's header as its values, on a phone", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.brokenWords), []);
});

test("should leave an API reference's endpoints on a phone the width for their paths and what they return", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.crampedEndpoints), []);
});

test("should never cover a code block's code with its copy button on a phone", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.coveredCode), []);
});

test("should leave space between every two blocks of a post or a writeup, a table and the text after it too", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.gaplessBlocks), []);
});

test("should let a keyboard scroll every table's box on a phone, a region a screen reader names", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.unreachableTables), []);
});

test("should keep a percentage's number and its % on one line on a phone", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.splitPercents), []);
});

test("should keep a tag or a name in a post's line of facts whole on a phone", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.splitFacts), []);
});

test("should show the whole focus ring of every section link in the header's scrolling row on a phone", async () => {
  if (skip) return console.warn(skip);
  assert.equal(await pagesWith((measure) => measure.clippedFocusRings), []);
});

test("should shade the edge a table's box scrolls towards on a phone, in both colour schemes", async () => {
  if (skip) return console.warn(skip);
  const { boxes, faults } = (await measureAll()).shading;
  // The API references' tables fit a phone from 360 px, without their Required column.
  assert.ok(boxes >= 1, `the pull requests' table scrolls (${boxes})`);
  assert.equal(faults, []);
});

test("should keep the header at most 80 px tall on a 390 px phone", async () => {
  if (skip) return console.warn(skip);
  const atPhone = (await measureAll()).all.filter(({ width }) => width === HEADER_PHONE);
  assert.is(atPhone.length, pages.length, `every page measured at ${HEADER_PHONE} px`);
  const tall = atPhone
    .filter(({ measure }) => measure.header > HEADER_LIMIT)
    .map(({ page, measure }) => `${page}: ${measure.header} px`);
  assert.equal(tall, []);
});

test.run();
