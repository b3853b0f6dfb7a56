import { test } from "uvu";
import * as assert from "uvu/assert";
import { answerProblem, initHelp, parseInitArgs } from "../../../src/init/init-options.ts";

test("should refuse a name with bidi controls, as one with control characters, and keep the marks", () => {
  assert.is(answerProblem.name("Ada \u202eecalevol"), "a name without control characters or bidi controls");
  assert.is(answerProblem.name("Ada\u001b[2J"), "a name without control characters or bidi controls");
  assert.is(answerProblem.name("\u200fמרגו ווס\u200e"), null);
  assert.is(answerProblem.name("Ada Lovelace"), null);
});

test("should read --help and -h, and list every flag it reads in the help", () => {
  assert.ok(parseInitArgs(["--help"]).help);
  assert.ok(parseInitArgs(["-h"]).help);
  const help = initHelp();
  for (const flag of ["--github LOGIN", "--name NAME", "--site-url URL", "--no-blog", "-y, --yes", "--output DIR"])
    assert.match(help, flag);
  // Each flag the help names is one the parser takes.
  for (const [, name, value] of help.matchAll(/--([a-z-]+)( [A-Z,]+)?/g))
    parseInitArgs(value ? [`--${name}`, "1"] : [`--${name}`]);
});

test("should take only a site URL the published files may carry", () => {
  for (const url of [
    'https://ada.example/"><script>',
    "https://exämple.org/",
    "javascript:alert(1)",
    "https://u:p@a.example/",
  ])
    assert.ok(answerProblem.siteUrl(url), url);
  assert.is(answerProblem.siteUrl("https://ada.example"), null);
});

test.run();
