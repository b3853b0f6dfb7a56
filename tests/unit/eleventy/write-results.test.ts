import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type RenderedFile, renderedFiles, writeResults } from "../../../src/eleventy/write-results.ts";
import { withTempFolder } from "../support/temp-folder.ts";

/** What the after-build hook does with Eleventy's results. */
const write = (results: RenderedFile[]) => writeResults(renderedFiles(results));

const OLD = new Date("2020-01-01T00:00:00Z");

test(
  "should write text and bytes into new folders, and skip results without an output path",
  withTempFolder("write-results", (dir) => {
    const report = write([
      { outputPath: join(dir, "a/b/index.html"), content: "<p>é</p>" },
      { outputPath: join(dir, "api/x.json"), content: Buffer.from('{"x":"—"}') },
      { outputPath: false, content: "not written" },
    ]);
    assert.equal(report, { files: 2, unchanged: 0 });
    assert.is(readFileSync(join(dir, "a/b/index.html"), "utf8"), "<p>é</p>");
    assert.is(readFileSync(join(dir, "api/x.json"), "utf8"), '{"x":"—"}');
  }),
);

test(
  "should leave a file holding the same bytes as it is, time stamp included, and rewrite any other",
  withTempFolder("write-results", (dir) => {
    const same = join(dir, "same.json");
    const sameSize = join(dir, "same-size.json");
    const longer = join(dir, "longer.json");
    writeFileSync(same, "[1,2,3]");
    writeFileSync(sameSize, "[1,2,4]");
    writeFileSync(longer, "[1,2,3,4]");
    for (const file of [same, sameSize, longer]) utimesSync(file, OLD, OLD);

    const report = write(
      [same, sameSize, longer].map((file) => ({ outputPath: file, content: Buffer.from("[1,2,3]") })),
    );

    assert.equal(report, { files: 3, unchanged: 1 });
    assert.is(statSync(same).mtimeMs, OLD.getTime(), "the unchanged file is not touched");
    for (const file of [sameSize, longer]) {
      assert.is(readFileSync(file, "utf8"), "[1,2,3]", file);
      assert.ok(statSync(file).mtimeMs > OLD.getTime(), `${file} was written`);
    }
  }),
);

test(
  "should compare a file larger than one piece to its end",
  withTempFolder("write-results", (dir) => {
    const big = Buffer.alloc(2.5 * 1024 * 1024, "a");
    const [same, lastByte] = [join(dir, "same.json"), join(dir, "last-byte.json")];
    writeFileSync(same, big);
    const other = Buffer.from(big);
    other[other.length - 1] = 0x62;
    writeFileSync(lastByte, other);
    const report = write([same, lastByte].map((file) => ({ outputPath: file, content: big })));
    assert.equal(report, { files: 2, unchanged: 1 });
    assert.ok(readFileSync(lastByte).equals(big), "the file differing in its last byte is written");
  }),
);

test(
  "should write over a folder's place as Eleventy would: the file system's error, for the build to report",
  withTempFolder("write-results", (dir) => {
    mkdirSync(join(dir, "taken.json"));
    assert.throws(
      () => write([{ outputPath: join(dir, "taken.json"), content: "{}" }]),
      (error: NodeJS.ErrnoException) => error.code === "EISDIR",
    );
  }),
);

test("should refuse content that is neither text nor bytes (a bug in a template)", () => {
  assert.throws(
    () => write([{ outputPath: join(tmpdir(), "never.json"), content: { a: 1 } }]),
    /never\.json was rendered as object, not text or bytes/,
  );
});

test.run();
