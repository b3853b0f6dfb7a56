import * as assert from "uvu/assert";

/*
 * The linearity tests' one timing assertion: a pass over content at ten times a size costs at
 * most twelve times as much (docs/robustness.md, "Limits"). Single times mean nothing on a
 * shared machine, so it compares the two sizes in one process, on CPU time (another process's
 * load does not count), after a warm-up, as the median ratio of samples taken in pairs.
 */

/**
 * CPU time of this process, in milliseconds: time another process takes does not count.
 * (`process.threadCpuUsage` would leave the garbage collector's helper threads out, but Linux
 * counts a thread's time in scheduler ticks: milliseconds, too coarse for a sample.)
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs `act` `times` times; the CPU time per run. */
function perRun(act: () => unknown, times: number): number {
  const start = cpuMs();
  for (let run = 0; run < times; run += 1) act();
  return (cpuMs() - start) / times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Each sample runs a pass this long at least, so the clock's grain and the scheduler's slices even out. */
const SAMPLE_MS = 15;

/** How a growth was measured, for the failure message. */
export interface Growth {
  /** Median CPU time of one run at 1× and at 10×, in milliseconds. */
  small: number;
  large: number;
  /** The median of the pairs' large / small. */
  ratio: number;
}

/**
 * How much more one run of `pass` costs at ten times the size: `pass(1)` and `pass(10)` each
 * return the run to time, with its input already made. Each sample repeats its run until it
 * takes SAMPLE_MS; the samples of both sizes alternate, so a burst of load lands on both.
 */
export function growthAtTenTimes(pass: (scale: number) => () => unknown, samples = 5): Growth {
  const small = pass(1);
  const large = pass(10);
  // Warm-up: the JIT compiles the code paths both sizes take, and V8 grows its young
  // generation to what the large run allocates, as it has in a real build (it starts at 1 MiB,
  // and the first runs past that cost more per byte for it).
  for (let run = 0; run < 3; run += 1) small();
  large();
  const smallOnce = Math.max(perRun(small, 1), 0.01);
  const largeOnce = Math.max(perRun(large, 1), 0.01);
  // Far beyond linear already: no need to spend seconds on samples of a quadratic pass.
  if (largeOnce > 5 * MAX_GROWTH * smallOnce)
    return { small: smallOnce, large: largeOnce, ratio: largeOnce / smallOnce };
  const repeatSmall = Math.ceil(SAMPLE_MS / smallOnce);
  const repeatLarge = Math.ceil(SAMPLE_MS / largeOnce);
  // Each sample is a pair measured back to back, so a change of load between samples changes
  // both sides of its ratio alike; the median ratio leaves out the pairs a burst split.
  const smallRuns: number[] = [];
  const largeRuns: number[] = [];
  const ratios: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const smallMs = Math.max(perRun(small, repeatSmall), 0.001);
    const largeMs = perRun(large, repeatLarge);
    smallRuns.push(smallMs);
    largeRuns.push(largeMs);
    ratios.push(largeMs / smallMs);
  }
  return { small: median(smallRuns), large: median(largeRuns), ratio: median(ratios) };
}

/** The most a pass may grow at ten times the size: linear, with room for the machine's noise. */
export const MAX_GROWTH = 12;

/** Fails unless `pass` at ten times the size costs at most MAX_GROWTH times as much. */
export function assertLinear(name: string, pass: (scale: number) => () => unknown, most = MAX_GROWTH): void {
  let growth = growthAtTenTimes(pass);
  // Up to four more measurements before failing: a linear pass measures 9-11 times, and load on
  // a shared machine (seen: 16 on 2 cores, a fresh-clone CI run beside two others) pushed three
  // measurements in a row of a linear pass to 12-16 times. A quadratic pass grows about a
  // hundredfold every time, so the least of five still tells them apart.
  for (let attempt = 1; attempt < 5 && growth.ratio > most; attempt += 1) {
    const again = growthAtTenTimes(pass);
    if (again.ratio < growth.ratio) growth = again;
  }
  assert.ok(
    growth.ratio <= most,
    `${name}: ten times the size took ${growth.ratio.toFixed(1)} times as long (${growth.small.toFixed(2)} ms → ${growth.large.toFixed(2)} ms); at most ${most} passes`,
  );
}
