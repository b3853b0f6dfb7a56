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

/** Runs `run` as `npm start`'s builds run (compareWithOutput's second argument), then as a build's again. */
function underNpmStart(run: () => void): void {
  compareWithOutput(true, true);
  try {
    run();
  } finally {
    compareWithOutput(true);
  }
}

/** Each text the templates below rendered. */
const rendered: string[] = [];

/** The items the template would have Eleventy write into `out`, rendering `name` as `text` (with `key`, its key). */
function toWrite(out: string, text: string, name = "page.txt", key?: string): string[] {
  forgetOutputFiles();
  const template = paginatedOutput<{ text: string }, string>({
    modelKey: "model",
    items: () => [name],
    file: (_, item) => item,
    render: (model) => {
      rendered.push(model.text);
      return model.text;
    },
    key: () => key,
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
    underNpmStart(() => {
      assert.equal(toWriteJson(at("2026-11-28T09:00:00Z")), [], "npm start keeps the earlier build's file");
      assert.is(unchangedFiles.get(file), at("2026-01-01T00:00:00Z"));
      assert.equal(toWriteJson(at("2026-11-28T09:00:00Z", "b")), ["page.json"], "and writes one changed otherwise");
    });
  }),
);

test(
  "should hand npm start's first build a file it holds already as its text, which the next build then knows",
  withTempFolder("paginated", (out) => {
    const file = join(out, "page.txt");
    writeFileSync(file, "first");
    rememberOutput(new Map());
    assert.equal(toWrite(out, "first"), []);
    assert.ok(Buffer.isBuffer(unchangedFiles.get(file)), "a build holds its bytes");
    underNpmStart(() => {
      assert.equal(toWrite(out, "first"), []);
      assert.is(unchangedFiles.get(file), "first", "npm start holds the text, for its next build");
    });
  }),
);

test(
  "should keep under npm start a file whose key is its last build's unrendered, and render it when either changed",
  withTempFolder("paginated", (out) => {
    const file = join(out, "page.txt");
    underNpmStart(() => {
      writeFileSync(file, "first");
      toWrite(out, "first", "page.txt", "k1");
      rememberOutput(new Map([[file, "first"]]));
      rendered.length = 0;
      assert.equal(toWrite(out, "second", "page.txt", "k1"), [], "the same key: kept as it is, not rendered");
      assert.equal(rendered, []);
      assert.is(unchangedFiles.get(file), "first");
      assert.equal(toWrite(out, "second", "page.txt", "k2"), ["page.txt"], "another key: rendered and compared");
      writeFileSync(file, "first");
      toWrite(out, "first", "page.txt", "k1");
      rememberOutput(new Map([[file, "first"]]));
      writeFileSync(file, "changed by hand");
      rendered.length = 0;
      assert.equal(toWrite(out, "first", "page.txt", "k1"), ["page.txt"], "the file changed: rendered");
      assert.equal(rendered, ["first"]);
    });
  }),
);

test.run();
