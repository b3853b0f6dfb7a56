// Loaded with `node --import` into a benchmarked build: on exit, writes the process's peak
// resident memory (from process.resourceUsage, in KiB) to the file named by BENCH_USAGE_FILE.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  if (process.env.BENCH_USAGE_FILE) writeFileSync(process.env.BENCH_USAGE_FILE, String(process.resourceUsage().maxRSS));
});
