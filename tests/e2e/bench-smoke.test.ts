import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeTempDir, removeDir, repoRoot } from "./support/build-site.ts";

interface SizeResult {
  posts: number;
  projects: number;
  full_wall_s: number;
  full_first_wall_s: number;
  baseline_wall_s: number;
  ratio: number;
  ms_per_post: number;
  peak_rss_mib: number;
  validation_share: number;
  files: number;
  output_mib: number;
  baseline_files: number;
  baseline_output_mib: number;
}

/**
 * Runs `npm run bench` at a smoke size: the whole harness, in a few seconds. Its builds share the
 * project's build cache, as every other test's do: two cold builds (every image encoded) were
 * three quarters of this test's time.
 */
function runBench(out: string): Promise<{ status: number | null; output: string }> {
  const args = ["scripts/bench/run.ts", "--sizes", "12", "--runs", "1", "--out", out, "--cache", ".cache"];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (status) => resolve({ status, output }));
  });
}

test("should build a smoke size and report every figure the benchmark promises", async () => {
  const dir = makeTempDir("bench");
  const out = join(dir, "results.json");

  const run = await runBench(out);
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    floor_wall_s: number;
    sample_wall_s: number;
    sample_ratio_to_floor: number;
    sizes: SizeResult[];
  };
  removeDir(dir);

  assert.is(run.status, 0, run.output);
  assert.match(run.output, "| posts | projects | full s |");
  // Both are reported; which is larger is the bench's to say, not a test's (the two are now
  // close, and a loaded machine can reverse them in one pair).
  assert.ok(report.floor_wall_s > 0 && report.sample_wall_s > 0 && report.sample_ratio_to_floor > 0);
  const size = report.sizes[0];
  assert.ok(size);
  assert.is(size.posts, 12);
  assert.ok(size.full_first_wall_s > 0);
  assert.ok(size.full_wall_s > 0 && size.baseline_wall_s > 0 && size.ratio > 0 && size.ms_per_post > 0);
  assert.ok(size.peak_rss_mib > 50 && size.validation_share > 0 && size.validation_share < 1);
  // 12 posts, their pages and JSON, 5 projects' pages and JSON, and the rest of the site.
  assert.ok(size.files > 12 * 2 + 5 * 2, `only ${size.files} files`);
  // The baseline writes one page per post; the full site writes more, and says how much.
  assert.is(size.baseline_files, 12);
  assert.ok(size.output_mib > size.baseline_output_mib && size.baseline_output_mib > 0);
});

test.run();
