import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cacheKey, writeOgImages } from "../../../src/eleventy/og-images.ts";
import { keepEntry, useBuildCache } from "../../../src/util/build-cache.ts";
import type { OgImageFile } from "../../../src/site/og-cards.ts";
import type { OgCard } from "../../../src/site/og-image.ts";

const card: OgCard = {
  eyebrow: "Systems",
  title: "a",
  subtitle: "b",
  badges: [],
  highlight: "",
  byline: "c",
  host: "d",
  accent: "#000000",
};
const images: OgImageFile[] = [
  { file: "og/projects/a.png", card },
  { file: "og/site.png", card: { ...card, title: "site" } },
];

/**
 * The start of a 1200 × 630 PNG (signature and header chunk, all the cache reads of an entry)
 * followed by `text`: a stand-in image the cache takes for a social image.
 */
function fakePng(text: string): Uint8Array {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(1200, 16);
  header.writeUInt32BE(630, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return Buffer.concat([header, Buffer.from(text)]);
}

/** The title a stand-in PNG written at `file` carries. */
const titleIn = (file: string): string => readFileSync(file).subarray(33).toString("utf8");

/** A stand-in renderer: the card's title in a stand-in PNG, and a count of calls. */
function countingRender(): { render: (card: OgCard) => Promise<Uint8Array>; calls: () => number } {
  let calls = 0;
  return {
    render: async (c) => {
      calls += 1;
      return fakePng(c.title);
    },
    calls: () => calls,
  };
}

/** Runs `run` with an output folder and the build cache at `root/cache`, whose `og/` is `cache`. */
function withDirs(run: (dirs: { out: string; cache: string }) => Promise<void>): () => Promise<void> {
  return async () => {
    const root = mkdtempSync(join(tmpdir(), "folio-og-"));
    useBuildCache(join(root, "cache"));
    try {
      await run({ out: join(root, "out"), cache: join(root, "cache", "og") });
    } finally {
      useBuildCache(undefined);
      rmSync(root, { recursive: true, force: true });
    }
  };
}

test(
  "should write every image at its path in the output folder",
  withDirs(async ({ out }) => {
    const { render } = countingRender();

    await writeOgImages(images, out, { render });

    assert.is(titleIn(join(out, "og/projects/a.png")), "a");
    assert.is(titleIn(join(out, "og/site.png")), "site");
  }),
);

test(
  "should reuse the cached PNG when a card has not changed",
  withDirs(async ({ out }) => {
    const counter = countingRender();
    await writeOgImages(images, out, { render: counter.render });

    const report = await writeOgImages(images, join(out, "again"), { render: counter.render });

    assert.equal(report, { written: 2, rendered: 0, fromCache: 2 });
    assert.is(counter.calls(), 2);
    assert.is(titleIn(join(out, "again/og/site.png")), "site");
  }),
);

test(
  "should render again only the card that changed",
  withDirs(async ({ out }) => {
    const counter = countingRender();
    await writeOgImages(images, out, { render: counter.render });

    const report = await writeOgImages(
      [images[0]!, { file: "og/site.png", card: { ...card, title: "renamed" } }],
      out,
      { render: counter.render },
    );

    assert.equal(report, { written: 2, rendered: 1, fromCache: 1 });
    assert.is(titleIn(join(out, "og/site.png")), "renamed");
  }),
);

test(
  "should keep only the most recently used cache entries",
  withDirs(async ({ out, cache }) => {
    const { render } = countingRender();
    const many = Array.from(
      { length: 5 },
      (_, i): OgImageFile => ({ file: `og/${i}.png`, card: { ...card, title: `t${i}` } }),
    );
    await writeOgImages(many, out, { render, cacheEntries: 5 });
    // File times are coarse: the older entries are dated an hour back so "more recent" is certain.
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of readdirSync(cache)) utimesSync(join(cache, name), hourAgo, hourAgo);

    await writeOgImages(images, out, { render, cacheEntries: 5 });

    assert.is(readdirSync(cache).length, 5);
    const report = await writeOgImages(images, out, { render, cacheEntries: 5 });
    assert.is(report.fromCache, 2);
  }),
);

test("should key the cache by the card's content and the renderer's version, not its key order", () => {
  const reordered = Object.fromEntries(Object.entries(card).reverse()) as unknown as OgCard;

  assert.is(cacheKey(reordered, "v1"), cacheKey(card, "v1"));
  assert.is.not(cacheKey(card, "v2"), cacheKey(card, "v1"));
  assert.is.not(cacheKey({ ...card, badges: ["Rust"] }, "v1"), cacheKey(card, "v1"));
});

test(
  "should render every image, and keep none, when the build cache is a file",
  withDirs(async ({ out }) => {
    const cache = join(out, "..", "cache-file");
    writeFileSync(cache, "not a folder\n");
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => warnings.push(line);
    useBuildCache(cache);
    try {
      const counter = countingRender();
      await writeOgImages(images, out, { render: counter.render });
      const report = await writeOgImages(images, out, { render: counter.render });

      assert.equal(report, { written: 2, rendered: 2, fromCache: 0 });
      assert.is(titleIn(join(out, "og/site.png")), "site");
      assert.is(readFileSync(cache, "utf8"), "not a folder\n");
      assert.equal(warnings, [
        `[folio] The build cache ${JSON.stringify(cache)} is a file, not a folder: it is ignored and this build computes everything afresh.`,
      ]);
    } finally {
      useBuildCache(undefined);
      console.warn = warn;
    }
  }),
);

test(
  "should render again a planted entry whose bytes match its name but are no 1200 × 630 PNG",
  withDirs(async ({ out, cache }) => {
    const counter = countingRender();
    await writeOgImages(images, out, { render: counter.render });
    // Replace each entry by other bytes kept as a sound entry (its digest right): only the header tells.
    for (const name of readdirSync(cache)) keepEntry(cache, name, "<svg onload=alert(1)>");

    const report = await writeOgImages(images, join(out, "again"), { render: counter.render });

    assert.equal(report, { written: 2, rendered: 2, fromCache: 0 });
    assert.is(titleIn(join(out, "again/og/site.png")), "site");
  }),
);

test.run();
