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

test("should escape every character that moves the cursor or reorders a line, and keep the rest", () => {
  assert.is(printable("a\u001b[2J\u009b\u007f\u2066\u2069"), "a\\u001b[2J\\u009b\\u007f\\u2066\\u2069");
  assert.is(printable("Zoë 🧗 naïve – ok"), "Zoë 🧗 naïve – ok");
});

test.run();
