import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const DOCUMENT = JSON.stringify({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: { "/a": {} } });

/** Runs `npm run api:check` on a built site of one document against a baseline folder made by `plant`. */
function check(plant: (file: string) => void): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "folio-api-check-test-"));
  try {
    mkdirSync(join(dir, "site/api"), { recursive: true });
    mkdirSync(join(dir, "baseline/api"), { recursive: true });
    writeFileSync(join(dir, "site/api/openapi.json"), DOCUMENT);
    plant(join(dir, "baseline/api/openapi.json"));
    const run = spawnSync(
      process.execPath,
      ["scripts/api-check.ts", `--site=${join(dir, "site")}`, `--baseline=${join(dir, "baseline")}`],
      // A bound on a hang (a FIFO never written), not a measure of speed.
      { encoding: "utf8", timeout: 60_000 },
    );
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("should pass a baseline equal to the built document", () => {
  const run = check((file) => writeFileSync(file, DOCUMENT));
  assert.is(run.status, 0, run.output);
  assert.match(run.output, "no breaking change");
});

test("should refuse a baseline that is no OpenAPI document in one line, without a stack trace (before: passed or a stack)", () => {
  const cases: [string, (file: string) => void, string][] = [
    ["not JSON", (file) => writeFileSync(file, "{not json"), "valid JSON"],
    ["null", (file) => writeFileSync(file, "null"), "an OpenAPI document"],
    ["a list", (file) => writeFileSync(file, "[]"), "an OpenAPI document"],
    ["no paths", (file) => writeFileSync(file, '{"openapi":"3.1.0","paths":5}'), "an OpenAPI document"],
    ["a link to /dev/zero", (file) => symlinkSync("/dev/zero", file), "not a symbolic link"],
    ["a FIFO", (file) => spawnSync("mkfifo", [file]), "a regular file"],
  ];
  for (const [name, plant, expected] of cases) {
    const run = check(plant);
    assert.is(run.status, 1, `${name}: ${run.output}`);
    assert.match(run.output, expected, name);
    assert.match(run.output, "openapi.json", name);
    assert.not.match(run.output, /\n\s+at /, `${name}: a stack trace`);
  }
});

test.run();
