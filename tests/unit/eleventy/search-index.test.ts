import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type IndexedPage, searchIndexFiles, stopIndexing } from "../../../src/eleventy/search-index.ts";

const page = (url: string, body: string): IndexedPage => ({
  url,
  file: `${url.slice(1)}index.html`,
  content: `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><nav>Everywhere</nav><article data-pagefind-body><h1>${url}</h1><p>${body}</p><footer data-pagefind-ignore>Licence</footer></article></body></html>`,
});

test("should index the pages once, and again when one of them changes", async () => {
  const cache = mkdtempSync(join(tmpdir(), "search-index-"));
  try {
    let runs = 0;
    const index = async (pages: readonly IndexedPage[]): Promise<[string, string][]> => {
      runs += 1;
      return [["pagefind-entry.json", Buffer.from(String(pages.length)).toString("base64")]];
    };
    const pages = [page("/a/", "first"), page("/b/", "second")];
    const first = await searchIndexFiles(pages, cache, index);
    assert.equal(await searchIndexFiles(pages, cache, index), first);
    // The same pages as the build holds them, in UTF-8 bytes: the same index.
    const bytes = pages.map((one) => ({ ...one, content: Buffer.from(one.content) }));
    assert.equal(await searchIndexFiles(bytes, cache, index), first);
    assert.is(runs, 1);
    await searchIndexFiles([pages[0] as IndexedPage, page("/b/", "edited")], cache, index);
    assert.is(runs, 2);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});

test("should index with Pagefind only what data-pagefind-body holds, and publish no ready-made interface", async () => {
  const files = new Map(
    // One page in UTF-8 bytes, as the build holds it: handed to Pagefind as its text.
    (
      await searchIndexFiles(
        [{ ...page("/a/", "anemone"), content: Buffer.from(page("/a/", "anemone").content) }, page("/b/", "bramble")],
        undefined,
      )
    ).map(([path, base64]) => [path, Buffer.from(base64, "base64")]),
  );
  assert.ok(files.has("pagefind.js") && files.has("pagefind-entry.json"), [...files.keys()].join(", "));
  assert.not.ok(
    [...files.keys()].some((path) => /ui|highlight/.test(path)),
    [...files.keys()].join(", "),
  );
  const fragments = [...files]
    .filter(([path]) => path.startsWith("fragment/"))
    .map(([, bytes]) =>
      JSON.parse(
        gunzipSync(bytes)
          .toString("utf8")
          .replace(/^pagefind_dcd/, ""),
      ),
    )
    .sort((a, b) => a.url.localeCompare(b.url));
  assert.equal(
    fragments.map((fragment) => fragment.url),
    ["/a/", "/b/"],
  );
  assert.match(fragments[0].content, "anemone");
  assert.not.match(fragments[0].content, /Everywhere|Licence/);
});

test("should stop an index being made, keep nothing of it, and index again afterwards (npm start)", async () => {
  const cache = mkdtempSync(join(tmpdir(), "search-index-"));
  try {
    // Enough pages that Pagefind is still at work when it is stopped.
    const many = Array.from({ length: 3000 }, (_, i) => page(`/p${i}/`, `word${i} `.repeat(200)));
    const stopped = searchIndexFiles(many, cache).then(
      () => "indexed",
      (error: unknown) => String(error),
    );
    await new Promise((settle) => setTimeout(settle, 200));
    await stopIndexing();
    assert.match(await stopped, "Pagefind backend closed");
    assert.equal(readdirSync(cache), [], "no entry kept");
    const files = await searchIndexFiles([page("/a/", "anemone")], cache);
    assert.ok(files.some(([path]) => path === "pagefind-entry.json"));
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});

test.run();
