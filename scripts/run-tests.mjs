// `npm test`'s test runner (docs/testing.md, "How the runner works"). Runs the uvu test files
// given as folders or files (default: tests/unit and tests/e2e) on a pool of processes as wide
// as the machine, longest first, prints each run's output whole when it ends, and closes with
// one plain `tests: N passed, N failed` line, which CI reads.
//
// - A run is one end-to-end file, or one folder of unit tests: unit files are cheap, and one
//   process per folder costs a seventh of the CPU time of one per file (measured: 9.6 s of CPU
//   for the whole unit suite in one process, 66 s in a process per file).
// - Longest first: by the durations the last runs took (.cache/test-times.json, written here),
//   else by a guess per kind. The longest file then starts at once instead of ending the run.
// - The e2e files that only read the sample site share one build of it, made once per run
//   (tests/e2e/support/sample-site.ts): the runner builds it before they start and passes the
//   folder in the environment. The folders are fingerprinted, and the run fails if a test wrote
//   into one.
// - Files that serve the loopback build (`servedSampleSite()`) all serve it on its one port, so
//   they run one at a time. Files in SERIAL run alone, after everything else.
// - A run that crashes, times out, exits non-zero or reports no test counts as a failure.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
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
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Where the durations of the last runs are kept; TEST_TIMES_FILE moves it (the runner's own test does). */
const TIMES_FILE = resolve(repoRoot, process.env.TEST_TIMES_FILE || ".cache/test-times.json");
/** Folders whose test files run one process per sub-folder instead of one per file. */
const BATCHED = ["tests/unit"];
/** Files that must have the machine to themselves (none yet: add a file that times itself). */
const SERIAL = new Set([]);
/** A run that takes longer than this is killed and counted as a failure. */
const RUN_TIMEOUT_MS = 10 * 60_000;
/** Seconds a run is guessed to take when .cache/test-times.json does not know it (a fresh checkout, CI). */
const GUESS_S = { unit: 2, e2e: 5, browser: 30 };
/** The slowest runs, measured alone on the 2-core machine (docs/testing.md), for a first run without times. */
const KNOWN_SLOW = {
  "tests/e2e/browser/accessibility.test.ts": 90,
  "tests/e2e/browser/csp.test.ts": 34,
  "tests/e2e/cache-damage.test.ts": 30,
  "tests/e2e/browser/pages.test.ts": 17,
  "tests/e2e/init.test.ts": 13,
  "tests/e2e/staged-output.test.ts": 11,
  "tests/e2e/base-path.test.ts": 10,
};
const TEST_FILE = /\.test\.ts$/;

const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
const started = performance.now();
const args = process.argv.slice(2);
const runs = plan(args.length > 0 ? args : ["tests/unit", "tests/e2e"]);
if (runs.length === 0) {
  // Nothing to run is a failure too: a wrong path must not pass CI.
  console.error(`no test files in ${args.join(" ")}`);
  console.log("\ntests: 0 passed, 1 failed");
  process.exit(1);
}

const times = readTimes();
for (const run of runs) run.estimate = times[run.name] ?? KNOWN_SLOW[run.name] ?? run.guess;

const tally = { passed: 0, failed: 0 };
const shared = startSharedBuilds(runs);
// Stopped by Ctrl-C or a cancelled CI job: the test processes get the signal too; the shared
// builds must not stay behind.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
])
  process.once(signal, () => {
    if (shared.home) rmSync(shared.home, { recursive: true, force: true });
    process.exit(code);
  });
await schedule(runs, shared);
finishSharedBuilds(shared);
writeTimes(times, runs);

const wall = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\n${runs.length} runs on ${jobs} processes in ${wall} s`);
console.log(`\ntests: ${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 ? 1 : 0);

/**
 * The runs for the folders and files given: a file is one run; a folder under BATCHED gives a run
 * per sub-folder that holds tests (and per file directly in it); any other folder a run per file.
 */
