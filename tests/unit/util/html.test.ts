import { test } from "uvu";
import * as assert from "uvu/assert";
import { escapeHtml, html, raw, SafeHtml } from "../../../src/util/html.ts";

test("should escape all five characters HTML gives meaning to", () => {
  const escaped = escapeHtml(`&<>"'`);

  assert.is(escaped, "&amp;&lt;&gt;&quot;&#39;");
});

test("should escape an ampersand once, so an entity in the text stays visible as written", () => {
  const escaped = escapeHtml("&lt;b&gt; &amp; &#39;");

  assert.is(escaped, "&amp;lt;b&amp;gt; &amp;amp; &amp;#39;");
});

test("should leave astral characters, combining marks and control characters as they are", () => {
  // Control characters are refused where text enters (content, GitHub answers), not here.
  const text = "𝔘𝔫𝔦 😀 e\u0301 \u001b[2J \u0000 \u2028";

  assert.is(escapeHtml(text), text);
  assert.is(escapeHtml(`<😀>`), "&lt;😀&gt;");
});

test("should escape interpolated text but not the template's own markup", () => {
  const out = html`<p class="x">${"<b>bold</b> & co"}</p>`;

  assert.is(out.value, '<p class="x">&lt;b&gt;bold&lt;/b&gt; &amp; co</p>');
});

test("should keep a double-quoted attribute closed when the value carries a double quote", () => {
  const hostile = `" onmouseover="alert(1)`;

  const out = html`<a title="${hostile}">x</a>`;

  assert.is(out.value, '<a title="&quot; onmouseover=&quot;alert(1)">x</a>');
  assert.not.match(out.value, /" onmouseover="/);
});

test("should keep a single-quoted attribute closed when the value carries a single quote", () => {
  const hostile = `' onfocus='alert(1)' autofocus='`;

  const out = html`<input value='${hostile}'>`;

  assert.is(out.value, "<input value='&#39; onfocus=&#39;alert(1)&#39; autofocus=&#39;'>");
});

test("should not let interpolated text close a script element", () => {
  const hostile = "</script><script>alert(1)</script>";

  const out = html`<script type="application/ld+json">${hostile}</script>`;

  assert.is(
    out.value,
    '<script type="application/ld+json">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</script>',
  );
});

test("should insert marked HTML as it is, so nested templates are escaped once", () => {
  const inner = html`<em>${"a < b"}</em>`;

  const out = html`<p>${inner} ${raw("<strong>ours</strong>")}</p>`;

  assert.is(out.value, "<p><em>a &lt; b</em> <strong>ours</strong></p>");
});

test("should escape an object that only looks like marked HTML", () => {
  const lookalike = { value: "<b>", toString: () => "<img src=x onerror=alert(1)>" };

  const out = html`${lookalike}`;

  assert.is(out.value, "&lt;img src=x onerror=alert(1)&gt;");
});

test("should join arrays without separators, escaping each item unless it is marked", () => {
  const items = ["<a>", html`<li>${"&"}</li>`, ["'", raw("<br>")]];

  const out = html`<ul>${items}</ul>`;

  assert.is(out.value, "<ul>&lt;a&gt;<li>&amp;</li>&#39;<br></ul>");
});

test("should render null, undefined and false as nothing, but zero and true as text", () => {
  const out = html`[${null}|${undefined}|${false}|${0}|${true}|${""}]`;

  assert.is(out.value, "[|||0|true|]");
});

test("should return marked HTML whose string form is its markup", () => {
  const out = html`<i>${"x"}</i>`;

  assert.instance(out, SafeHtml);
  assert.is(String(out), "<i>x</i>");
  assert.is(`${raw("<hr>")}`, "<hr>");
});

test.run();
