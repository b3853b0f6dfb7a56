import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  highlightCode,
  isHighlightOf,
  saveHighlightedBlocks,
  warnUnknownLanguages,
} from "../../../src/markdown/highlight.ts";
import { renderMarkdown } from "../../../src/markdown/render-markdown.ts";
import { readFrontMatter } from "../../../src/content/read-files.ts";
import { keepEntry, useBuildCache } from "../../../src/util/build-cache.ts";

const RUST = 'fn main() {\n    println!("hi");\n}';
const PYTHON = "print(1)";

/** Runs `run` as one "build" with a fresh cache folder; `warnings` collects what it printed. */
function withCache(run: (dir: string, warnings: string[]) => void): () => void {
  return () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-highlight-"));
    // Ends whatever "build" an earlier test left open (without a cache nothing is written).
    saveHighlightedBlocks();
    useBuildCache(dir);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
    try {
      run(join(dir, "highlight"), warnings);
    } finally {
      console.warn = warn;
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

/** Keeps `blocks` as a sound entry (its digest right) in the place of the cache file. */
function seal(file: string, blocks: Record<string, unknown>): void {
  keepEntry(dirname(file), basename(file), JSON.stringify(blocks));
}

function storedBlocks(file: string): Record<string, string> {
  const text = readFileSync(file, "utf8");
  return JSON.parse(text.slice(text.indexOf("\n") + 1)) as Record<string, string>;
}

/** Highlights RUST in a first build, damages the file with `damage`, and returns what a second build gives. */
function afterDamage(dir: string, damage: (file: string) => void): string {
  const cold = highlightCode(RUST, "rust");
  saveHighlightedBlocks();
  const file = cacheFile(dir);
  damage(file);
  const warm = highlightCode(RUST, "rust");
  assert.is(warm, cold, "the same HTML as a build without a cache");
  saveHighlightedBlocks();
  assert.is(highlightCode(RUST, "rust"), cold, "the next build reads a sound file again");
  return file;
}

test("should highlight a registered language and leave others to markdown-it", () => {
  assert.match(highlightCode(RUST, "rust"), /<span class="hljs-keyword">fn<\/span>/);
  assert.is(highlightCode("whatever", "cobol"), "");
  assert.is(highlightCode("whatever", ""), "");
});

test(
  "should keep a build's blocks for the next build and use them from there",
  withCache((dir, warnings) => {
    const html = highlightCode(RUST, "rust");
    saveHighlightedBlocks();
    const stored = storedBlocks(cacheFile(dir));
    assert.equal(Object.values(stored), [html]);
    // What the cache holds is what the next build uses: highlight.js is not asked again.
    const [key] = Object.keys(stored);
    const other = `<span class="from-cache">${html.replace(/<[^>]*>/g, "")}</span>`;
    seal(cacheFile(dir), { [key ?? ""]: other });
    assert.is(highlightCode(RUST, "rust"), other);
    assert.equal(warnings, []);
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
    const stored = storedBlocks(cacheFile(dir));
    assert.is(Object.keys(stored).length, 1);
    assert.match(Object.values(stored)[0] ?? "", "print");
  }),
);

test(
  "should discard a sound entry that does not hold blocks with one warning, and highlight afresh",
  withCache((dir, warnings) => {
    afterDamage(dir, (file) => seal(file, { a: 1 }));
    assert.is(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0] ?? "", /holds a value its kind refuses/);
  }),
);

test(
  "should not publish a block whose digest is right but whose HTML is not the code highlighted",
  withCache((dir, warnings) => {
    afterDamage(dir, (file) => {
      const [key] = Object.keys(storedBlocks(file));
      seal(file, { [key ?? ""]: "<script>alert(1)</script>" });
    });
    assert.is(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0] ?? "", /not its code highlighted/);
  }),
);

test(
  "should warn once, and go on, when the blocks cannot be kept",
  withCache((dir, warnings) => {
    const html = highlightCode(RUST, "rust");
    // The folder was found usable when the build began; a file has taken its place since.
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, "not a folder\n");

    saveHighlightedBlocks();

    assert.is(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0] ?? "", `${JSON.stringify(dir)} cannot be written (E`);
    assert.match(warnings[0] ?? "", "this build goes on without keeping its entries there");
    assert.is(readFileSync(dir, "utf8"), "not a folder\n");
    assert.is(highlightCode(RUST, "rust"), html);
  }),
);

test("should accept highlight.js's own HTML and refuse anything added to it", () => {
  const code = "let a = \"<b>\" & 'c';";
  const html = highlightCode(code, "javascript");

  assert.ok(isHighlightOf(html, code));
  assert.not.ok(isHighlightOf(`${html}<img src=x onerror=alert(1)>`, code));
  assert.not.ok(isHighlightOf(html.replace("&lt;b&gt;", "<b>"), code));
  assert.not.ok(isHighlightOf(html.replace('class="hljs-string"', 'class="x" onclick="y"'), code));
});

test(
  "should show a block in a language highlight.js does not know as plain, whatever the cache holds",
  withCache((dir) => {
    const code = "DISPLAY 'HI'.";
    assert.is(highlightCode(code, "cobol"), "");
    highlightCode(RUST, "rust");
    saveHighlightedBlocks();
    // The next build's cache: an entry under that language's key, well-formed, its digest right.
    const key = createHash("sha256").update("cobol").update("\0").update(code).digest("base64url").slice(0, 24);
    seal(cacheFile(dir), { [key]: `<span class="hljs-keyword">DISPLAY</span> &#x27;HI&#x27;.` });
    assert.is(highlightCode(code, "cobol"), "");
  }),
);

const SAMPLE = join(import.meta.dirname, "../../../content");

test("should highlight every fenced block that names a language in the sample content", () => {
  const files = readdirSync(SAMPLE, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".md"));
  const plain: string[] = [];
  let blocks = 0;
  for (const file of files) {
    const rendered = renderMarkdown(readFrontMatter(join(SAMPLE, file)).body);
    const named = rendered.codeBlocks.filter((language) => language !== null);
    const html = [...rendered.html.matchAll(/<pre><code class="language-([^"]+)">([\s\S]*?)<\/code><\/pre>/g)];
    assert.is(html.length, named.length, file);
    for (const [, language, code] of html)
      if (!code?.includes('<span class="hljs-')) plain.push(`${file}: ${language}`);
    blocks += html.length;
  }
  assert.ok(blocks > 0, "the sample has code blocks");
  assert.equal(plain, [], "blocks shown plain");
});

test("should warn once per file and language that nothing highlights, naming both", () => {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
  try {
    warnUnknownLanguages("content/projects/x.md", ["cobol", "rust", null, "cobol", "Zig", "brain\u001bfuck"]);
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings, [
    '[highlight] content/projects/x.md: no grammar for code in "cobol": shown plain',
    '[highlight] content/projects/x.md: no grammar for code in "brain\\u001bfuck": shown plain',
  ]);
});

test.run();
