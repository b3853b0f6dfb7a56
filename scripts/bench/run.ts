// `npm run bench [-- --sizes 1000 --runs 3]`: builds synthetic sites of several sizes with the
// real build command and compares them, run for run, with a bare Eleventy build of the same
// posts and, when a `hugo` binary is on the PATH, with Hugo doing roughly the product's job
// (hugo-site.ts). Runs are paired (product, bare, Hugo, product, bare, Hugo, ...) so that the
// drift of a shared machine falls on every side alike; the figures are medians. Prints Markdown
// tables and writes .bench/results.json. Uses Node's timers and process.resourceUsage.
import { spawnSync } from "node:child_process";
import { fail, readOptions } from "../cli-args.mjs";
import {
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
import { MAX_FOLDER_FILES } from "../../src/content/content-limits.ts";
import { baselineProject } from "./baseline-site.ts";
import { generateContent } from "./generate-content.ts";
import { findHugo, hugoArgs, hugoProject } from "./hugo-site.ts";

const root = resolve(import.meta.dirname, "../..");
const eleventyCli = join(root, "node_modules/@11ty/eleventy/cmd.cjs");
const recordUsage = join(root, "scripts/bench/record-usage.mjs");
/** Most paired runs: 3 take the default sizes about five minutes, 20 over half an hour. */
const MAX_RUNS = 20;
const PROJECTS_FOR: Record<number, number> = { 250: 50, 1000: 200, 4000: 500, 20000: 1000 };

const values = readOptions("bench", {
  sizes: { type: "string", default: "250,1000,4000" },
  runs: { type: "string", default: "3" },
  out: { type: "string", default: join(root, ".bench", "results.json") },
  // One build cache for every build instead of a fresh one per site: quicker, but the first
  // builds are then not cold (the smoke test passes the project's own .cache).
  cache: { type: "string" },
});
const sharedCache = values.cache ? resolve(values.cache) : undefined;
const sizes = values.sizes.split(",").map((s) => Number(s.trim()));
// A size the build refuses (more posts than a folder may hold) would fail only after its content
// was written, with a stack trace; runs past MAX_RUNS are hours of a machine no one watches.
if (sizes.length === 0 || !sizes.every((n) => Number.isInteger(n) && n > 0 && n <= MAX_FOLDER_FILES))
  fail(
    "bench",
    `--sizes: expected whole numbers of posts from 1 to ${MAX_FOLDER_FILES.toLocaleString("en")}, comma-separated (250,1000), found "${values.sizes}"`,
  );
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS)
  fail("bench", `--runs: expected a whole number from 1 to ${MAX_RUNS}, found "${values.runs}"`);

interface Measured {
  wallS: number;
  /**
   * The peak of the build's process and the processes it started, summed at each moment; null
   * for a program other than Node (Hugo), whose memory the bench does not record.
   */
  peakRssMiB: number | null;
  /** User and system CPU seconds of every thread, and of the processes it started; null as for memory. */
  cpuS: number | null;
  validationMs: number | null;
  /** Each step's milliseconds as scripts/build.mjs and the after-build hook record them. */
  phases: Record<string, number>;
}

