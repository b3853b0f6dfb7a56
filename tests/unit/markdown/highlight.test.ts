import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { highlightCode, saveHighlightedBlocks } from "../../../src/markdown/highlight.ts";
import { useBuildCache } from "../../../src/util/build-cache.ts";

const RUST = "fn main() {\n    println!(\"hi\");\n}";
const PYTHON = "print(1)";

function withCache(run: (dir: string) => void): () => void {
  return () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-highlight-"));
    // Ends whatever "build" an earlier test left open (without a cache nothing is written).
    saveHighlightedBlocks();
    useBuildCache(dir);
    try {
      run(join(dir, "highlight"));
    } finally {
      useBuildCache(undefined);
      saveHighlightedBlocks();
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

function cacheFile(dir: string): string {
  const [name] = readdirSync(dir);
  if (!name) throw new Error("no cache file");
  return join(dir, name);
}

test("should highlight a registered language and leave others to markdown-it", () => {
  assert.match(highlightCode(RUST, "rust"), /<span class="hljs-keyword">fn<\/span>/);
  assert.is(highlightCode("whatever", "cobol"), "");
  assert.is(highlightCode("whatever", ""), "");
});

test(
  "should keep a build's blocks for the next build and use them from there",
  withCache((dir) => {
    const html = highlightCode(RUST, "rust");
    saveHighlightedBlocks();
    const stored = JSON.parse(readFileSync(cacheFile(dir), "utf8")) as Record<string, string>;
    assert.equal(Object.values(stored), [html]);
    // What the cache holds is what the next build uses: highlight.js is not asked again.
    const [key] = Object.keys(stored);
    writeFileSync(cacheFile(dir), JSON.stringify({ [key ?? ""]: "<b>from the cache</b>" }));
    assert.is(highlightCode(RUST, "rust"), "<b>from the cache</b>");
  }),
);

test(
  "should keep only the blocks the last build used",
  withCache((dir) => {
    highlightCode(RUST, "rust");
    highlightCode(PYTHON, "python");
    saveHighlightedBlocks();
    highlightCode(PYTHON, "python");
    saveHighlightedBlocks();
    const stored = JSON.parse(readFileSync(cacheFile(dir), "utf8")) as Record<string, string>;
    assert.is(Object.keys(stored).length, 1);
    assert.match(Object.values(stored)[0] ?? "", "print");
  }),
);

test.run();
