import { XMLParser, XMLValidator } from "fast-xml-parser";
import { SaxesParser } from "saxes";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { escapeXml, xmlCharactersOnly, xmlDocument } from "../../../src/util/xml.ts";

/** Parses with a strict XML 1.0 parser; returns its first error message, or null when the document is well-formed. */
function strictXmlError(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  let error: string | null = null;
  parser.on("error", (e) => {
    error ??= e.message;
  });
  parser.write(text).close();
  return error;
}

/** Every character XML 1.0 forbids or we refuse to publish, as a string: C0 (but tab, LF, CR), DEL, C1, U+FFFE, U+FFFF, lone surrogates. */
const HOSTILE = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0xfffe,
  0xffff,
]
  .map((code) => String.fromCharCode(code))
  .join("");
const LONE_SURROGATES = "\ud800x\udfff";

test("should escape the five predefined entities once", () => {
  assert.is(escapeXml(`a & b < c > d 'e' "f" &amp;`), "a &amp; b &lt; c &gt; d &apos;e&apos; &quot;f&quot; &amp;amp;");
});

test("should write nested elements indented by two spaces, with attributes and empty elements", () => {
  const text = xmlDocument({
    name: "rss",
    attributes: { version: "2.0" },
    children: [
      {
        name: "channel",
        children: [
          { name: "title", text: "Tom & Jerry <3" },
          { name: "link", attributes: { href: `a"b` } },
          { name: "empty", text: "" },
        ],
      },
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

test("should drop every character XML cannot carry and keep tab, newlines and astral characters", () => {
  assert.is(xmlCharactersOnly(`a${HOSTILE}b${LONE_SURROGATES}\t\n\r😀`), "abx\t\n\r😀");
});

test("should give a document a strict XML parser accepts when titles, attributes and CDATA carry terminal escapes", () => {
  const hostile = `\u001b]0;PWNED\u0007\u001b[2J ${HOSTILE}${LONE_SURROGATES}`;
  const text = xmlDocument({
    name: "rss",
    attributes: { note: hostile },
    children: [
      { name: "title", text: hostile },
      { name: "content", text: `<p>${hostile}</p>`, cdata: true },
      { name: "only", text: "\u001b" },
    ],
  });
  assert.is(strictXmlError(text), null);
  assert.not.match(text, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/);
  assert.ok(text.includes("<title>]0;PWNED[2J x</title>"), text);
  assert.ok(text.includes("<![CDATA[<p>]0;PWNED[2J x</p>]]>"), text);
  assert.ok(text.includes("<only></only>"), text);
});

test("should show that the strict parser rejects a raw ESC, so the test above can fail", () => {
  assert.match(strictXmlError('<?xml version="1.0"?>\n<title>a\u001bb</title>') ?? "", /disallowed character/);
});

test.run();
