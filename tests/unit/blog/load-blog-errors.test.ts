import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadBlog } from "../../../src/blog/load-blog.ts";
import type { ContentProblem } from "../../../src/content/content-error.ts";
import { MAX_BLOG_TAGS, MAX_HEADINGS, MAX_TAGS } from "../../../src/content/content-limits.ts";
import { contentProblems, problemAt } from "../support/errors.ts";
import { blogModelOf, meta, postFile, writeBlogTree } from "./support/blog-tree.ts";

/** Loads a blog made of the given posts and returns the problems of the ContentError it must throw. */
async function problemsOf(posts: Record<string, string>): Promise<readonly ContentProblem[]> {
  const tree = writeBlogTree(posts);
  try {
    return await contentProblems(() => loadBlog(tree.config()));
  } finally {
    tree.cleanup();
  }
}

test("should name the file and the title field when a post has no title", async () => {
  const problems = await problemsOf({ "no-title.md": postFile(meta({ title: undefined })) });

  const problem = problemAt(problems, "title");
  assert.match(problem.file, /blog\/posts\/no-title\.md$/);
  assert.match(problem.expected, /required/);
});

test("should name the file and the date field when a post has no date", async () => {
  const problems = await problemsOf({ "no-date.md": postFile(meta({ date: undefined })) });

  const problem = problemAt(problems, "date");
  assert.match(problem.file, /blog\/posts\/no-date\.md$/);
  assert.match(problem.expected, /required/);
});

test("should reject 2026-02-30 as a date that is not on the calendar", async () => {
  const problems = await problemsOf({ "feb-30.md": postFile(meta({ date: "2026-02-30" })) });

  const problem = problemAt(problems, "date");
  assert.match(problem.file, /blog\/posts\/feb-30\.md$/);
  assert.match(problem.expected, /real calendar date/);
  assert.is(problem.actual, "2026-02-30");
});

test("should name a day not on the calendar beside a missing title and an unknown field, in one run", async () => {
  // Before: the date was checked only once the rest of the front matter passed, a second build later.
  const problems = await problemsOf({
    "three-faults.md": postFile(meta({ title: undefined, date: "2026-02-30", colour: "red" })),
  });

  assert.equal(problems.map((problem) => problem.field).sort(), ["colour", "date", "title"]);
  assert.match(problemAt(problems, "date").expected, /real calendar date/);
});

test("should reject a date written in words and say which format is expected", async () => {
  const problems = await problemsOf({ "in-words.md": postFile(meta({ date: "March 3rd" })) });

  const problem = problemAt(problems, "date");
  assert.match(problem.file, /blog\/posts\/in-words\.md$/);
  assert.match(problem.expected, /YYYY-MM-DD/);
  assert.is(problem.actual, "March 3rd");
});

test("should refuse every post file name that is not a slug, naming each file and the rule", async () => {
  const bad = [
    "my post.md",
    "café.md",
    "a?b.md",
    "a#b.md",
    "Hello-World.md",
    "a--b.md",
    "-a.md",
    `${"a".repeat(101)}.md`,
  ];
  const good = ["hello-world.md", `${"a".repeat(100)}.md`, "2026-notes.md"];
  const problems = await problemsOf(Object.fromEntries([...bad, ...good].map((name) => [name, postFile(meta())])));

  const named = problems.filter((p) => p.field === "(file name)");
  assert.equal(named.map((p) => p.actual).sort(), [...bad].sort());
  for (const problem of named) {
    assert.ok(problem.file.endsWith(`posts/${String(problem.actual)}`), problem.file);
    assert.match(problem.expected, /1-100 lowercase letters, digits and single `-`/);
  }
});

test("should reject a tag that slugifies to nothing, saying which scripts a URL can spell", async () => {
  const problems = await problemsOf({ "bad-tag.md": postFile(meta({ tags: ["rust", "!!!", "日本語", "Привет"] })) });

  const problem = problemAt(problems, "tags[1]");
  assert.match(problem.file, /blog\/posts\/bad-tag\.md$/);
  assert.match(problem.expected, /letters or digits/);
  assert.is(problem.actual, "!!!");
  assert.match(problemAt(problems, "tags[2]").expected, "Japanese");
  assert.not.ok(
    problems.some((p) => p.field === "tags[3]"),
    "Cyrillic is spelled in Latin",
  );
});