/** Runs one build (`node <args>`, or `command <args>`) in its own process and measures it from outside. */
function measure(args: string[], cwd: string, env: Record<string, string> = {}, command?: string): Measured {
  const usageDir = mkdtempSync(join(tmpdir(), "bench-usage-"));
  const usageFile = join(usageDir, "rss");
  const start = performance.now();
  const run = spawnSync(command ?? process.execPath, command ? args : ["--import", recordUsage, ...args], {
    cwd,
    env: { ...withoutGithub(process.env), ...env, BENCH_USAGE_FILE: usageFile },
    encoding: "utf8",
  });
  const wallS = (performance.now() - start) / 1000;
  try {
    if (run.status !== 0) throw new Error(`build failed in ${cwd}:\n${run.stdout}\n${run.stderr}`);
    const usage = existsSync(usageFile)
      ? (JSON.parse(readFileSync(usageFile, "utf8")) as {
          maxRSS: number;
          treeMaxRSS: number | null;
          userCPUTime: number;
          systemCPUTime: number;
          childCPUTime: number;
          phases?: Record<string, number>;
        })
      : null;
    return {
      wallS,
      // The process and the ones it started, together (record-usage.mjs).
      peakRssMiB: usage ? Math.max(usage.maxRSS, usage.treeMaxRSS ?? 0) / 1024 : null,
      cpuS: usage ? (usage.userCPUTime + usage.systemCPUTime + usage.childCPUTime) / 1e6 : null,
      validationMs: usage?.phases ? (usage.phases.manifests ?? 0) + (usage.phases.validation ?? 0) : null,
      phases: usage?.phases ?? {},
    };
  } finally {
    rmSync(usageDir, { recursive: true, force: true });
  }
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

const work = mkdtempSync(join(tmpdir(), "folio-bench-"));
const epoch = { SOURCE_DATE_EPOCH: "1795000000" };
try {
  // The floor: Eleventy starting up on an empty project; and the sample site. The sample's
  // first build starts from an empty build cache (images, highlighted code, validators) and its
  // second writes into an empty folder: both are left out, so that the pairs measure the
  // rebuild every later build is, over the previous output (as each size below). Floor and
  // sample take turns, so that a shared machine's drift falls on both alike.
  const empty = join(work, "empty");
  mkdirSync(empty);
  const sampleCache = { FOLIO_CACHE_DIR: sharedCache ?? join(work, "cache-sample") };
  const sampleBuild = () =>
    measure([join(root, "scripts/build.mjs"), `--output=${join(work, "sample-out")}`, "--quiet"], root, {
      ...epoch,
      ...sampleCache,
    });
  sampleBuild();
  sampleBuild();
  const floors: number[] = [];
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    floors.push(measure([eleventyCli, "--quiet"], empty).wallS);
    samples.push(sampleBuild().wallS);
  }
  const floor = median(floors);
  const sample = median(samples);
  const sampleRatio = median(samples.map((wall, run) => wall / (floors[run] ?? wall)));

  const hugo = findHugo();
  const results = [];
  for (const posts of sizes) {
    const projects = PROJECTS_FOR[posts] ?? Math.max(5, Math.round(posts / 5));
    const content = join(work, `content-${posts}`);
    const baseline = join(work, `baseline-${posts}`);
    const hugoSite = join(work, `hugo-${posts}`);
    const output = join(work, `out-${posts}`);
    generateContent(join(root, "content"), content, { posts, projects });
    baselineProject(content, baseline);
    if (hugo) {
      mkdirSync(hugoSite);
      hugoProject(content, hugoSite);
    }
    const product = () =>
      measure([join(root, "scripts/build.mjs"), `--output=${output}`, "--quiet"], root, {
        ...epoch,
        FOLIO_CACHE_DIR: sharedCache ?? join(work, `cache-${posts}`),
        CONTENT_DIR: content,
      });
    // The first build starts from an empty build cache (every image rendered, every code block
    // highlighted, every validator compiled) and an empty output folder; the paired runs after
    // it are rebuilds, each side writing over its previous output as it does when run again.
    const first = product();
    const full: Measured[] = [];
    const base: Measured[] = [];
    const hugoRuns: Measured[] = [];
    for (let run = 0; run < runs; run++) {
      full.push(product());
      base.push(measure([eleventyCli, "--quiet"], baseline));
      if (hugo) hugoRuns.push(measure(hugoArgs(), hugoSite, {}, "hugo"));
    }
    const fullWall = median(full.map((m) => m.wallS));
    const baseWall = median(base.map((m) => m.wallS));
    const hugoWall = hugo ? median(hugoRuns.map((m) => m.wallS)) : null;
    const validation = median(full.map((m) => m.validationMs ?? 0)) / 1000;
    const written = outputSize(output);
    const baselineWritten = outputSize(join(baseline, "_site"));
    const hugoWritten = hugo ? outputSize(join(hugoSite, "public")) : null;
    const phaseNames = [...new Set(full.flatMap((m) => Object.keys(m.phases)))];
    results.push({
      posts,
      projects,
      full_wall_s: round(fullWall),
      full_first_wall_s: round(first.wallS),
      baseline_wall_s: round(baseWall),
      ratio: round(fullWall / baseWall),
      hugo_wall_s: hugoWall === null ? null : round(hugoWall),
      hugo_ratio: hugoWall === null ? null : round(fullWall / hugoWall),
      ms_per_post: round((fullWall * 1000) / posts),
      full_cpu_s: round(median(full.map((m) => m.cpuS ?? 0))),
      baseline_cpu_s: round(median(base.map((m) => m.cpuS ?? 0))),
      peak_rss_mib: Math.round(Math.max(first.peakRssMiB ?? 0, ...full.map((m) => m.peakRssMiB ?? 0))),
      peak_rss_cold_mib: Math.round(first.peakRssMiB ?? 0),
      peak_rss_warm_mib: Math.round(Math.max(...full.map((m) => m.peakRssMiB ?? 0))),
      validation_share: round(validation / fullWall, 3),
      // Median milliseconds of each step of the warm builds (scripts/build.mjs, the after-build hook).
      phases_ms: Object.fromEntries(
        phaseNames.map((name) => [name, Math.round(median(full.map((m) => m.phases[name] ?? 0)))]),
      ),
      runs_s: {
        product: full.map((m) => round(m.wallS)),
        baseline: base.map((m) => round(m.wallS)),
        hugo: hugoRuns.map((m) => round(m.wallS)),
      },
      files: written.files,
      output_mib: round(written.bytes / 2 ** 20),
      baseline_files: baselineWritten.files,
      baseline_output_mib: round(baselineWritten.bytes / 2 ** 20),
      hugo_files: hugoWritten?.files ?? null,
      hugo_output_mib: hugoWritten ? round(hugoWritten.bytes / 2 ** 20) : null,
    });
  }

  const report = {
    machine: { node: process.version, cpus: (await import("node:os")).cpus().length, hugo: hugo ?? null },
    runs,
    floor_wall_s: round(floor),
    sample_wall_s: round(sample),
    sample_ratio_to_floor: round(sampleRatio),
    sizes: results,
  };
  mkdirSync(resolve(values.out, ".."), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `\nEmpty Eleventy floor ${round(floor)} s · sample site ${round(sample)} s (${round(sampleRatio)}× the floor, the median of the pairs' ratios; target ≤ 2×)`,
  );
  console.log(`Medians of ${runs} paired runs; ${hugo ?? "no hugo on the PATH: Hugo not measured"}\n`);
  console.log(
    "| posts | projects | full s | bare Eleventy s | full/bare | Hugo s | full/Hugo (≤ 1.0) | ms/post | CPU s full (bare) | peak RSS MiB cold / warm (≤ 1024) | validation share | files (bare, Hugo) | MiB written (bare, Hugo) | first build s |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.posts} | ${r.projects} | ${r.full_wall_s} | ${r.baseline_wall_s} | ${r.ratio} | ${r.hugo_wall_s ?? "–"} | ${r.hugo_ratio ?? "–"} | ${r.ms_per_post} | ${r.full_cpu_s} (${r.baseline_cpu_s}) | ${r.peak_rss_cold_mib} / ${r.peak_rss_warm_mib} | ${(r.validation_share * 100).toFixed(1)}% | ${r.files} (${r.baseline_files}, ${r.hugo_files ?? "–"}) | ${r.output_mib} (${r.baseline_output_mib}, ${r.hugo_output_mib ?? "–"}) | ${r.full_first_wall_s} |`,
    );
  }
  console.log(
    "\nWhere a rebuild's time goes (medians, ms; write includes render and the after-build steps below it):\n",
  );
  const phaseNames = [...new Set(results.flatMap((r) => Object.keys(r.phases_ms)))];
  console.log(`| posts | ${phaseNames.join(" | ")} |`);
  console.log(`|---:|${phaseNames.map(() => "---:").join("|")}|`);
  for (const r of results)
    console.log(`| ${r.posts} | ${phaseNames.map((name) => r.phases_ms[name] ?? "–").join(" | ")} |`);
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
