import { XMLParser, XMLValidator } from "fast-xml-parser";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { escapeXml, xmlDocument } from "../../../src/util/xml.ts";

test("should escape the five predefined entities once", () => {
  assert.is(escapeXml(`a & b < c > d 'e' "f" &amp;`), "a &amp; b &lt; c &gt; d &apos;e&apos; &quot;f&quot; &amp;amp;");
});

test("should write nested elements indented by two spaces, with attributes and empty elements", () => {
  const text = xmlDocument({
    name: "rss",
    attributes: { version: "2.0" },
    children: [
      { name: "channel", children: [{ name: "title", text: "Tom & Jerry <3" }, { name: "link", attributes: { href: `a"b` } }, { name: "empty", text: "" }] },
    ],
  });
  assert.is(
    text,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0">',
      "  <channel>",
      "    <title>Tom &amp; Jerry &lt;3</title>",
      '    <link href="a&quot;b"/>',
      "    <empty/>",
      "  </channel>",
      "</rss>",
      "",
    ].join("\n"),
  );
  assert.is(XMLValidator.validate(text), true);
});

test("should keep markup in text as text, so it parses back to the same string", () => {
  const html = `<p class="x">Fish & chips, 'quoted'</p>`;
  const text = xmlDocument({ name: "item", children: [{ name: "content", text: html }] });
  assert.ok(text.includes("&lt;p class=&quot;x&quot;&gt;Fish &amp; chips, &apos;quoted&apos;&lt;/p&gt;"));
});

test("should write markup as a CDATA section, splitting any ]]> so nothing breaks out", () => {
  const html = `<p>a]]>b</p>`;
  const text = xmlDocument({ name: "item", children: [{ name: "content", text: html, cdata: true }] });
  assert.ok(text.includes("<content><![CDATA[<p>a]]]]><![CDATA[>b</p>]]></content>"), text);
  assert.is(XMLValidator.validate(text), true);
  const parsed = new XMLParser({ cdataPropName: false }).parse(text) as { item: { content: string } };
  assert.is(parsed.item.content, html);
});

test.run();
