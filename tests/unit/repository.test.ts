import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

// A fork has this repository and nothing else: no file of it (docs, code, comments, tests) may
// point at a specification outside it, at the issues or the work sessions it was built in. The
// OpenAPI documents are the specification of an owner's API.

const root = join(import.meta.dirname, "../..");
const BINARY = /\.(png|jpe?g|webp|gif|avif|ico|woff2?|ttf)$/;
const OUTSIDE: Record<string, RegExp> = {
  "a folder beside the repository": /\.\.\/shared\//,
  "a specification file outside it": /api-spec\.md/,
  "a work session": /\b[Ss]ession \d+\b/,
  "an issue by number": /\b[Ii]ssues? #?\d+\b/,
};

test("should refer to nothing outside the repository", () => {
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "" && !BINARY.test(file) && file !== "tests/unit/repository.test.ts");
  assert.ok(files.length > 100, `git lists the repository's files (${files.length})`);
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    for (const [index, line] of lines.entries())
      for (const [what, pattern] of Object.entries(OUTSIDE))
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
  }
  assert.equal(found, []);
});

test("should register every test of a file before its test.run(), which ignores later ones", () => {
  const files = execFileSync("git", ["ls-files", "tests/*.test.ts"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  assert.ok(files.length > 50, `git lists the test files (${files.length})`);
  const late = files.filter((file) =>
    /^test\.run\(\);?$[\s\S]*^test(?:\.\w+)?\(/m.test(readFileSync(join(root, file), "utf8")),
  );
  assert.equal(late, []);
});

test.run();
