import { test } from "uvu";
import * as assert from "uvu/assert";
import { firstParagraphs } from "../../../src/init/readme-excerpt.ts";

test("should take the first two paragraphs of prose, with links turned into their text", () => {
  const readme =
    "# tide\n\n[![ci](https://ci.example/b.svg)](https://ci.example)\n\nReads [tables](docs/t.md) and ![logo](l.png) <b>fast</b>.\n\n```sh\nrun\n```\n\nSecond [bad](javascript:x).\n\nThird.\n";

  assert.is(firstParagraphs(readme), "Reads tables and logo fast.\n\nSecond bad.\n");
});

test("should turn a link whose target holds one pair of parentheses into its text", () => {
  const readme = "Calls [bad](javascript:alert(1)) and [a page](https://en.wikipedia.org/wiki/Tide_(sea)).\n";
  assert.is(firstParagraphs(readme), "Calls bad and a page.\n");
});

test("should return nothing for a README without prose", () => {
  assert.is(firstParagraphs("# Title\n\n- a list\n\n```\ncode\n```\n"), "");
});

test("should read a README of long runs of brackets, tags and blanks once", () => {
  // Each `[`, `![`, `<` or blank of a run was read to the run's end: 40,000 of them took 0.7-1.5 s,
  // and a README from GitHub may have 32 MiB (days).
  const run = "x".concat(
    " ".repeat(1_000_000),
    "y [",
    "[".repeat(1_000_000),
    "![".repeat(500_000),
    "<".repeat(1_000_000),
  );
  const readme = `Lead [text](a.md) and [ref][1].\n\n${run}\n`;

  assert.is(firstParagraphs(readme), "Lead text and ref.\n");
});

test.run();
