import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { highlightCode, warnUnknownLanguages } from "../../../src/markdown/highlight.ts";
import { renderMarkdown } from "../../../src/markdown/cached-render.ts";
import { readFrontMatter } from "../../../src/content/read-files.ts";

const RUST = 'fn main() {\n    println!("hi");\n}';

test("should highlight a registered language and leave others to markdown-it", () => {
  assert.match(highlightCode(RUST, "rust"), /<span class="hljs-keyword">fn<\/span>/);
  assert.is(highlightCode("whatever", "cobol"), "");
  assert.is(highlightCode("whatever", ""), "");
});

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
