import { test } from "uvu";
import * as assert from "uvu/assert";
import { ContentError, printable } from "../../../src/content/content-error.ts";

test("should print each problem on one line, whatever its file name, field or value holds", () => {
  const error = new ContentError([
    { file: "projects/a\n[11ty] Wrote 0 files.md", field: "key\r\nnext", expected: "text", actual: "x\u2028y" },
    { file: "projects/b\u202egpj.md", field: "tagline\t", expected: "text" },
  ]);

  const lines = error.message.split("\n");
  assert.is(lines.length, 3, error.message);
  assert.is(
    lines[1],
    '  projects/a\\u000a[11ty] Wrote 0 files.md: key\\u000d\\u000anext: expected text, found "x\\u2028y"',
  );
  assert.is(lines[2], "  projects/b\\u202egpj.md: tagline\\u0009: expected text");
});

test("should list 1,000 problems, each cut at 2,000 characters, and count the rest", () => {
  // Before: every problem whole. 2,700 posts (32 MB) quoting a tag of 10,000 characters in each of
  // their 20 tags made a message past V8's longest string: a RangeError and its stack trace.
  const problems = Array.from({ length: 1500 }, (_, i) => ({
    file: `posts/p${i}.md`,
    field: "tags[0]",
    expected: "a shorter tag",
    actual: (i % 2 === 0 ? "x" : "🧗").repeat(10_000),
  }));

  const lines = new ContentError(problems).message.split("\n");

  assert.is(lines[0], "Invalid content (1500 problems):");
  assert.is(lines.length, 1 + 1000 + 1);
  assert.is(lines.at(-1), "  … and 500 more problems, not listed");
  assert.ok(lines[1]?.startsWith('  posts/p0.md: tags[0]: expected a shorter tag, found "xxx'));
  assert.ok(Math.max(...lines.map((line) => line.length)) <= 2 + 2000);
  assert.ok(
    lines.every((line) => line.isWellFormed()),
    "no emoji cut in half",
  );
});

test("should escape every character that moves the cursor or reorders a line, and keep the rest", () => {
  assert.is(printable("a\u001b[2J\u009b\u007f\u2066\u2069"), "a\\u001b[2J\\u009b\\u007f\\u2066\\u2069");
  assert.is(printable("Zoë 🧗 naïve – ok"), "Zoë 🧗 naïve – ok");
});

test("should show a character that prints as nothing, so a refused value does not look like a good one", () => {
  // Before: 'cluster: expected an id of … lowercase letters …, found "climbing"', a zero-width space after it.
  const error = new ContentError([{ file: "p.md", field: "cluster", expected: "an id", actual: "climbing\u200b" }]);

  assert.is(error.message.split("\n")[1], '  p.md: cluster: expected an id, found "climbing\\u200b"');
  assert.is(printable("\u00ad\u200e\u200f\u061c\u2060\ufeff"), "\\u00ad\\u200e\\u200f\\u061c\\u2060\\ufeff");
  // The joiners are text: an emoji sequence and a Persian word keep them.
  assert.is(printable("👩\u200d💻 می\u200cخواهم"), "👩\u200d💻 می\u200cخواهم");
});

test("should show NaN and Infinity as found, not as JSON's null", () => {
  // Before: `focus: .nan` in profile.yaml read 'focus: expected a non-empty string, found null'.
  const error = new ContentError([
    { file: "profile.yaml", field: "focus", expected: "a string", actual: Number.NaN },
    { file: "resume.yaml", field: "work", expected: "a list", actual: { years: -Infinity } },
  ]);

  assert.equal(error.message.split("\n").slice(1), [
    '  profile.yaml: focus: expected a string, found "NaN"',
    '  resume.yaml: work: expected a list, found {"years":"-Infinity"}',
  ]);
});

test("should print a problem found twice once, and count it once", () => {
  // Before: an image shown by two posts, named .jpg but a PNG, printed its problem twice under "(2 problems)".
  const image = { file: "blog/images/a.jpg", field: "(file name)", expected: "a file name ending in .png" };
  const error = new ContentError([image, { ...image }, { file: "b.md", field: "title", expected: "a title" }]);

  assert.equal(error.message.split("\n"), [
    "Invalid content (2 problems):",
    "  blog/images/a.jpg: (file name): expected a file name ending in .png",
    "  b.md: title: expected a title",
  ]);
});

test("should call problems of the environment alone invalid settings, not content", () => {
  const token = { file: "GITHUB_TOKEN", field: "(environment)", expected: "a GitHub token (the value is not shown)" };

  assert.is(new ContentError([token]).message.split("\n")[0], "Invalid setting:");
  assert.is(
    new ContentError([token, { file: "b.md", field: "title", expected: "a title" }]).message.split("\n")[0],
    "Invalid content (2 problems):",
  );
});

test.run();
