import { execFileSync } from "node:child_process";

/** The process ids of this test process's children whose command line names `file`. */
export function childProcesses(file: string): number[] {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  return lines
    .split("\n")
    .filter((line) => line.includes(file))
    .map((line) => Number.parseInt(line, 10));
}
