import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ContentProblem } from "../../../src/content/content-error.ts";
import { postTags } from "../../../src/blog/post-tags.ts";
import { spellingProblems } from "../../../src/content/name-spellings.ts";

/** Two spellings of one tag across posts, as load-blog.ts asks for them. */
const tagSpellingProblems = (posts: { where: string; names: string[] }[]) =>
  spellingProblems(
    posts.flatMap(({ where, names }) => names.map((name, index) => ({ where, field: `tags[${index}]`, name }))),
    { thing: "tag", across: "every post" },
  );

test("should keep one tag per slug within a post, in the order written", () => {
  const problems: ContentProblem[] = [];

  const tags = postTags(["rust", "zig", "rust"], "a.md", problems);

  assert.equal(tags, [
    { name: "rust", slug: "rust" },
    { name: "zig", slug: "zig" },
  ]);
  assert.equal(problems, []);
});

test("should refuse a tag with a character that prints as nothing, naming it and where it is", () => {
  // Before: "ru\u200bst" and "r\u200dust" were published beside "rust" as tags of their own
  // (ru-st, r-ust), three tags that all print as "rust".
  const problems = tagSpellingProblems([
    { where: "a.md", names: ["rust"] },
    { where: "b.md", names: ["ru\u200bst", "r\u200dust", "\u202egnp"] },
  ]);

  assert.equal(
    problems.map((p) => [p.file, p.field, p.expected, p.actual]),
    [
      ["b.md", "tags[0]", "a tag without characters that print as nothing (found U+200B at character 3)", "ru\u200bst"],
      ["b.md", "tags[1]", "a tag without characters that print as nothing (found U+200D at character 2)", "r\u200dust"],
      ["b.md", "tags[2]", "a tag without characters that print as nothing (found U+202E at character 1)", "\u202egnp"],
    ],
  );
});

test("should keep a joiner between letters of a script that writes one (Persian)", () => {
  assert.equal(
    tagSpellingProblems([{ where: "a.md", names: ["\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"] }]),
    [],
  );
});

test("should refuse a tag whose URL name is longer than a post's, counting what it is spelt as", () => {
  // Before: a tag of 300 letters failed the build as it wrote its page, naming no post
  // ("Cannot write …/blog/tags/aaa…: … (ENAMETOOLONG); pass --output=<a shorter path>").
  const problems: ContentProblem[] = [];

  // "ß" is spelt "ss" in a URL: 51 of them make 102 characters.
  const tags = postTags(["a".repeat(100), "a".repeat(101), "ß".repeat(51)], "a.md", problems);

  assert.equal(
    tags.map((tag) => tag.slug.length),
    [100],
  );
  assert.equal(
    problems.map((p) => [p.field, p.expected]),
    [
      ["tags[1]", "a tag whose URL name has at most 100 characters (this one's has 101)"],
      ["tags[2]", "a tag whose URL name has at most 100 characters (this one's has 102)"],
    ],
  );
});

test("should find two spellings of one tag inside a single post", () => {
  const problems = tagSpellingProblems([{ where: "a.md", names: ["zig", "Zig"] }]);

  assert.equal(
    problems.map((p) => [p.file, p.field, p.actual]),
    [["a.md", "tags[1]", "Zig"]],
  );
  assert.match(problems[0]?.expected ?? "", /"zig" \(a\.md\) and "Zig" \(a\.md\) differ only in case/);
});

test("should say why two spellings that look alike differ: é as one character or as e and its accent", () => {
  // Before: '"Café" (a.md) and "Café" (b.md) both become the tag "cafe"', two names that print alike.
  const problems = tagSpellingProblems([
    { where: "a.md", names: ["Caf\u00e9"] },
    { where: "b.md", names: ["Cafe\u0301"] },
  ]);

  assert.equal(
    problems.map((p) => p.file),
    ["b.md"],
  );
  assert.match(problems[0]?.expected ?? "", /look alike but differ in how an accented letter is encoded/);
});

test("should name at most three posts per spelling, then how many more", () => {
  const posts = ["a", "b", "c", "d", "e"].map((name) => ({ where: `${name}.md`, names: ["go"] }));

  const problems = tagSpellingProblems([...posts, { where: "f.md", names: ["GO"] }]);

  assert.match(problems[0]?.expected ?? "", /"go" \(a\.md, b\.md, c\.md and 2 more\) and "GO" \(f\.md\)/);
});

test("should report each further spelling of a slug against the first one seen", () => {
  const problems = tagSpellingProblems([
    { where: "a.md", names: ["open source"] },
    { where: "b.md", names: ["Open-Source"] },
    { where: "c.md", names: ["OPEN SOURCE"] },
  ]);

  assert.equal(
    problems.map((p) => p.actual),
    ["Open-Source", "OPEN SOURCE"],
  );
  assert.match(problems[0]?.expected ?? "", /both become the tag "open-source"/);
  assert.match(problems[1]?.expected ?? "", /"open source" \(a\.md\) and "OPEN SOURCE" \(c\.md\) differ only in case/);
});

test("should find no clash among names that are object keys elsewhere", () => {
  const problems = tagSpellingProblems([
    { where: "a.md", names: ["constructor", "__proto__", "toString", "hasOwnProperty"] },
  ]);

  assert.equal(problems, []);
});

test.run();
