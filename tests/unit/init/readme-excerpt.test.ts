import { test } from "uvu";
import * as assert from "uvu/assert";
import { firstParagraphs } from "../../../src/init/readme-excerpt.ts";

test("should take the first two paragraphs of prose, with links turned into their text", () => {
  const readme =
    "# tide\n\n[![ci](https://ci.example/b.svg)](https://ci.example)\n\nReads [tables](docs/t.md) and ![logo](l.png) <b>fast</b>.\n\n```sh\nrun\n```\n\nSecond [bad](javascript:x).\n\nThird.\n";

  assert.is(firstParagraphs(readme), "Reads tables and logo fast.\n\nSecond bad.\n");
});

test("should return nothing for a README without prose", () => {
  assert.is(firstParagraphs("# Title\n\n- a list\n\n```\ncode\n```\n"), "");
});

test.run();
