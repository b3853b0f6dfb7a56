// `npm run bench [-- --sizes 1000 --runs 3]`: builds synthetic sites of several sizes with the
// real build command and compares them with a bare Eleventy build of the same posts. Prints a
// Markdown table and writes .bench/results.json. Uses Node's timers and process.resourceUsage.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { generateContent } from "./generate-content.ts";

const root = resolve(import.meta.dirname, "../..");
const eleventyCli = join(root, "node_modules/@11ty/eleventy/cmd.cjs");
const recordUsage = join(root, "scripts/bench/record-usage.mjs");
const PROJECTS_FOR: Record<number, number> = { 250: 50, 1000: 200, 4000: 500 };

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "250,1000,4000" },
    runs: { type: "string", default: "3" },
    out: { type: "string", default: join(root, ".bench", "results.json") },
  },
});
const sizes = values.sizes
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const runs = Math.max(1, Number(values.runs));

interface Measured {
  wallS: number;
  peakRssMiB: number;
  validationMs: number | null;
}

/** Runs one build in its own process and measures it from outside. */
function measure(args: string[], cwd: string, env: Record<string, string> = {}): Measured {
  const usageFile = join(mkdtempSync(join(tmpdir(), "bench-usage-")), "rss");
  const timingFile = `${usageFile}.timing`;
  const start = performance.now();
  const run = spawnSync(process.execPath, ["--import", recordUsage, ...args], {
    cwd,
    env: { ...withoutGithub(process.env), ...env, BENCH_USAGE_FILE: usageFile, FOLIO_TIMINGS_FILE: timingFile },
    encoding: "utf8",
  });
  const wallS = (performance.now() - start) / 1000;
  if (run.status !== 0) throw new Error(`build failed in ${cwd}:\n${run.stdout}\n${run.stderr}`);
  const timing = existsSync(timingFile)
    ? (JSON.parse(readFileSync(timingFile, "utf8")) as { validationMs: number })
    : null;
  return {
    wallS,
    peakRssMiB: Number(readFileSync(usageFile, "utf8")) / 1024,
    validationMs: timing?.validationMs ?? null,
  };
}

function withoutGithub(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(([key, value]) => !key.startsWith("GITHUB_") && value !== undefined),
  ) as Record<string, string>;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Files and bytes under a folder: how much a build wrote. */
function outputSize(dir: string): { files: number; bytes: number } {
  const total = { files: 0, bytes: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = outputSize(path);
      total.files += inner.files;
      total.bytes += inner.bytes;
    } else {
      total.files += 1;
      total.bytes += statSync(path).size;
    }
  }
  return total;
}

/** A bare Eleventy project: the same posts' Markdown, one layout, nothing else. */
function baselineProject(contentDir: string, dir: string): void {
  mkdirSync(join(dir, "_includes"), { recursive: true });
  cpSync(join(contentDir, "blog", "posts"), join(dir, "posts"), { recursive: true });
  cpSync(join(contentDir, "blog", "images"), join(dir, "images"), { recursive: true });
  writeFileSync(
    join(dir, "_includes", "layout.njk"),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head><body><main><h1>{{ title }}</h1>{{ content | safe }}</main></body></html>\n',
  );
  writeFileSync(join(dir, "posts", "posts.json"), JSON.stringify({ layout: "layout.njk" }));
  writeFileSync(
    join(dir, "eleventy.config.mjs"),
    'export default () => ({ dir: { input: ".", includes: "_includes" }, templateFormats: ["md"] });\n',
  );
}

