import { test } from "uvu";
import * as assert from "uvu/assert";
import { summarize } from "../../../src/markdown/summary.ts";
import { assertLinear } from "../support/linear-time.ts";

test("should give the first paragraph that has text, its spaces and lines as single spaces", () => {
  assert.is(summarize(" \n\n  \n\nOne\n  two\tthree \n \nfour\n\nnext"), "One two three four");
  assert.is(summarize("a \n\n b"), "a");
  assert.is(summarize("\n\n \n"), "");
});

test("should cut a long paragraph at a word before 280 characters, without the punctuation there", () => {
  const words = "lorem ipsum, ".repeat(40);
  const summary = summarize(`${words}\n\nnext`);
  assert.is(
    summary,
    `${words
      .slice(0, 280)
      .slice(0, words.slice(0, 280).lastIndexOf(" "))
      .replace(/[\s,]+$/, "")}…`,
  );
  assert.is(summarize("x".repeat(300)), `${"x".repeat(280)}…`);
});

// A feed item's description may be 60 MB of one paragraph: the summary reads it only as far as
// it goes (before, every space of it was replaced first: 3.3 s and 1.4 GB more for 60 MB).
test("should take the same time for a paragraph of ten times the size", () => {
  assertLinear(
    "summary of one long paragraph",
    (scale) => {
      const text = "word ".repeat(200_000 * scale);
      return () => summarize(text);
    },
    3,
  );
});

test.run();
