import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compareWithOutput, paginatedOutput, rememberOutput } from "../../../src/eleventy/paginated-output.ts";
import { forgetOutputFiles, unchangedFiles } from "../../../src/util/output-path.ts";
import { withTempFolder } from "../support/temp-folder.ts";

/*
 * `npm start` knows a file unchanged from its last build's text while the file keeps that
 * build's size and time, and reads the folder again when either changed.
 */

/** The items the template would have Eleventy write into `out`, rendering `name` as `text`. */
function toWrite(out: string, text: string, name = "page.txt"): string[] {
  forgetOutputFiles();
  const template = paginatedOutput<{ text: string }, string>({
    modelKey: "model",
    items: () => [name],
    file: (_, item) => item,
    render: (model) => model.text,
  });
  const { before } = template.data.pagination as { before: (items: unknown, data: object) => string[] };
  return before([], { model: { text }, eleventy: { directories: { output: out } } });
}

test(
  "should keep a file holding its last build's text, and write one whose text changed",
  withTempFolder("paginated", (out) => {
    const file = join(out, "page.txt");
    writeFileSync(file, "first");
    rememberOutput(new Map([[file, "first"]]));
    assert.equal(toWrite(out, "first"), [], "the same text: not written again");
    assert.is(unchangedFiles.get(file), "first");
    assert.equal(toWrite(out, "other"), ["page.txt"]);
  }),
);

test(
  "should write the last build's text again into a file changed or deleted since",
  withTempFolder("paginated", (out) => {
    const file = join(out, "page.txt");
    writeFileSync(file, "first");
    rememberOutput(new Map([[file, "first"]]));
    writeFileSync(file, "changed by hand");
    assert.equal(toWrite(out, "first"), ["page.txt"], "its size and time changed: the bytes are compared");
    writeFileSync(file, "first");
    assert.equal(toWrite(out, "first"), [], "bytes equal to the text: kept");
    rmSync(file);
    assert.equal(toWrite(out, "first"), ["page.txt"]);
  }),
);

test(
  "should keep under npm start, from its first build, a file that differs only in its build time",
  withTempFolder("paginated", (out) => {
    const file = join(out, "page.json");
    const at = (time: string, self = "a") =>
      `{\n  "meta": {\n    "generated": "${time}",\n    "self": "${self}"\n  }\n}\n`;
    const toWriteJson = (text: string) => toWrite(out, text, "page.json");
    writeFileSync(file, at("2026-01-01T00:00:00Z"));
    rememberOutput(new Map());
    assert.equal(toWriteJson(at("2026-11-28T09:00:00Z")), ["page.json"], "npm run build writes its time");
    // Written again: a file to be written is removed first.
    writeFileSync(file, at("2026-01-01T00:00:00Z"));
    compareWithOutput(true, true);
    try {
      assert.equal(toWriteJson(at("2026-11-28T09:00:00Z")), [], "npm start keeps the earlier build's file");
      assert.is(unchangedFiles.get(file), at("2026-01-01T00:00:00Z"));
      assert.equal(toWriteJson(at("2026-11-28T09:00:00Z", "b")), ["page.json"], "and writes one changed otherwise");
    } finally {
      compareWithOutput(true);
    }
  }),
);

test.run();
