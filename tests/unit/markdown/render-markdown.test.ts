import { test } from "uvu";
import * as assert from "uvu/assert";
import { MAX_HEADINGS, MAX_MARKUP_NESTING, MAX_NESTING } from "../../../src/markdown/markdown-limits.ts";
import {
  renderInline,
  stripTags,
  type RenderOptions,
  type RenderProblem,
} from "../../../src/markdown/render-markdown.ts";
import { renderMarkdown } from "../../../src/markdown/cached-render.ts";

/** The problems of a render that must refuse something (fails the test when it finds none). */
function refusal(source: string, options: RenderOptions = {}): RenderProblem[] {
  const { problems } = renderMarkdown(source, options);
  assert.ok(problems.length > 0, "the render should refuse a URL");
  return problems;
}

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

  assert.equal(
    rendered.headings.map((h) => h.id),
    ["usage", "usage-2", "usage-3"],
  );
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

test("should give plain text without tags, with blocks separated by blank lines, where raw HTML is trusted", () => {
  const rendered = renderMarkdown(
    'Some **bold** and [a link](https://x.example/).\n\n<div class="note">Raw <b>HTML</b></div>\n\n- one\n- two <em>too</em>\n',
    { rawHtml: "trust" },
  );

  assert.is(rendered.text, "Some bold and a link.\n\nRaw HTML\n\none\n\ntwo too");
});

test("should keep code blocks verbatim in the text and escaped in the HTML", () => {
  const rendered = renderMarkdown("Intro\n\n```cobol\nconst a = 1 < 2;\n```\n");

  assert.is(rendered.text, "Intro\n\nconst a = 1 < 2;");
  assert.match(rendered.html, '<pre><code class="language-cobol">const a = 1 &lt; 2;\n</code></pre>');
});

test("should highlight code in a known language and still escape it", () => {
  const rendered = renderMarkdown("```ts\nconst a = 1 < 2;\n```\n");

  assert.match(
    rendered.html,
    '<pre><code class="language-ts"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span> &lt; <span class="hljs-number">2</span>;',
  );
  assert.is(rendered.text, "const a = 1 < 2;");
});

