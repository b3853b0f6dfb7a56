import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import { renderInline, stripTags } from "../../../src/markdown/render-markdown.ts";
import { renderMarkdown } from "../../../src/markdown/cached-render.ts";
import { assertLinear } from "../support/linear-time.ts";

/*
 * Rendering costs in proportion to the document, whatever its shape: the shapes below are the
 * ones that make Markdown renderers, or our passes over their tokens, slow down faster than the
 * text grows. 1× is 4 KB, the size of the sample posts, or 16 KB, a long post, for the links
 * our own passes walk (a quadratic walk over one paragraph's links shows only past a few
 * thousand links); 10× is 40 or 160 KB. References stay at 4 KB: markdown-it keeps their
 * definitions in one object, whose lookups slow as it grows past some thousands of keys.
 *
 * Emphasis and brackets come in paragraphs of about 1 KB, as a real post has them. In one
 * paragraph of 40 KB they measure 12-15× from 4 KB, markdown-it alone too, and 8× from 40 KB to
 * 400 KB: the step from a token tree that V8's young generation and the processor's caches hold
 * to one they do not, not the algorithm (a table whose every cell holds emphasis and a link
 * shows the same step).
 */

const POST = 4 * 1024;
const LONG_POST = 16 * 1024;
const SAMPLE_POST = readFileSync(
  join(import.meta.dirname, "../../../content/blog/posts/booting-kestrel-on-risc-v.md"),
  "utf8",
).replace(/^---[\s\S]*?\n---\n/, "");

/** A document of `unit(0)`, `unit(1)`, … joined, about `bytes` × its scale long. */
function repeated(bytes: number, unit: (index: number) => string): (scale: number) => string {
  return (scale) => {
    const parts: string[] = [];
    let length = 0;
    for (let index = 0; length < scale * bytes; index += 1) {
      const part = unit(index);
      parts.push(part);
      length += part.length;
    }
    return parts.join("");
  };
}

/** `line` repeated in paragraphs of about 1 KB. */
function inParagraphs(line: string): (index: number) => string {
  const perParagraph = Math.ceil(1024 / line.length);
  return (index) => (index % perParagraph === perParagraph - 1 ? `${line}\n\n` : line);
}

const references = repeated(POST / 2, (i) => `[r${i}] `);

const SHAPES: Record<string, (scale: number) => string> = {
  "the sample post, repeated": repeated(POST, () => `${SAMPLE_POST}\n\n`),
  "words in one paragraph": repeated(LONG_POST, (i) => `word${i % 10} `),
  "links in one paragraph": repeated(LONG_POST, (i) => `[link ${i}](https://example.org/${i})\n`),
  "refused links in one paragraph": repeated(LONG_POST, (i) => `[link ${i}](javascript:alert(${i}))\n`),
  "reference links in one paragraph": (scale) => {
    const uses = references(scale);
    const count = uses.split(" ").length - 1;
    return `${uses}\n\n${Array.from({ length: count }, (_, i) => `[r${i}]: /x/${i}`).join("\n")}\n`;
  },
  // Autolinks in 1 KB paragraphs: in one 16-160 KB paragraph markdown-it's own inline pass
  // measured 10-16 times for ten times the size (n log n, not the quadratic copy that was
  // fixed), which the 12-times rule cannot tell from load. Images, and autolinks in one
  // paragraph, have their own looser check below, which a quadratic pass still fails, and which
  // holds the document-wide walks over thousands of links. In 1 KB paragraphs no paragraph has
  // more than 22 links at any size, so this one starts at 4 KB: from 16 to 160 KB the token tree
  // of 7,000 links outgrows V8's young generation and the processor's caches, and the same
  // linear passes measured 11.4-12.7 times (markdown-it alone 10.2-10.9); from 4 to 40 KB, 10.4-10.7.
  "autolinks and bare URLs": repeated(POST, inParagraphs("<https://example.org/a> https://example.org/b\n")),
  "headings of one text, of numbered texts and of the layout's ids": repeated(
    POST,
    (i) => ["## Usage\n\n", `## Usage ${i}\n\n`, "## Main\n\n"][i % 3] ?? "",
  ),
  "unclosed emphasis": repeated(POST, inParagraphs("*a **a _a __a ")),
  "unclosed brackets, backticks and angle brackets": repeated(POST, inParagraphs("[a ![b `c ``d <e ")),
  "nested lists": repeated(POST, (i) => `${"  ".repeat(i % 16)}- item\n`),
  "nested block quotes": repeated(POST, (i) => `${">".repeat((i % 16) + 1)} quote\n`),
  "a long table": repeated(POST, (i) =>
    i === 0 ? "| Board | Cores | Memory |\n|---|---|---|\n" : `| board ${i} | 4 cores | 512 MiB of RAM |\n`,
  ),
  "code fences": repeated(POST, (i) => `\`\`\`js\nconst a${i} = ${i};\n\`\`\`\n\n`),
};

/** Shapes that stay in one paragraph: at most 30 times for ten times the size, where a quadratic pass shows about 100. */
const ONE_PARAGRAPH: Record<string, (scale: number) => string> = {
  "autolinks and bare URLs in one paragraph": repeated(
    LONG_POST,
    (i) => `<https://example.org/a${i}> https://example.org/b${i}\n`,
  ),
  "images in one paragraph": repeated(LONG_POST, (i) => `![image ${i}](/images/${i}.png)\n`),
  // Thousands of images in one document: each has an entry in the post's image plan, a Map that
  // V8 slows down past a few thousand keys (12.2 times in a CI run, even in 1 KB paragraphs).
  images: repeated(LONG_POST, inParagraphs("![image](/images/a.png)\n")),
};

for (const [name, shape] of Object.entries(ONE_PARAGRAPH)) {
  test(`should render ${name} in far less than quadratic time`, () => {
    assertLinear(
      name,
      (scale) => {
        const source = shape(scale);
        return () => renderMarkdown(source, { resolveLink: (href) => href });
      },
      30,
    );
  });
}

for (const [name, shape] of Object.entries(SHAPES)) {
  test(`should render ${name} in time linear in its size`, () => {
    assertLinear(name, (scale) => {
      const source = shape(scale);
      return () => renderMarkdown(source, { resolveLink: (href) => href });
    });
  });
}

test("should render code of one long line in time linear in its size", () => {
  // highlight.js reads a long token in time quadratic in its length (a 40,000-character
  // identifier: 4.3 s in JavaScript, a 900 KB one in a post: no build within 5 minutes). Each
  // run's code differs, so no block comes from the highlighter's memory of the last.
  assertLinear("code of one long line", (scale) => {
    const line = "a".repeat(scale * 1024);
    let run = 0;
    return () => {
      run += 1;
      return renderMarkdown(`\`\`\`ini\n${line}${run}\n\`\`\`\n\n\`\`\`js\n${line}${run}\n\`\`\`\n`);
    };
  });
});

test("should render a /now item full of links in time linear in its size", () => {
  assertLinear("inline links", (scale) => {
    const source = repeated(LONG_POST, (i) => `[link ${i}](https://example.org/${i}) `)(scale);
    return () => renderInline(source);
  });
});

test('should strip the tags of a text full of unclosed "<" in time linear in its size', () => {
  // A feed's title or summary, or a raw HTML block: 80,000 "<" took 8.6 s, quadratic.
  assertLinear("unclosed <", (scale) => {
    const text = `<b>x</b> ${"<".repeat(2_000 * scale)}`;
    return () => stripTags(text);
  });
});

test.run();
