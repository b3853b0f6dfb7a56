// Loaded with `node --import` into a benchmarked build: on exit, writes the process's peak
// resident memory (KiB) and the CPU time of all its threads (microseconds, user and system),
// from process.resourceUsage, as JSON to the file named by BENCH_USAGE_FILE. CPU time is the
// figure a shared machine disturbs least; wall time over CPU time says how many cores a build used.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  if (!process.env.BENCH_USAGE_FILE) return;
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify({ maxRSS, userCPUTime, systemCPUTime }));
});
