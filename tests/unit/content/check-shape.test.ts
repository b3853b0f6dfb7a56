import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkShape } from "../../../src/content/check-shape.ts";
import { ContentError } from "../../../src/content/content-error.ts";
import { NowFile, ProjectFrontMatter } from "../../../src/content/content-schemas.ts";
import { contentProblems, problemAt } from "../support/errors.ts";

const FILE = "/nonexistent/projects/x.md";
const valid = { name: "x", tagline: "A thing", cluster: "systems", languages: ["C"] };

test("should return the value unchanged when it matches the schema", () => {
  const value = { ...valid, tags: ["cli"], featured: true };

  const checked = checkShape(ProjectFrontMatter, value, FILE);

  assert.equal(checked, value);
});

test("should throw a ContentError naming the file when the value does not match", async () => {
  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, languages: [] }, FILE));

  const problem = problemAt(problems, "languages");
  assert.is(problem.file, FILE);
  assert.is(problem.expected, "a list of at least one language");
});

test("should word the expectation with the schema's `expected` annotation", async () => {
  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, name: "my project" }, FILE));

  assert.is(problemAt(problems, "name").expected, "a repository name of 1-100 letters, digits, `.`, `_` or `-`, not `.` or `..`");
});

test("should list the known fields when a key is unknown", async () => {
  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, feature: true }, FILE));

  const expected = problemAt(problems, "feature").expected;
  assert.match(expected, "known fields: name, owner, tagline, cluster, languages, tags, featured");
});

test("should name a nested field with dots and list indexes with brackets", async () => {
  const links = [{ label: "ok", url: "https://ok.example/" }, { label: "bad", url: "ftp://nope" }];

  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, links }, FILE));

  assert.is(problemAt(problems, "links[1].url").actual, "ftp://nope");
});

test("should report one problem per field when two rules on the field say the same", async () => {
  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, demo: "not a url" }, FILE));

  assert.is(problems.filter((p) => p.field === "demo").length, 1);
});

test("should report every problem of one file at once", async () => {
  const error = (() => {
    try {
      checkShape(NowFile, { updated: "yesterday", sections: [{ title: "" , items: [] }] }, "/nonexistent/now.yaml");
    } catch (caught) {
      return caught;
    }
    return undefined;
  })();

  assert.instance(error, ContentError);
  const fields = (error as ContentError).problems.map((p) => p.field).sort();
  assert.equal(fields, ["sections[0].title", "updated"]);
});

test.run();
