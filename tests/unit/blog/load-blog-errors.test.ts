import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadBlog } from "../../../src/blog/load-blog.ts";
import type { ContentProblem } from "../../../src/content/content-error.ts";
import { contentProblems, problemAt } from "../support/errors.ts";
import { meta, postFile, writeBlogTree } from "./support/blog-tree.ts";

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

test("should reject a date written in words and say which format is expected", async () => {
  const problems = await problemsOf({ "in-words.md": postFile(meta({ date: "March 3rd" })) });

  const problem = problemAt(problems, "date");
  assert.match(problem.file, /blog\/posts\/in-words\.md$/);
  assert.match(problem.expected, /YYYY-MM-DD/);
  assert.is(problem.actual, "March 3rd");
});

test("should reject two posts whose file names give the same slug, naming both files", async () => {
  const problems = await problemsOf({
    "Hello-World.md": postFile(meta({ title: "Hello" })),
    "hello-world.md": postFile(meta({ title: "hello" })),
  });

  const problem = problemAt(problems, "(file name)");
  assert.match(problem.expected, /"hello-world"/);
  assert.match(`${problem.file} ${problem.expected}`, /Hello-World\.md/);
  assert.match(`${problem.file} ${problem.expected}`, /posts\/hello-world\.md/);
});

test("should reject a tag that slugifies to nothing", async () => {
  const problems = await problemsOf({ "bad-tag.md": postFile(meta({ tags: ["rust", "!!!"] })) });

  const problem = problemAt(problems, "tags[1]");
  assert.match(problem.file, /blog\/posts\/bad-tag\.md$/);
  assert.match(problem.expected, /letters or digits/);
  assert.is(problem.actual, "!!!");
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

test.run();
