import { DateTime } from "luxon";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { renderMarkdown } from "../../../../src/markdown/cached-render.ts";
import { proseHtml, readableDate } from "../../../../src/site/pages/fragments.ts";
import { assertLinear } from "../../support/linear-time.ts";

const ZONES = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Chatham", "Pacific/Kiritimati"];

/** What luxon says, the reference the quick path must match. */
function byLuxon(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { setZone: true }).setZone(zone).setLocale("en").toFormat("d LLL yyyy");
}

test("should give the day in the zone exactly as luxon does, across offsets, midnights and DST changes", () => {
  const instants = [
    "2026-11-18T11:06:40Z",
    "2026-03-29T00:59:59Z",
    "2026-03-29T01:00:00Z",
    "2026-10-25T00:30:00+02:00",
    "2025-12-31T23:30:00-08:00",
    "2026-01-01T00:00:00+14:00",
    "2024-02-29T12:00:00+05:30",
    "2026-06-30T23:59:59.999Z",
    "2026-09-01T00:10:00+01:00",
  ];
  for (const iso of instants) {
    for (const zone of ZONES) assert.is(readableDate(iso, zone), byLuxon(iso, zone), `${iso} in ${zone}`);
  }
});

test("should read a date alone as that calendar day in any zone", () => {
  for (const zone of ZONES) assert.is(readableDate("2026-09-05", zone), "5 Sep 2026");
});

test("should hand back text that is not a date, and say never for none", () => {
  assert.is(readableDate("2026-02-30"), "2026-02-30");
  assert.is(readableDate("soon"), "soon");
  assert.is(readableDate(null), "never");
});

test("should put each table of rendered Markdown in a box a keyboard can scroll, a region named by its number", () => {
  const rendered = "<table>\n<tr><td>a</td></tr>\n</table>\n<p>between</p>\n<table>\n<tr><td>b</td></tr>\n</table>\n";
  const page = proseHtml(rendered).value;
  const boxes = [
    ...page.matchAll(/<div class="table-scroll" tabindex="0" role="region" aria-label="([^"]+)"><table>/g),
  ];
  assert.equal(
    boxes.map((box) => box[1]),
    ["Table 1", "Table 2"],
  );
  assert.is(page.match(/<\/table><\/div>/g)?.length, 2);
});

test("should keep a number and its % on one line in text, and leave code as it is written", () => {
  const rendered =
    "<p>about 40 % of it</p>\n<td>96.4 %</td><pre><code>printf 5 %</code></pre><p><code>x 5 % 3</code></p>";
  assert.is(
    proseHtml(rendered).value,
    '<p>about 40&nbsp;% of it</p>\n<td>96.4&nbsp;%</td><pre tabindex="0"><code>printf 5 %</code></pre><p><code>x 5 % 3</code></p>',
  );
});

test("should box a table nested in a raw HTML table alone, so each box closes inside its own cell", () => {
  const rendered = "<table><tr><td>\n<table>\n<tr><td>in</td></tr>\n</table>\n</td></tr></table>\n";
  assert.is(
    proseHtml(rendered).value,
    '<table><tr><td>\n<div class="table-scroll" tabindex="0" role="region" aria-label="Table 1"><table>\n<tr><td>in</td></tr>\n</table></div>\n</td></tr></table>\n',
  );
});

// Raw HTML leaves tags open (markdown.raw_html: sanitize keeps them so): each opening tag the
// page's passes look for must not search the rest of the document again (20,000 `<code>` took 2.5 s).
for (const open of ["<code>", "<pre>", "<table>", '<h2 id="a">', "<script>"])
  test(`should take time linear in the number of raw ${open} tags left open`, () => {
    assertLinear(`${open} left open`, (scale) => {
      const rendered = renderMarkdown(`${open}x 5 %\n\n`.repeat(300 * scale), { rawHtml: "trust" }).html;
      return () => proseHtml(rendered);
    });
  });

test.run();
