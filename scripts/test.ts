// `npm test`'s runner (docs/testing.md). Builds the shared sample sites once
// (tests/e2e/support/make-shared-builds.ts), then runs the uvu test files under the folders or
// files given (default: tests/unit and tests/e2e) with uvu's own runner, as many processes at once
// as the machine has cores, and ends with one `tests: N passed, N failed` line, which CI reads.
// - All unit tests run in one process: they are cheap, and each process costs Node's start.
// - The files that time a pass at two sizes (`*-linear.test.ts`) run last, alone: a test
//   process beside them on this machine's cores shares its caches and pushes a linear pass
//   from 10-11 to 12-13 times (tests/unit/support/linear-time.ts).
// - The files that serve the shared loopback build (`servedSampleSite()`) share its one port, so
//   they run in one process, one after another. The hostile-input files (tests/e2e/hostile/), each
//   a few builds, run in one process too: a process of each cost Node's start 14 times. Every
//   other end-to-end file runs in its own.
// - A test that wrote into a shared build fails the run: other files read the same folder.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { classifyContent } from "../src/init/sample-content.ts";

const root = join(import.meta.dirname, "..");

// The tests read the sample content: once `npm run init` replaced it, they cannot pass.
const content = classifyContent(join(root, "content"));
if (content.kind !== "sample") {
  const why = content.kind === "own" ? content.why : "it is empty";
  console.log(`npm test tests the project with its sample content, and content/ is not the sample (${why}).`);
  console.log("For your own site, npm run check and npm run build check it. To test a change of the code,");
  console.log("run npm test in a checkout that still has the sample.\ntests: 0 passed, 1 failed");
  process.exit(1);
}
const UVU = join(root, "node_modules/uvu/bin.js");
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
const tally = { passed: 0, failed: 0 };

/** Every `*.test.ts` under `path` (or `path` itself), absolute, sorted. */
function testFiles(path: string): string[] {
  const full = resolve(root, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.ts") && !name.includes("node_modules"))
    .map((name) => join(full, name))
    .sort();
}

/** One uvu process over `files`. */
interface Run {
  name: string;
  files: string[];
}

const files = (process.argv.length > 2 ? process.argv.slice(2) : ["tests/unit", "tests/e2e"]).flatMap(testFiles);
const unitDir = join(root, "tests/unit") + sep;
const timed = files.filter((file) => file.endsWith("-linear.test.ts"));
const unit = files.filter((file) => file.startsWith(unitDir) && !timed.includes(file));
const e2e = files.filter((file) => !file.startsWith(unitDir) && !timed.includes(file));
const reads = (file: string, what: string) => readFileSync(file, "utf8").includes(what);
const served = e2e.filter((file) => reads(file, "servedSampleSite("));
const hostileDir = join(root, "tests/e2e/hostile") + sep;
const hostile = e2e.filter((file) => file.startsWith(hostileDir) && !served.includes(file));
const alone = e2e.filter((file) => !served.includes(file) && !hostile.includes(file));
// The longest runs first: the browser files, then the unit tests, the hostile inputs, then the rest as listed.
const runs: Run[] = [
  { name: "e2e: the files that serve the sample", files: served },
  { name: "unit tests", files: unit },
  { name: "e2e: hostile inputs", files: hostile },
  ...alone.map((file) => ({ name: relative(root, file), files: [file] })),
].filter((run) => run.files.length > 0);
const last: Run[] = timed.length > 0 ? [{ name: "linear-time tests, alone", files: timed }] : [];
if (runs.length + last.length === 0) {
  console.error(`no test files in ${process.argv.slice(2).join(" ")}`);
  console.log("\ntests: 0 passed, 1 failed");
  process.exit(1);
}

// The shared builds, made once for every file that reads them; their temp folders live in one
// folder of the runner's, removed at the end.
const home = mkdtempSync(join(tmpdir(), "folio-tests-shared-"));
const needs = { sample: "sampleSite(", base: "sampleSiteAtBase(", served: "servedSampleSite(" };
const wanted = Object.entries(needs)
  .filter(([, call]) => e2e.some((file) => reads(file, call)))
  .map(([kind]) => kind);
const shared: Record<string, string> = {};
if (wanted.length > 0) {
  const made = spawnSync(process.execPath, ["tests/e2e/support/make-shared-builds.ts", ...wanted], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1", TMPDIR: home },
    encoding: "utf8",
  });
  if (made.status !== 0) {
    console.log(`── shared builds: FAILED\n${made.stdout}${made.stderr}\ntests: 0 passed, 1 failed`);
    rmSync(home, { recursive: true, force: true });
    process.exit(1);
  }
  Object.assign(shared, JSON.parse(made.stdout) as Record<string, string>);
}
const sharedDirs = Object.entries(shared).filter(([name]) => !name.endsWith("ORIGIN"));
const before = new Map(sharedDirs.map(([, dir]) => [dir, fingerprint(dir)]));

/** Runs one uvu process; prints its output whole when it ends and adds its counts. */
function execute(run: Run): Promise<void> {
  // uvu's runner takes a folder and a pattern: the files, exactly.
  let dir = dirname(run.files[0] as string);
  while (!run.files.every((file) => file.startsWith(dir + sep))) dir = dirname(dir);
  const pattern = `^(${run.files.map((file) => escapeRegExp(relative(dir, file))).join("|")})$`;
  const begun = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [UVU, dir, pattern], {
      cwd: root,
      // Node's compile cache, as `npm run build` keeps it: the tests load the same modules.
      env: {
        NODE_COMPILE_CACHE: join(root, ".cache/node"),
        ...process.env,
        ...shared,
        FORCE_COLOR: "0",
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("close", (status) => {
      // uvu's summary comes last: a test printing "Total: 3" of its own cannot change the count.
      const last = (label: string) =>
        Number([...output.matchAll(new RegExp(`${label}:\\s+(\\d+)`, "g"))].at(-1)?.[1] ?? 0);
      const total = last("Total");
      const passed = last("Passed");
      // A process that failed without failing a test (a crash, no test at all) counts one failure.
      const failed = Math.max(total - passed, status !== 0 || total === 0 ? 1 : 0);
      tally.passed += passed;
      tally.failed += failed;
      const seconds = ((performance.now() - begun) / 1000).toFixed(1);
      const verdict = failed > 0 ? `FAILED (${failed}), exit ${status}` : `${passed} passed`;
      process.stdout.write(`\n── ${run.name}: ${verdict}, ${seconds} s\n${output.trimEnd()}\n`);
      done();
    });
  });
}

const waiting = [...runs];
await Promise.all(
  Array.from({ length: Math.min(jobs, runs.length) }, async () => {
    for (let run = waiting.shift(); run; run = waiting.shift()) await execute(run);
  }),
);
for (const run of last) await execute(run);
for (const [dir, print] of before) {
  if (fingerprint(dir) === print) continue;
  tally.failed += 1;
  console.log(`\n── shared build ${dir}: FAILED, a test wrote into it (tests must only read it)`);
}
rmSync(home, { recursive: true, force: true });
console.log(`\ntests: ${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 ? 1 : 0);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A digest of every path and byte under `dir`. */
function fingerprint(dir: string): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(dir, name);
    hash.update(`${name}\0`);
    if (statSync(path).isFile()) hash.update(readFileSync(path));
  }
  return hash.digest("hex");
}
