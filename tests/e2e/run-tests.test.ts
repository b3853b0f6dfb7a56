import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeTempDir, removeDir, repoRoot } from "./support/build-site.ts";

// scripts/test.ts counts what CI reads: every test of every file, and a file that crashes,
// fails or never runs a test as a failure, with each file's output printed whole.

const uvu = join(repoRoot, "node_modules/uvu/dist/index.mjs");
const FILES: Record<string, string> = {
  "passes.test.mts": `import { test } from "${uvu}";\ntest("passes", () => {});\ntest("passes too", () => {});\ntest.run();\n`,
  "fails.test.mts": `import { test } from "${uvu}";\nimport * as assert from "${join(repoRoot, "node_modules/uvu/assert/index.mjs")}";\ntest("fails", () => assert.is(1, 2));\ntest("passes", () => {});\ntest.run();\n`,
  "crashes.test.mts": `import { test } from "${uvu}";\ntest("never runs", () => {});\nthrow new Error("boom at import");\n`,
  "runs-nothing.test.mts": `import { test } from "${uvu}";\ntest("never run", () => {});\n`,
};

let dir: string;

function runner(files: string[]): { status: number | null; stdout: string } {
  const run = spawnSync(process.execPath, ["scripts/test.ts", ...files.map((file) => join(dir, file))], {
    cwd: repoRoot,
    encoding: "utf8",
    // Node's compile cache in the temporary folder: entries for its files would outlive them.
    env: { ...process.env, TEST_JOBS: "2", NODE_COMPILE_CACHE: join(dir, ".node-cache") },
  });
  return { status: run.status, stdout: run.stdout };
}

test.before(() => {
  dir = makeTempDir("runner");
  for (const [name, source] of Object.entries(FILES)) writeFileSync(join(dir, name), source);
});

test.after(() => removeDir(dir));

test("should end with the counts and exit 0 when every file passes", () => {
  const run = runner(["passes.test.mts"]);
  assert.is(run.status, 0, run.stdout);
  assert.is(run.stdout.trimEnd().split("\n").at(-1), "tests: 2 passed, 0 failed");
});

test("should count a failed test, a crash and a file that runs no test as failures, and exit 1", () => {
  const run = runner(Object.keys(FILES));
  assert.is(run.status, 1, run.stdout);
  // passes: 2 passed; fails: 1 passed, 1 failed; crashes: 1 failed; runs-nothing: 1 failed.
  assert.is(run.stdout.trimEnd().split("\n").at(-1), "tests: 3 passed, 3 failed");
  assert.match(run.stdout, /── .*fails\.test\.mts: FAILED \(1\)/);
  assert.match(run.stdout, /── .*crashes\.test\.mts: FAILED \(1\)/);
  assert.match(run.stdout, /── .*runs-nothing\.test\.mts: FAILED \(1\)/);
  // Each file's output is printed whole under its own heading.
  assert.match(run.stdout, /crashes\.test\.mts: FAILED \(1\)[^\n]*\n[\s\S]*boom at import/);
});

test.run();
