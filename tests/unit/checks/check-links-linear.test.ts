import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkLinks, type LinkCheckOptions } from "../../../src/checks/check-links.ts";
import { assertLinear } from "../support/linear-time.ts";

/*
 * The link check reads each text file of the build once, whatever its text: a post's raw
 * Markdown reaches `llms-full.txt` and the feeds as written, so an owner's text decides these
 * shapes. 1× is 16 KB of each, 10× 160 KB (a post may have 1 MiB).
 */

const ROOT = "https://margo.example";
const SIZE = 16 * 1024;
const folders: string[] = [];

test.after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** `unit` repeated to `bytes`. */
const run = (unit: string, bytes: number): string => unit.repeat(Math.ceil(bytes / unit.length));

const SHAPES: Record<string, (bytes: number) => string> = {
  // Each URL's tail is a URL of this site again: read as one, not as one per origin.
  "URLs without a blank between them": (bytes) => run(`${ROOT}/a/`, bytes),
  // The punctuation after a URL is taken off from its end, not tried from each dot.
  "a URL ending in a run of dots": (bytes) => `${ROOT}/${".".repeat(bytes)}x ${ROOT}/${".".repeat(bytes)}`,
  "prose with a link in each sentence": (bytes) => run(`See ${ROOT}/ (or ${ROOT}/#top), then more words. `, bytes),
};

/** An output folder of two pages and a text file of `bytes` of each shape given. */
function output(bytes: number, shapes: readonly ((bytes: number) => string)[]): LinkCheckOptions {
  const dir = mkdtempSync(join(tmpdir(), "folio-links-linear-"));
  folders.push(dir);
  mkdirSync(join(dir, "a"));
  writeFileSync(join(dir, "index.html"), '<!doctype html><html><body id="top"></body></html>');
  writeFileSync(join(dir, "a/index.html"), "<!doctype html><html><body></body></html>");
  const text = shapes.map((shape) => shape(bytes)).join("\n");
  writeFileSync(join(dir, "llms-full.txt"), text);
  // Handed over as the build hands its files: a pass does not read the file again.
  return { outputDir: dir, baseUrl: ROOT, written: new Map([[join(dir, "llms-full.txt"), text]]) };
}

test("should find this site's URLs in hostile text, each ending where it ends", () => {
  const problems = checkLinks(output(SIZE, Object.values(SHAPES))).map((problem) => problem.field);
  // The dots after a URL are punctuation; the run of `…/a/` URLs is one URL, which names no file.
  assert.equal(problems, [`link ${ROOT}/${".".repeat(SIZE)}x`, `link ${run(`${ROOT}/a/`, SIZE)}`]);
});

for (const [name, shape] of Object.entries(SHAPES)) {
  test(`should read ${name} in time linear in its size`, () => {
    const options = new Map([
      [1, output(SIZE, [shape])],
      [10, output(10 * SIZE, [shape])],
    ]);
    // One URL of 160 KB outgrows the processor's caches, which one of 16 KB fits in: 5-14x
    // measured on a loaded machine, so 20 is the bound here. The quadratic passes measured 88x.
    assertLinear(name, (scale) => () => checkLinks(options.get(scale) as LinkCheckOptions), 20);
  });
}

test.run();
