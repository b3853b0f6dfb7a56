// Loaded with `node --import` into a benchmarked build: on exit, writes to the file named by
// BENCH_USAGE_FILE, as JSON:
// - maxRSS: the build process's own peak resident memory (KiB, process.resourceUsage);
// - treeMaxRSS: the peak of the process and every process it started, summed at each moment
//   (KiB): a cold build renders social images and encodes images in processes of their own,
//   which the process's own figure leaves out. Sampled every 20 ms from /proc on a thread of its
//   own, so that a main thread busy for seconds does not hide a peak; that thread is counted in;
// - userCPUTime, systemCPUTime: CPU time of all the process's threads (microseconds), and
//   childCPUTime: that of the processes it started and waited for (from /proc/self/stat);
// - phases: each after-build step's milliseconds, from the User Timing marks `after-build:{step}`
//   the build sets at each step's end (src/eleventy/plugin.ts), the first `after-build:start`.
// CPU time is the figure a shared machine disturbs least; wall time over CPU time says how many
// cores a build used. On a system without /proc, the tree's figures are left out.
import { readFileSync, writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";

const file = process.env.BENCH_USAGE_FILE;
/** The tree's peak in KiB, written by the sampling thread. */
const peak = new Int32Array(new SharedArrayBuffer(4));

if (file) {
  const sampler = new Worker(
    `
    const { readFileSync, readdirSync } = require("node:fs");
    const { workerData } = require("node:worker_threads");
    const [root, peak] = [workerData.pid, workerData.peak];
    const rssOf = (pid) => {
      try {
        const line = readFileSync("/proc/" + pid + "/status", "utf8").split("\\n").find((l) => l.startsWith("VmRSS:"));
        return line ? Number.parseInt(line.slice(6), 10) : 0;
      } catch { return 0; }
    };
    const tree = (pid) => {
      const all = [pid];
      try {
        for (const task of readdirSync("/proc/" + pid + "/task"))
          for (const child of readFileSync("/proc/" + pid + "/task/" + task + "/children", "utf8").split(" "))
            if (child.trim()) all.push(...tree(Number(child)));
      } catch {}
      return all;
    };
    setInterval(() => {
      const total = tree(root).reduce((sum, pid) => sum + rssOf(pid), 0);
      if (total > Atomics.load(peak, 0)) Atomics.store(peak, 0, total);
    }, 20);
    `,
    { eval: true, workerData: { pid: process.pid, peak } },
  );
  sampler.unref();
}

process.on("exit", () => {
  if (!file) return;
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  writeFileSync(
    file,
    JSON.stringify({
      maxRSS,
      treeMaxRSS: Atomics.load(peak, 0) || null,
      userCPUTime,
      systemCPUTime,
      childCPUTime: childCpu(),
      phases: afterBuildPhases(),
    }),
  );
});

/** CPU microseconds of the children this process waited for: fields 16 and 17 of /proc/self/stat, in clock ticks (100 a second on Linux). */
function childCpu() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // The command name (field 2) may hold spaces: count from the parenthesis that closes it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10_000;
  } catch {
    return 0;
  }
}

/** The last build's after-build steps, by the marks it set: each step's time since the mark before. */
function afterBuildPhases() {
  const marks = performance.getEntriesByType("mark").filter((mark) => mark.name.startsWith("after-build:"));
  const steps = marks
    .slice(1)
    .map((mark, index) => [mark.name.slice(12), Math.round(mark.startTime - marks[index].startTime)]);
  return Object.fromEntries(steps);
}