test("should reject a cover image that does not exist", async () => {
  const problems = await problemsOf({
    "no-cover.md": postFile(meta({ cover: { src: "../images/missing.png", alt: "Nothing" } })),
  });

  const problem = problemAt(problems, "cover.src");
  assert.match(problem.file, /blog\/posts\/no-cover\.md$/);
  assert.match(problem.expected, /existing/);
  assert.is(problem.actual, "../images/missing.png");
});

test("should reject an image in the body without alt text", async () => {
  const problems = await problemsOf({
    "no-alt.md": postFile(meta(), "Look:\n\n![](../images/crdt-merge-timeline.png)\n"),
  });

  const problem = problemAt(problems, "body image ../images/crdt-merge-timeline.png");
  assert.match(problem.file, /blog\/posts\/no-alt\.md$/);
  assert.match(problem.expected, /alt text/);
});

test("should report the problems of several posts together", async () => {
  const problems = await problemsOf({
    "no-title.md": postFile(meta({ title: undefined })),
    "feb-30.md": postFile(meta({ date: "2026-02-30" })),
  });

  assert.equal(problems.map((p) => p.field).sort(), ["date", "title"]);
});

test("should refuse two spellings of a tag that differ only in case, naming both and their posts", async () => {
  const problems = await problemsOf({
    "a.md": postFile(meta({ tags: ["zig"] })),
    "b.md": postFile(meta({ tags: ["kernels", "ZIG"] })),
    "c.md": postFile(meta({ tags: ["zig"] })),
  });

  const problem = problemAt(problems, "tags[1]");
  assert.match(problem.file, /blog\/posts\/b\.md$/);
  assert.match(
    problem.expected,
    /"zig" \(\S*posts\/a\.md, \S*posts\/c\.md\) and "ZIG" \(\S*posts\/b\.md\) differ only in case/,
  );
  assert.is(problem.actual, "ZIG");
});

test("should refuse two tags that become the same slug, naming both spellings", async () => {
  const problems = await problemsOf({
    "a.md": postFile(meta({ tags: ["open source"] })),
    "b.md": postFile(meta({ tags: ["Open-Source"] })),
  });

  const problem = problemAt(problems, "tags[0]");
  assert.match(problem.file, /blog\/posts\/b\.md$/);
  assert.match(problem.expected, /"open source" .* and "Open-Source" .* both become the tag "open-source"/);
});

test("should accept one spelling of a tag repeated across posts", async () => {
  const tree = writeBlogTree({
    "a.md": postFile(meta({ tags: ["Open Source"] })),
    "b.md": postFile(meta({ tags: ["Open Source", "zig"] })),
  });
  try {
    const content = loadBlog(tree.config());

    assert.equal(
      content?.posts.map((post) => post.tags.map((tag) => tag.slug)),
      [["open-source"], ["open-source", "zig"]],
    );
  } finally {
    tree.cleanup();
  }
});

test("should refuse a blog API named as the portfolio's, which clients tell apart by meta.api", async () => {
  const tree = writeBlogTree({ "a.md": postFile(meta()) });
  try {
    const sample = readFileSync(tree.file("blog/blog.yaml"), "utf8");
    tree.write("blog/blog.yaml", sample.replace(/^ {2}name: .*$/m, "  name: margo-voss-portfolio"));
    const problem = problemAt(await contentProblems(() => loadBlog(tree.config())), "api.name");

    assert.match(problem.file, /blog\/blog\.yaml$/);
    assert.is(
      problem.expected,
      `a name other than the portfolio API's (site.yaml api.name), found "margo-voss-portfolio"`,
    );
  } finally {
    tree.cleanup();
  }
});

