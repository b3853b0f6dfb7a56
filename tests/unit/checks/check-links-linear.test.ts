import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkLinks } from "../../../src/checks/check-links.ts";
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

/** An output folder of one page and a text file of `bytes` of each shape. */
function output(bytes: number): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-links-linear-"));
  folders.push(dir);
  mkdirSync(join(dir, "a"));
  writeFileSync(join(dir, "index.html"), '<!doctype html><html><body id="top"></body></html>');
  writeFileSync(join(dir, "a/index.html"), "<!doctype html><html><body></body></html>");
  writeFileSync(
    join(dir, "llms-full.txt"),
    Object.values(SHAPES)
      .map((shape) => shape(bytes))
      .join("\n"),
  );
  return dir;
}

test("should find this site's URLs in hostile text, each ending where it ends", () => {
  const dir = output(SIZE);
  const problems = checkLinks({ outputDir: dir, baseUrl: ROOT }).map((problem) => problem.field);
  // The dots after a URL are punctuation; the run of `…/a/` URLs is one URL, which names no file.
  assert.equal(problems, [`link ${ROOT}/${".".repeat(SIZE)}x`, `link ${run(`${ROOT}/a/`, SIZE)}`]);
});

test("should read text files in time linear in their size", () => {
  const dirs = new Map([
    [1, output(SIZE)],
    [10, output(10 * SIZE)],
  ]);
  assertLinear("link check", (scale) => () => checkLinks({ outputDir: dirs.get(scale) ?? "", baseUrl: ROOT }));
});

test.run();
