import { existsSync, linkSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { paginatedOutput } from "../../../src/eleventy/paginated-output.ts";
import {
  forgetOutputFiles,
  heldBytes,
  outputFile,
  outputFilesMade,
  OutputPathError,
  outputPath,
  unchangedFiles,
  writeOutputFile,
} from "../../../src/util/output-path.ts";
import { withTempFolder } from "../support/temp-folder.ts";

/** Paths that would leave the output folder (or name no file), each with the reason the error gives. */
const HOSTILE: [string, RegExp][] = [
  ["../etc/passwd", /`\.` or `\.\.` segment/],
  ["projects/../../etc/index.html", /`\.` or `\.\.` segment/],
  ["projects/..", /`\.` or `\.\.` segment/],
  ["./index.html", /`\.` or `\.\.` segment/],
  ["/etc/passwd", /absolute path/],
  ["..\\..\\etc\\passwd", /backslash/],
  ["blog/posts/x\0.html", /NUL/],
  ["blog/\u001b[2Jx.png", /control character U\+001B/],
  ["projects//index.html", /empty segment/],
  ["projects/", /names a folder/],
  ["", /empty/],
];

const isRefusal = (error: unknown): boolean => error instanceof OutputPathError;

test("should return a plain relative path unchanged", () => {
  assert.is(outputPath("projects/kestrel-os/index.html"), "projects/kestrel-os/index.html");
  assert.is(outputPath("api/v1/projects/hl7.lint.json"), "api/v1/projects/hl7.lint.json");
  assert.is(outputPath(".well-known/security.txt"), ".well-known/security.txt");
  assert.is(outputPath("og/projects/...png"), "og/projects/...png");
});

test("should refuse every path that could leave the output folder, saying why", () => {
  for (const [path, reason] of HOSTILE) {
    assert.throws(
      () => outputPath(path),
      (error: unknown) => error instanceof OutputPathError && reason.test(error.message),
      path,
    );
  }
});

test("should show a control character of a refused path escaped, never raw", () => {
  try {
    outputPath("x\u001b[2J\u009by.png");
    assert.unreachable("should throw");
  } catch (error) {
    assert.instance(error, OutputPathError);
    const message = (error as Error).message;
    assert.not.match(message, /[\u001b\u009b]/);
    assert.match(message, "x\\u001b[2J\\u009by.png");
  }
});

test("should ask Eleventy to print the refusal without a stack trace", () => {
  assert.throws(
    () => outputPath("../x"),
    (error: unknown) => (error as OutputPathError).skipOriginalStack === true,
  );
});

test("should resolve a file inside the output folder and remember it", () => {
  forgetOutputFiles();
  const file = outputFile("/tmp/site", "og/site.png");
  assert.is(file, join(resolve("/tmp/site"), "og/site.png"));
  assert.equal([...outputFilesMade], [file]);
  forgetOutputFiles();
  assert.is(outputFilesMade.size, 0);
});

test("should refuse an escaping file and remember nothing of it", () => {
  forgetOutputFiles();
  assert.throws(() => outputFile("/tmp/site", "../site2/x.png"), isRefusal);
  assert.is(outputFilesMade.size, 0);
});

test("should make every template permalink through the check, whatever name an item carries", () => {
  const template = paginatedOutput<{ names: string[] }, string>({
    modelKey: "model",
    items: (model) => model.names,
    file: (_, name) => `projects/${name}/index.html`,
    render: () => "",
  });
  const permalink = template.data.permalink as (data: Record<string, unknown>) => string | null;
  const model = { names: ["ok", "..", "../../etc"] };
  assert.is(permalink({ model, outputItem: "ok" }), "projects/ok/index.html");
  assert.throws(() => permalink({ model, outputItem: ".." }), isRefusal);
  assert.throws(() => permalink({ model, outputItem: "../../etc" }), isRefusal);
});

test(
  "should leave a file holding the same bytes unwritten, and replace one that differs by a new file",
  withTempFolder("write", (dir) => {
    const file = join(dir, "api", "stats.json");
    writeOutputFile(file, Buffer.from("same"));
    const before = statSync(file);
    writeOutputFile(file, Buffer.from("same"));
    assert.is(statSync(file).ino, before.ino);
    assert.is(statSync(file).mtimeMs, before.mtimeMs, "not written again");
    // A second name of the file (as a spare's file could have) is never written through.
    linkSync(file, join(dir, "second-name"));
    writeOutputFile(file, Buffer.from("changed"));
    assert.is(readFileSync(file, "utf8"), "changed");
    assert.is(readFileSync(join(dir, "second-name"), "utf8"), "same");
    // Nor is a symbolic link, though its target holds the same bytes.
    writeFileSync(join(dir, "target"), "linked");
    symlinkSync(join(dir, "target"), join(dir, "link"));
    assert.is(heldBytes(join(dir, "link"), "linked".length), undefined);
    writeOutputFile(join(dir, "link"), Buffer.from("linked"));
    assert.not.ok(lstatSync(join(dir, "link")).isSymbolicLink());
  }),
);

test(
  "should leave out of pagination a file the output folder holds with the same bytes, and keep its bytes",
  withTempFolder("pages", (dir) => {
    const template = paginatedOutput<{ pages: Record<string, string> }, string>({
      modelKey: "model",
      items: (model) => Object.keys(model.pages),
      file: (_, name) => `${name}/index.html`,
      render: (model, name) => model.pages[name] as string,
    });
    const before = (template.data.pagination as { before(items: unknown, data: unknown): string[] }).before;
    const model = { pages: { same: "<p>same</p>", changed: "<p>new</p>", added: "<p>added</p>" } };
    writeOutputFile(join(dir, "same", "index.html"), Buffer.from("<p>same</p>"));
    writeOutputFile(join(dir, "changed", "index.html"), Buffer.from("<p>old</p>"));
    forgetOutputFiles();
    const written = before([], { model, eleventy: { directories: { output: dir } } });
    assert.equal(written, ["changed", "added"]);
    assert.equal([...unchangedFiles.keys()], [resolve(dir, "same", "index.html")]);
    assert.not.ok(existsSync(join(dir, "changed", "index.html")), "a changed file is removed before it is written");
    // Its folder made: `npm start`'s Eleventy does not make a folder again that it once found.
    assert.ok(statSync(join(dir, "added")).isDirectory());
    assert.is(template.render({ model, outputItem: "changed" }), "<p>new</p>");
  }),
);

test.run();