test("should refuse a blog.yaml language Intl cannot read, though it fits the pattern, beside other faults", async () => {
  // Before: en-GB-GB (a second region) was published as the blog's language, with no og:locale.
  const withLanguage = (language: string, blogYaml = (text: string) => text) => {
    const tree = writeBlogTree({ "a.md": postFile(meta()) });
    const sample = readFileSync(tree.file("blog/blog.yaml"), "utf8");
    tree.write("blog/blog.yaml", blogYaml(sample.replace(/^language: en$/m, `language: ${language}`)));
    return tree;
  };
  // `und` (undetermined) has no language Intl reads: before, og:locale guessed it as en_US.
  for (const language of ["en-GB-GB", "en-US-GB", "en-12", "abc-12", "en-GB-oed", "und", "und-GB"]) {
    const tree = withLanguage(language, (text) => text.replace(/^title: .*$/m, "title: 42"));
    try {
      const problems = await contentProblems(() => loadBlog(tree.config()));

      assert.equal(problems.map((problem) => problem.field).sort(), ["language", "title"], language);
      const problem = problemAt(problems, "language");
      assert.match(problem.file, /blog\/blog\.yaml$/);
      assert.is(problem.expected, "a language tag such as en or en-GB");
      assert.is(problem.actual, language);
    } finally {
      tree.cleanup();
    }
  }
  for (const language of ["de-AT", "zh-Hant-TW", "de-DE-1996", "es-419"]) {
    const tree = withLanguage(language);
    try {
      assert.is(loadBlog(tree.config())?.settings.language, language);
    } finally {
      tree.cleanup();
    }
  }
});

test("should refuse a tag clash between a draft and a published post", async () => {
  const problems = await problemsOf({
    "a.md": postFile(meta({ tags: ["Rust"], draft: true })),
    "b.md": postFile(meta({ tags: ["rust"] })),
  });

  assert.match(problemAt(problems, "tags[0]").expected, /"Rust" .* and "rust" .* differ only in case/);
});

test("should refuse the tag that brings the blog past MAX_BLOG_TAGS different tags, naming its post and field", async () => {
  // Each tag has a page, an API file and a feed: 20,000 posts of 20 tags of their own made
  // 400,000 of each. The limit itself builds; a draft's tags count, so publishing it never breaks.
  const full = Object.fromEntries(
    Array.from({ length: MAX_BLOG_TAGS / MAX_TAGS }, (_, i) => [
      `p-${i}.md`,
      postFile(meta({ tags: Array.from({ length: MAX_TAGS }, (_, j) => `t${i}-${j}`) })),
    ]),
  );
  assert.is(blogModelOf(full).tags.length, MAX_BLOG_TAGS);

  const problems = await problemsOf({ ...full, "z.md": postFile(meta({ tags: ["t0-0", "Fresh"], draft: true })) });

  assert.is(problems.length, 1);
  const problem = problemAt(problems, "tags[1]");
  assert.match(problem.file, /blog\/posts\/z\.md$/);
  assert.is(
    problem.expected,
    "at most 1,000 different tags, counting every post (there are 1,001; this is the first past the limit)",
  );
  assert.is(problem.actual, "Fresh");
});

test("should refuse a missing image in a post scheduled after the build clock", async () => {
  const problems = await problemsOf({
    "later.md": postFile(meta({ date: "2027-01-12" }), "See:\n\n![A chart](../images/missing.png)\n"),
  });

  const problem = problemAt(problems, "body image ../images/missing.png");
  assert.match(problem.file, /blog\/posts\/later\.md$/);
  assert.match(problem.expected, /existing/);
});

test("should refuse a file that is not an image in a draft's cover", async () => {
  const tree = writeBlogTree({
    "draft.md": postFile(meta({ draft: true, cover: { src: "../images/fake.png", alt: "Fake" } })),
  });
  tree.write("blog/images/fake.png", "not a PNG at all");
  try {
    const problems = await contentProblems(() => loadBlog(tree.config()));

    assert.match(problemAt(problems, "cover.src").expected, /readable image/);
  } finally {
    tree.cleanup();
  }
});

test("should refuse a bad date in a draft", async () => {
  const problems = await problemsOf({ "draft.md": postFile(meta({ draft: true, date: "2026-02-30" })) });

  assert.match(problemAt(problems, "date").expected, /real calendar date/);
});