function plan(targets) {
  const found = new Map();
  for (const target of targets) {
    const path = resolve(repoRoot, target);
    if (!existsSync(path)) {
      console.error(`no such test file or folder: ${target}`);
      process.exit(2);
    }
    if (statSync(path).isFile()) {
      addRun(found, [path], path);
      continue;
    }
    const batchRoot = BATCHED.map((folder) => resolve(repoRoot, folder)).find(
      (folder) => path === folder || path.startsWith(folder + sep),
    );
    for (const file of testFiles(path)) {
      if (!batchRoot) addRun(found, [file], file);
      else {
        const [first, ...rest] = relative(batchRoot, file).split(sep);
        // One run per folder just below the batched folder; files directly in it run alone.
        addRun(found, [file], rest.length > 0 ? join(batchRoot, first) : file);
      }
    }
  }
  return [...found.values()];
}

function addRun(found, files, key) {
  const name = relative(repoRoot, key).split(sep).join("/");
  const run = found.get(name) ?? { name, key, files: [], needs: new Set(), guess: 0, estimate: 0 };
  for (const file of files) {
    if (run.files.includes(file)) continue;
    run.files.push(file);
    const source = readFileSync(file, "utf8");
    // Which shared builds a file reads is read off its source: the helpers' names are the contract.
    if (/\bsampleSite\(/.test(source)) run.needs.add("sample");
    if (/\bsampleSiteAtBase\(/.test(source)) run.needs.add("base");
    if (/\bservedSampleSite\(/.test(source)) run.needs.add("served");
  }
  run.guess = name.startsWith("tests/unit") ? GUESS_S.unit : name.includes("/browser/") ? GUESS_S.browser : GUESS_S.e2e;
  found.set(name, run);
}

function testFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...testFiles(path));
    else if (TEST_FILE.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/** The command of a run: uvu over a folder for a batch, the file itself otherwise (it calls `test.run()`). */
function commandOf(run) {
  const tsx = ["--import", "tsx"];
  if (statSync(run.key).isDirectory()) return [...tsx, "node_modules/uvu/bin.js", run.key, TEST_FILE.source];
  return [...tsx, run.key];
}

/**
 * Runs everything: the pool takes the longest ready run first. A run is ready when the shared
 * builds it reads exist and, for a run that serves the loopback build, no other such run is going.
 */
async function schedule(all, sharedBuilds) {
  const waiting = all.filter((run) => !SERIAL.has(run.name)).sort((a, b) => b.estimate - a.estimate);
  const serial = all.filter((run) => SERIAL.has(run.name));
  const going = new Set();
  let servingPort = false;
  await new Promise((done) => {
    const fill = () => {
      // The shared builds hold a process of the pool each while they run: they come first, since
      // the longest files wait for them.
      while (going.size + sharedBuilds.slots < jobs && waiting.length > 0) {
        const index = waiting.findIndex(
          (run) =>
            [...run.needs].every((need) => sharedBuilds.ready.has(need)) && !(run.needs.has("served") && servingPort),
        );
        if (index < 0) break;
        const [run] = waiting.splice(index, 1);
        const serves = run.needs.has("served");
        if (serves) servingPort = true;
        const job = execute(run, sharedBuilds.env).then(() => {
          going.delete(job);
          if (serves) servingPort = false;
          fill();
        });
        going.add(job);
      }
      if (going.size === 0 && waiting.length > 0 && sharedBuilds.pending === 0) {
        // Nothing can start and nothing will make anything ready: the shared build failed.
        for (const run of waiting.splice(0))
          report(run, { status: 1, output: "not run: its shared build failed\n", seconds: 0 });
      }
      if (going.size === 0 && waiting.length === 0) done();
    };
    sharedBuilds.onReady = fill;
    fill();
  });
  for (const run of serial) await execute(run, sharedBuilds.env);
}

/** Runs one test process with its output captured, and reports it when it ends. */
function execute(run, env) {
  const begun = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, commandOf(run), {
      cwd: repoRoot,
      env: { ...process.env, ...env, FORCE_COLOR: "0", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\nkilled: still running after ${RUN_TIMEOUT_MS / 1000} s\n`;
      child.kill("SIGKILL");
    }, RUN_TIMEOUT_MS);
    child.on("error", (error) => (output += `\ncould not start: ${error.message}\n`));
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - begun) / 1000;
      run.seconds = seconds;
      report(run, { status: status ?? signal, output, seconds });
      done();
    });
  });
}

/**
 * The number after uvu's last `{label}:`: its summary comes last, so a test that prints a
 * line of its own such as "Total: 3" cannot change the count.
 */
function lastCount(output, label) {
  const counts = [...output.matchAll(new RegExp(`${label}:\\s+(\\d+)`, "g"))];
  return Number(counts.at(-1)?.[1] ?? 0);
}

/** Prints a run's output whole, and adds its counts: a run that failed without failing a test counts one failure. */
function report(run, { status, output, seconds }) {
  const total = lastCount(output, "Total");
  const passed = lastCount(output, "Passed");
  const crashed = status !== 0 || total === 0;
  const failed = Math.max(total - passed, crashed ? 1 : 0);
  tally.passed += passed;
  tally.failed += failed;
  const verdict = failed > 0 ? `FAILED (${failed})` : `${passed} passed`;
  const why = crashed && total === passed ? (total === 0 ? ", no test ran" : `, exit ${status}`) : "";
  process.stdout.write(`\n── ${run.name}: ${verdict}${why}, ${seconds.toFixed(1)} s\n${output.trimEnd()}\n`);
}

/**
 * Starts the shared builds the runs read (make-shared-builds.ts) in the background. The pool
 * keeps running the other runs meanwhile; `onReady` wakes it when the builds exist.
 */
function startSharedBuilds(all) {
  const wanted = [...new Set(all.flatMap((run) => [...run.needs]))].sort();
  const state = { ready: new Set(), pending: 0, slots: 0, env: {}, fingerprints: {}, home: "", onReady: () => {} };
  if (wanted.length === 0) return state;
  state.pending = 1;
  state.slots = Math.min(jobs, wanted.length);
  // The builds' temp folders (and whatever a build keeps beside its output) go into one folder
  // of the runner's, removed whole at the end.
  state.home = mkdtempSync(join(tmpdir(), "folio-tests-shared-"));
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/support/make-shared-builds.ts", ...wanted], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: "1", TMPDIR: state.home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
  child.on("close", (status) => {
    state.pending = 0;
    state.slots = 0;
    if (status === 0) {
      Object.assign(state.env, JSON.parse(stdout));
      for (const need of wanted) state.ready.add(need);
      for (const dir of sharedFolders(state.env)) state.fingerprints[dir] = fingerprint(dir);
    } else {
      tally.failed += 1;
      process.stdout.write(`\n── shared builds (${wanted.join(", ")}): FAILED\n${stdout}${stderr}`);
    }
    state.onReady();
  });
  return state;
}

/** Fails the run if a test changed a shared build, then removes the builds. */
function finishSharedBuilds(state) {
  for (const dir of sharedFolders(state.env)) {
    if (fingerprint(dir) !== state.fingerprints[dir]) {
      tally.failed += 1;
      process.stdout.write(`\n── shared build ${dir}: FAILED, a test wrote into it (tests must only read it)\n`);
    }
  }
  if (state.home) rmSync(state.home, { recursive: true, force: true });
}

function sharedFolders(env) {
  return ["FOLIO_SAMPLE_SITE", "FOLIO_SAMPLE_SITE_AT_BASE", "FOLIO_SERVED_SAMPLE_DIR"]
    .map((name) => env[name])
    .filter(Boolean);
}

/** A digest of every path and byte under `dir`. */
function fingerprint(dir) {
  const hash = createHash("sha256");
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(current, entry.name);
      hash.update(`${relative(dir, path)}\0`);
      if (entry.isDirectory()) walk(path);
      else hash.update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

function readTimes() {
  try {
    const parsed = JSON.parse(readFileSync(TIMES_FILE, "utf8"));
    // A damaged file only costs the order, never the run.
    return Object.fromEntries(
      Object.entries(parsed).filter(([, seconds]) => typeof seconds === "number" && seconds >= 0),
    );
  } catch {
    return {};
  }
}

function writeTimes(previous, all) {
  const next = { ...previous };
  for (const run of all) if (run.seconds !== undefined) next[run.name] = Number(run.seconds.toFixed(1));
  try {
    mkdirSync(dirname(TIMES_FILE), { recursive: true });
    writeFileSync(TIMES_FILE, `${JSON.stringify(next, Object.keys(next).sort(), 2)}\n`);
  } catch {
    // Only the next run's order depends on it.
  }
}
