// Runs the uvu suites (unit, then end-to-end) with TypeScript support and ends with one plain
// "N passed, N failed" line, which CI reads; uvu's own summary is per suite.
import { spawnSync } from "node:child_process";

const suites = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["tests/unit", "tests/e2e"];
let passed = 0;
let total = 0;
let failedRuns = 0;

for (const suite of suites) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "node_modules/uvu/bin.js", suite, "\\.test\\.ts$"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  process.stdout.write(run.stdout);
  const totalMatch = /Total:\s+(\d+)/.exec(run.stdout);
  const passedMatch = /Passed:\s+(\d+)/.exec(run.stdout);
  if (run.status !== 0 || !totalMatch || !passedMatch) failedRuns += 1;
  total += Number(totalMatch?.[1] ?? 0);
  passed += Number(passedMatch?.[1] ?? 0);
}

const failed = total - passed;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedRuns > 0 || total === 0 ? 1 : 0);
