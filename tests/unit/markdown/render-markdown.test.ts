import { test } from "uvu";
import * as assert from "uvu/assert";
import { renderInline, renderMarkdown, stripTags } from "../../../src/markdown/render-markdown.ts";

test("should give every heading a slug id, in the HTML and in the headings list", () => {
  const rendered = renderMarkdown("## Getting Started\n\ntext\n\n### Why Rust?\n");

  assert.equal(rendered.headings, [
    { level: 2, id: "getting-started", title: "Getting Started" },
    { level: 3, id: "why-rust", title: "Why Rust?" },
  ]);
  assert.match(rendered.html, '<h2 id="getting-started">Getting Started</h2>');
  assert.match(rendered.html, '<h3 id="why-rust">Why Rust?</h3>');
});

test("should number repeated headings -2, -3", () => {
  const rendered = renderMarkdown("## Usage\n\n## Usage\n\n## Usage\n");

  assert.equal(rendered.headings.map((h) => h.id), ["usage", "usage-2", "usage-3"]);
});

test("should keep heading ids unique when a heading's own slug equals a numbered one", () => {
  const rendered = renderMarkdown("## Usage\n\n## Usage\n\n## Usage 2\n");

  const ids = rendered.headings.map((h) => h.id);
  assert.is(new Set(ids).size, ids.length, `duplicate ids: ${ids.join(", ")}`);
});

test("should fall back to `section` for a heading without letters or digits", () => {
  const rendered = renderMarkdown("## !!!\n");

  assert.is(rendered.headings[0]?.id, "section");
});

test("should give plain text without tags, with blocks separated by blank lines", () => {
  const rendered = renderMarkdown("Some **bold** and [a link](https://x.example/).\n\n<div class=\"note\">Raw <b>HTML</b></div>\n\n- one\n- two <em>too</em>\n");

  assert.is(rendered.text, "Some bold and a link.\n\nRaw HTML\n\none\n\ntwo too");
});

test("should keep code blocks verbatim in the text and escaped in the HTML", () => {
  const rendered = renderMarkdown("Intro\n\n```zig\nconst a = 1 < 2;\n```\n");

  assert.is(rendered.text, "Intro\n\nconst a = 1 < 2;");
  assert.match(rendered.html, '<pre><code class="language-zig">const a = 1 &lt; 2;\n</code></pre>');
});

test("should highlight code in a known language and still escape it", () => {
  const rendered = renderMarkdown("```ts\nconst a = 1 < 2;\n```\n");

  assert.match(rendered.html, '<pre><code class="language-ts"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span> &lt; <span class="hljs-number">2</span>;');
  assert.is(rendered.text, "const a = 1 < 2;");
});

test("should render one line of inline Markdown as HTML and as text", () => {
  const rendered = renderInline("Porting [kestrel](https://github.com/x/kestrel) to **RISC-V** with `make`");

  assert.equal(rendered, {
    html: 'Porting <a href="https://github.com/x/kestrel">kestrel</a> to <strong>RISC-V</strong> with <code>make</code>',
    text: "Porting kestrel to RISC-V with make",
  });
});

test("should strip tags and decode named and numeric entities", () => {
  const text = stripTags("<p>Fish &amp; chips &lt;3 &quot;yes&quot; &#39;no&#39; &#x1F680;</p>");

  assert.is(text, "Fish & chips <3 \"yes\" 'no' 🚀");
});

test("should decode an escaped entity only once", () => {
  const text = stripTags("&amp;lt;b&amp;gt;");

  assert.is(text, "&lt;b&gt;");
});

test("should leave unknown entities as they are", () => {
  const text = stripTags("a &bogus; b");

  assert.is(text, "a &bogus; b");
});

test("should leave a numeric entity beyond the last Unicode code point as it is, not throw", () => {
  const text = stripTags("a &#99999999; b &#x110000; c");

  assert.is(text, "a &#99999999; b &#x110000; c");
});

test("should write the resolved URL and the pixel size on an image, so the page does not shift", () => {
  const rendered = renderMarkdown("![A chart](../images/chart.png)", {
    resolveImage: () => ({ url: "https://x.example/blog/images/chart.png", width: 800, height: 450 }),
  });

  assert.match(rendered.html, '<img src="https://x.example/blog/images/chart.png" alt="A chart" width="800" height="450">');
  assert.equal(rendered.images, [{ written: "../images/chart.png", url: "https://x.example/blog/images/chart.png", alt: "A chart" }]);
});

test.run();