test("should name the post and the field for a local time in the DST gap or overlap", async () => {
  const problems = await problemsOf({
    "gap.md": postFile(meta({ date: "2026-03-29T02:30" })),
    "overlap.md": postFile(meta({ date: "2026-10-25 02:30" })),
  });

  assert.equal(
    problems.map((p) => [p.file.replace(/^.*posts\//, ""), p.field, p.actual]),
    [
      ["gap.md", "date", "2026-03-29T02:30"],
      ["overlap.md", "date", "2026-10-25 02:30"],
    ],
  );
  assert.match(problems[0]?.expected ?? "", /clocks skip it/);
  assert.match(problems[1]?.expected ?? "", /happens twice/);
});

test("should name the post whose year is outside 1970-9999", async () => {
  const problems = await problemsOf({ "year-zero.md": postFile(meta({ date: "0000-06-01" })) });

  const problem = problemAt(problems, "date");
  assert.match(problem.file, /blog\/posts\/year-zero\.md$/);
  assert.match(problem.expected, /a year from 1970 to 9999/);
});

test("should refuse a published post's link to a draft", async () => {
  const problems = await problemsOf({
    "out.md": postFile(meta({ date: "2026-03-10" }), "See [the draft](draft.md).\n"),
    "draft.md": postFile(meta({ draft: true })),
  });

  assert.match(problemAt(problems, "body link draft.md").expected, /posts\/draft\.md is a draft/);
});

test("should accept a scheduled post's link to a post scheduled before it, and a draft's link to anything", async () => {
  const tree = writeBlogTree({
    "first.md": postFile(meta({ date: "2027-01-12" })),
    "second.md": postFile(meta({ date: "2027-02-01" }), "After [the first](first.md).\n"),
    "draft.md": postFile(meta({ draft: true }), "Before [the second](second.md).\n"),
  });
  try {
    assert.equal(loadBlog(tree.config())?.posts, []);
  } finally {
    tree.cleanup();
  }
});

test("should refuse an image path whose percent-escapes are not UTF-8, as a content error", async () => {
  const problems = await problemsOf({
    "escapes.md": postFile(meta({ cover: { src: "../images/%E0%A4%A.png", alt: "Broken" } })),
  });

  assert.match(problemAt(problems, "cover.src").expected, /an image file in/);
});

test("should still check the tags and images of a post whose date is refused", async () => {
  const problems = await problemsOf({
    "a.md": postFile(meta({ tags: ["zig"] })),
    "b.md": postFile(meta({ date: "2026-02-30", tags: ["Zig"] }), "![A map](../images/nowhere.png)\n"),
  });

  assert.equal(
    problems.map((p) => p.field),
    ["date", "tags[0]", "body image ../images/nowhere.png"],
  );
});

test("should report front-matter, date, tag and image problems of every post in one error", async () => {
  const problems = await problemsOf({
    "a.md": postFile(meta({ title: undefined })),
    "b.md": postFile(meta({ date: "2026-03-29T02:15", draft: true })),
    "c.md": postFile(meta({ tags: ["Go"] })),
    "d.md": postFile(meta({ tags: ["go"], date: "2030-01-01" }), "![A map](../images/nowhere.png)\n"),
  });

  assert.equal(
    problems.map((p) => `${p.file.replace(/^.*posts\//, "")} ${p.field}`),
    ["a.md title", "b.md date", "d.md tags[0]", "d.md body image ../images/nowhere.png"],
  );
});

test("should refuse a post with 5,000 tags, naming the file and the field, with the count and not the list", async () => {
  const tags = Array.from({ length: 5000 }, (_, index) => `tag-${index}`);
  const problems = await problemsOf({ "many-tags.md": postFile(meta({ tags })) });

  const problem = problemAt(problems, "tags");
  assert.match(problem.file, /blog\/posts\/many-tags\.md$/);
  assert.is(problem.expected, `at most ${MAX_TAGS} items (this list has 5,000)`);
  assert.is(problem.actual, undefined, "the 5,000 tags are not printed");
  assert.ok(blogModelHas(MAX_TAGS), `${MAX_TAGS} tags are accepted`);
});

test("should refuse a post with more headings than MAX_HEADINGS, naming the file", async () => {
  const problems = await problemsOf({
    "many-headings.md": postFile(meta(), "## Part\n\n".repeat(MAX_HEADINGS + 1)),
  });

  const problem = problemAt(problems, "(body)");
  assert.match(problem.file, /blog\/posts\/many-headings\.md$/);
  assert.is(problem.expected, `at most ${MAX_HEADINGS} headings (this document has ${MAX_HEADINGS + 1})`);
});

/** True when a post with `count` tags loads. */
function blogModelHas(count: number): boolean {
  const tags = Array.from({ length: count }, (_, index) => `tag-${index}`);
  return blogModelOf({ "tags.md": postFile(meta({ tags })) }).posts[0]?.tags.length === count;
}

test.run();