test("should render one line of inline Markdown as HTML and as text", () => {
  const rendered = renderInline("Porting [kestrel](https://github.com/x/kestrel) to **RISC-V** with `make`");

  assert.equal(rendered, {
    html: 'Porting <a href="https://github.com/x/kestrel">kestrel</a> to <strong>RISC-V</strong> with <code>make</code>',
    text: "Porting kestrel to RISC-V with make",
    problems: [],
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

  assert.match(
    rendered.html,
    '<img src="https://x.example/blog/images/chart.png" alt="A chart" width="800" height="450">',
  );
  assert.equal(rendered.images, [
    { written: "../images/chart.png", url: "https://x.example/blog/images/chart.png", alt: "A chart" },
  ]);
});

const HOSTILE_HTML = '<script>alert(1)</script>\n\nText with <img src=x onerror="alert(2)"> inline.\n';

test("should show raw HTML as text by default (escape)", () => {
  const rendered = renderMarkdown(HOSTILE_HTML);

  assert.is(
    rendered.html,
    "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>Text with &lt;img src=x onerror=&quot;alert(2)&quot;&gt; inline.</p>\n",
  );
});

test("should pass raw HTML through as written when it is trusted", () => {
  const rendered = renderMarkdown(HOSTILE_HTML, { rawHtml: "trust" });

  assert.match(rendered.html, "<script>alert(1)</script>");
  assert.match(rendered.html, '<img src=x onerror="alert(2)">');
});

test("should drop scripts, event handlers and unsafe URLs from raw HTML when it is sanitized", () => {
  const source = `${HOSTILE_HTML}\n<a href="javascript:alert(3)" onclick="alert(4)" title="t">x</a> <a href="https://ok.example/">ok</a> <iframe src="https://x.example/"></iframe><style>p{}</style>\n`;
  const rendered = renderMarkdown(source, { rawHtml: "sanitize" });

  assert.not.match(rendered.html, /<script|<iframe|<style|onerror|onclick|javascript:|alert\(1\)/);
  assert.match(rendered.html, '<img src="x" />');
  assert.not.match(rendered.text, "alert(1)", "the plain text comes from the sanitized tokens too");
  // Inline, each tag is its own token: what stood between a refused pair is shown as text.
  assert.match(rendered.html, '<a title="t">x</a> <a href="https://ok.example/">ok</a> p{}</p>');
});

test("should keep a sanitized element open around the Markdown it wraps, as written", () => {
  const rendered = renderMarkdown(
    '<details class="more" id="main">\n<summary>More</summary>\n\n**Bold** text\n\n</details>\n\nInline <b>bold</b> and <kbd>Ctrl</kbd>.\n',
    { rawHtml: "sanitize" },
  );

  assert.is(
    rendered.html,
    '<details class="more">\n<summary>More</summary>\n<p><strong>Bold</strong> text</p>\n</details>\n<p>Inline <b>bold</b> and <kbd>Ctrl</kbd>.</p>\n',
  );
});

test("should keep the closing tags a sanitized block starts with, so a raw table around Markdown closes", () => {
  const rendered = renderMarkdown(
    "<table><tr><td>\n\n**Bold** cell\n\n</td></tr><tr><td>\n\nNext\n\n</td></tr></iframe>\n</table>\n\nAfter.\n",
    { rawHtml: "sanitize" },
  );

  assert.is(
    rendered.html,
    "<table><tr><td>\n<p><strong>Bold</strong> cell</p>\n</td></tr><tr><td>\n<p>Next</p>\n</td></tr>\n</table>\n<p>After.</p>\n",
  );
});

test("should refuse every unsafe link and image scheme at once, naming the line and the scheme only", () => {
  const source = [
    "# Title", // 1
    "", // 2
    "[a](javascript:alert(1)) and [b](JaVaScRiPt:alert(1))", // 3
    "![c](data:image/png;base64,AAAA)", // 4
    "<javascript:alert(1)>", // 5
    "[d](<java\tscript:alert(1)>) [e](vbscript:msgbox) [f](file:///etc/passwd)", // 6
    "[g](&#106;avascript:alert(1))", // 7
    "", // 8
    "- a list item with [h](javascript:alert(1))", // 9
    "",
    "[fine](https://ok.example/) [rel](../other/) [mail](mailto:a@b.example) [frag](#top)",
  ].join("\n");
  const problems = refusal(source);

  assert.equal(
    problems.map((p) => [p.field, p.actual]),
    [
      ["body line 3, link", "javascript:"],
      ["body line 3, link", "JaVaScRiPt:"],
      ["body line 4, image", "data:"],
      ["body line 5, autolink", "javascript:"],
      ["body line 6, link", "java%09script:"],
      ["body line 6, link", "vbscript:"],
      ["body line 6, link", "file:"],
      ["body line 7, link", "javascript:"],
      ["body line 9, link", "javascript:"],
    ],
  );
  assert.not.match(JSON.stringify(problems), "alert");
  assert.not.match(JSON.stringify(problems), "passwd");
});

test("should publish a refused link or image as its text alone, never its URL", () => {
  const { html, text } = renderMarkdown(
    "[a](javascript:alert(1)) <javascript:alert(2)> ![chart](data:image/png;base64,AAAA) [ok](https://ok.example/)\n",
  );

  assert.is(html, '<p>a  chart <a href="https://ok.example/">ok</a></p>\n');
  assert.is(text, "a  chart ok");
});

test("should name the file's own lines when told the line the body starts on", () => {
  const problems = refusal("Intro\n\n[x](javascript:alert(1))", { firstLine: 6 });

  assert.equal(
    problems.map((p) => [p.field, p.actual]),
    [["line 8, link", "javascript:"]],
  );
});

test("should refuse a protocol-relative link to no host and a URL with credentials", () => {
  const problems = refusal("[a](//) [b](https://user:pw@x.example/)");

  assert.equal(
    problems.map((p) => p.actual),
    ["//…", "https:"],
  );
});

test("should link http(s) text and leave ftp:// text as text", () => {
  const rendered = renderMarkdown("See https://x.example/a and ftp://files.example/b\n");

  assert.is(
    rendered.html,
    '<p>See <a href="https://x.example/a">https://x.example/a</a> and ftp://files.example/b</p>\n',
  );
});

test("should refuse an unsafe link in inline Markdown, naming its kind and scheme, and publish its text", () => {
  const { html, problems } = renderInline("Now: [x](javascript:alert(1))");

  assert.equal(
    problems.map((p) => [p.field, p.actual]),
    [["link", "javascript:"]],
  );
  assert.is(html, "Now: x");
});

test("should not give a heading an id the layout uses", () => {
  const rendered = renderMarkdown("## Main\n\n## Palette results\n\n## Palette option 1\n\n## Main\n");

  assert.equal(
    rendered.headings.map((h) => h.id),
    ["main-2", "palette-results-2", "palette-option-1-2", "main-3"],
  );
  assert.match(rendered.html, '<h2 id="main-2">Main</h2>');
});

test("should give two headings of the same text distinct ids", () => {
  const rendered = renderMarkdown("## Setup\n\n## Setup\n");

  assert.equal(
    rendered.headings.map((h) => h.id),
    ["setup", "setup-2"],
  );
});

test("should refuse a document with more than MAX_HEADINGS headings, saying how many it has", () => {
  const atLimit = renderMarkdown("## Part\n\n".repeat(MAX_HEADINGS));
  const over = renderMarkdown("## Part\n\n".repeat(MAX_HEADINGS + 1));

  assert.equal(atLimit.problems, []);
  assert.equal(over.problems, [
    { field: "(body)", expected: `at most ${MAX_HEADINGS} headings (this document has ${MAX_HEADINGS + 1})` },
  ]);
});

test("should refuse lists and block quotes nested deeper than MAX_NESTING, naming the line of the file", () => {
  const list = (depth: number) =>
    Array.from({ length: depth }, (_, level) => `${"  ".repeat(level)}- level ${level + 1}`).join("\n");
  const quote = (depth: number) => `${"> ".repeat(depth)}deep\n`;

  assert.equal(renderMarkdown(list(MAX_NESTING)).problems, []);
  assert.equal(renderMarkdown(quote(MAX_NESTING)).problems, []);
  assert.equal(renderMarkdown(`intro\n\n${list(MAX_NESTING + 1)}`, { firstLine: 5 }).problems, [
    { field: `line ${5 + 2 + MAX_NESTING}`, expected: `lists and block quotes nested at most ${MAX_NESTING} deep` },
  ]);
  assert.equal(renderMarkdown(quote(MAX_NESTING + 1)).problems, [
    { field: "body line 1", expected: `lists and block quotes nested at most ${MAX_NESTING} deep` },
  ]);
});

test("should refuse sanitized raw HTML nested deeper than MAX_MARKUP_NESTING, naming its line", () => {
  // Before: none, and the sanitizer's parser pays its stack's depth at each tag: 32,000 nested
  // `<ul><li>` (256 KB) took 72 s, 32,000 nested table cells 13.5 s; a 1 MiB post, far longer.
  const nested = (depth: number, open = "<div>", close = "</div>") => `${open.repeat(depth)}x${close.repeat(depth)}\n`;
  const sanitize = (source: string) => renderMarkdown(source, { rawHtml: "sanitize", firstLine: 5 });

  assert.equal(sanitize(nested(MAX_MARKUP_NESTING)).problems, []);
  assert.match(sanitize(nested(MAX_MARKUP_NESTING)).html, "<div><div>x</div></div>");
  const problem = { field: "line 7", expected: `raw HTML nested at most ${MAX_MARKUP_NESTING} deep` };
  for (const [open, close] of [
    ["<div>", "</div>"],
    ["<ul><li>", ""],
    ["<table><tr><td>", "</td></tr></table>"],
  ]) {
    const over = sanitize(`intro\n\n${nested(20_000, open, close)}\nafter\n`);
    assert.equal(over.problems, [problem], open);
    assert.is(over.html, "<p>intro</p>\n<p>after</p>\n", open);
  }
});

test("should refuse a quote nested 120 deep, whose text markdown-it would drop without a word", () => {
  const rendered = renderMarkdown(`${">".repeat(120)} lost\n\nafter\n`);

  assert.not.match(rendered.text, "lost", "markdown-it drops what is nested past its limit");
  assert.is(rendered.problems.length, 1);
});

test.run();
