import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { svgDanger } from "../../../src/blog/svg-check.ts";
import { MAX_MARKUP_NESTING } from "../../../src/markdown/markdown-limits.ts";
import { SAMPLE_CONTENT } from "./support/blog-tree.ts";

const svg = (inside: string, attributes = ""): Uint8Array =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>\n${inside}\n</svg>`,
  );

test("should pass the sample's drawing and plain, linked and namespaced extras", () => {
  assert.is(svgDanger(readFileSync(join(SAMPLE_CONTENT, "blog/images/gpx-clock-jump.svg"))), null);
  const extras = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd">
  <!-- drawn by hand -->
  <sodipodi:namedview id="base"/>
  <defs><linearGradient id="g"/></defs>
  <use href="#g"/><use xlink:href="#g"/><image href="photo.png"/><a href="https://example.org/"><text>x</text></a>
  <animate attributeName="fill" to="red"/>
</svg>`;
  assert.is(svgDanger(Buffer.from(extras)), null);
});

test("should name each active thing an SVG can carry, with its line", () => {
  const cases: [Uint8Array, RegExp][] = [
    [svg("<script>alert(1)</script>"), /^a <script> element at line 2$/],
    [svg(`<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>`), /^a <script> element/],
    [svg(`<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="x"/>`), /^an XHTML element <h:iframe>/],
    [svg("<foreignObject><div/></foreignObject>"), /^a <foreignObject> element/],
    [svg("", ` onload="alert(1)"`), /^an event handler attribute onload on <svg> at line 1$/],
    [svg(`<rect ONCLICK="x"/>`), /^an event handler attribute ONCLICK on <rect>/],
    [svg(`<a href="javascript:alert(1)"><text>x</text></a>`), /^href="javascript:alert\(1\)" on <a>/],
    [svg(`<a xlink:href="&#106;avascript:alert(1)"/>`), /^xlink:href="javascript:alert\(1\)" on <a>/],
    [
      svg(`<image href="data:image/svg+xml;base64,PHN2Zz4="/>`),
      /^href="data:image\/svg\+xml;base64,PHN2Zz4=" on <image>/,
    ],
    [
      svg(`<a><set attributeName="xlink:href" to="javascript:alert(1)"/></a>`),
      /^an animation <set> that sets xlink:href/,
    ],
    [svg(`<animate attributeName="onbegin" values="x"/>`), /^an animation <animate> that sets onbegin/],
    [svg(`<a xml:base="javascript:" href="x"/>`), /^an xml:base attribute on <a>/],
    [Buffer.from(`<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>`), /^a DOCTYPE/],
    [
      Buffer.from(`<?xml-stylesheet type="text/xsl" href="evil.xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>`),
      /^a processing instruction <\?xml-stylesheet\?>/,
    ],
    [svg("<rect>"), /^XML that is not well-formed/],
    [Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x3e]), /^bytes that are not UTF-8 text$/],
  ];
  for (const [bytes, expected] of cases)
    assert.match(svgDanger(bytes) ?? "(nothing found)", expected, Buffer.from(bytes).toString("utf8"));
});

test("should refuse elements nested deeper than MAX_MARKUP_NESTING, reading no further", () => {
  // Before: none, and saxes looks up each element's namespace through every open one: 8,000
  // nested groups took 0.5 s, a 7 MB SVG of a million would take hours; refused now in 20 ms.
  const nested = (depth: number) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${"<g>".repeat(depth - 1)}${"</g>".repeat(depth - 1)}</svg>`);

  assert.is(svgDanger(nested(MAX_MARKUP_NESTING)), null);
  assert.is(svgDanger(nested(MAX_MARKUP_NESTING + 1)), `elements nested over ${MAX_MARKUP_NESTING} deep at line 1`);
  // What follows the limit is not read: a script after it is not what is reported.
  const deep = `${"<g>".repeat(2_000)}<script>x</script>${"</g>".repeat(2_000)}`;
  assert.match(svgDanger(svg(deep)) ?? "", `elements nested over ${MAX_MARKUP_NESTING} deep at line`);
});

test.run();