const work = mkdtempSync(join(tmpdir(), "folio-bench-"));
const epoch = { SOURCE_DATE_EPOCH: "1795000000" };
try {
  // The floor: Eleventy starting up on an empty project.
  const empty = join(work, "empty");
  mkdirSync(empty);
  const floor = median(Array.from({ length: runs }, () => measure([eleventyCli, "--quiet"], empty).wallS));
  // Each site starts from an empty build cache (images, highlighted code, validators): its first
  // build is cold, the later ones find what the first kept.
  const sampleCache = { FOLIO_CACHE_DIR: join(work, "cache-sample") };
  const sample = median(
    Array.from(
      { length: runs },
      () =>
        measure([join(root, "scripts/build.mjs"), `--output=${join(work, "sample-out")}`, "--quiet"], root, {
          ...epoch,
          ...sampleCache,
        }).wallS,
    ),
  );

  const results = [];
  for (const posts of sizes) {
    const projects = PROJECTS_FOR[posts] ?? Math.max(5, Math.round(posts / 5));
    const content = join(work, `content-${posts}`);
    const baseline = join(work, `baseline-${posts}`);
    const output = join(work, `out-${posts}`);
    generateContent(join(root, "content"), content, { posts, projects });
    baselineProject(content, baseline);
    const cache = { FOLIO_CACHE_DIR: join(work, `cache-${posts}`) };
    const full = Array.from({ length: runs }, () =>
      measure([join(root, "scripts/build.mjs"), `--output=${output}`, "--quiet"], root, {
        ...epoch,
        ...cache,
        CONTENT_DIR: content,
      }),
    );
    const base = Array.from({ length: runs }, () => measure([eleventyCli, "--quiet"], baseline));
    const fullWall = median(full.map((m) => m.wallS));
    const baseWall = median(base.map((m) => m.wallS));
    const validation = median(full.map((m) => m.validationMs ?? 0)) / 1000;
    const written = outputSize(output);
    const baselineWritten = outputSize(join(baseline, "_site"));
    results.push({
      posts,
      projects,
      full_wall_s: round(fullWall),
      // The first build of a size starts from an empty build cache: every image is rendered.
      full_first_wall_s: round(full[0]?.wallS ?? 0),
      baseline_wall_s: round(baseWall),
      ratio: round(fullWall / baseWall),
      ms_per_post: round((fullWall * 1000) / posts),
      peak_rss_mib: Math.round(Math.max(...full.map((m) => m.peakRssMiB))),
      validation_share: round(validation / fullWall, 3),
      files: written.files,
      output_mib: round(written.bytes / 2 ** 20),
      baseline_files: baselineWritten.files,
      baseline_output_mib: round(baselineWritten.bytes / 2 ** 20),
    });
  }

  const report = {
    machine: { node: process.version, cpus: (await import("node:os")).cpus().length },
    runs,
    floor_wall_s: round(floor),
    sample_wall_s: round(sample),
    sample_ratio_to_floor: round(sample / floor),
    sizes: results,
  };
  mkdirSync(resolve(values.out, ".."), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `\nEmpty Eleventy floor ${round(floor)} s · sample site ${round(sample)} s (${round(sample / floor)}× the floor; target ≤ 2×)\n`,
  );
  console.log(
    "| posts | projects | full s | baseline s | ratio (≤ 1.5) | ms/post | peak RSS MiB (≤ 1024) | validation share (≤ 10%) | files | MiB written (baseline) | first build s |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.posts} | ${r.projects} | ${r.full_wall_s} | ${r.baseline_wall_s} | ${r.ratio} | ${r.ms_per_post} | ${r.peak_rss_mib} | ${(r.validation_share * 100).toFixed(1)}% | ${r.files} | ${r.output_mib} (${r.baseline_output_mib}) | ${r.full_first_wall_s} |`,
    );
  }
  const at1000 = results.find((r) => r.posts === 1000);
  const at4000 = results.find((r) => r.posts === 4000);
  if (at1000 && at4000)
    console.log(
      `\nGrowth: ms/post at 4000 is ${round(at4000.ms_per_post / at1000.ms_per_post)}× ms/post at 1000 (target ≤ 1.2×).`,
    );
  console.log(`\nWrote ${values.out}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
