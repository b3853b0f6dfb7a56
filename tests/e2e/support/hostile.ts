import { lstatSync, readdirSync, readFileSync, existsSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import * as assert from "uvu/assert";
import { listFiles, stackTraceLines, type BuildResult } from "./build-site.ts";

/*
 * Shared assertions of the hostile-input suites (tests/e2e/hostile/): every hostile input is
 * either refused with a clear message (no stack trace) or published without its hostile part,
 * and in both cases no file of the output folder carries the hostile value.
 */

/** Files under `dir` whose bytes contain `needle`, and every symbolic link (never allowed in output). */
export function filesCarrying(dir: string, needle: string): string[] {
  if (!existsSync(dir)) return [];
  const bytes = Buffer.from(needle, "utf8");
  const found: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) found.push(`${relative(dir, full).split(sep).join("/")} (symbolic link)`);
      else if (stat.isDirectory()) walk(full);
      else if (readFileSync(full).includes(bytes)) found.push(relative(dir, full).split(sep).join("/"));
    }
  };
  walk(dir);
  return found.sort();
}

export interface Refusal {
  /** Texts (or patterns) the build's output must contain: the file, the field, what was expected. */
  mentions: readonly (string | RegExp)[];
  /** The hostile value: it must appear in no output file (and, with `notInLog`, nowhere in the log). */
  hostile: string;
  notInLog?: boolean;
  /**
   * The output folder's files before the build; default none (buildSite makes a new empty
   * folder). A refused build must leave exactly these: it publishes nothing at all.
   */
  outputBefore?: readonly string[];
}

/** Staging or set-aside folders a build left beside its output folder. */
export function leftoversBeside(outDir: string): string[] {
  const name = basename(outDir);
  return readdirSync(dirname(outDir)).filter(
    (entry) => entry.startsWith(`.${name}.staging-`) || entry.startsWith(`.${name}.old-`),
  );
}

/** The build failed, said why in words (no stack trace), and published nothing of the hostile value. */
export function assertRefused(result: BuildResult, refusal: Refusal): void {
  assert.is.not(result.status, 0, `the build should fail:\n${result.output}`);
  for (const mention of refusal.mentions) {
    const found = typeof mention === "string" ? result.output.includes(mention) : mention.test(result.output);
    assert.ok(found, `the build output should mention ${String(mention)}:\n${result.output}`);
  }
  assert.equal(stackTraceLines(result.output), [], `no stack trace:\n${result.output}`);
  assert.equal(filesCarrying(result.outDir, refusal.hostile), [], "no output file carries the hostile value");
  // The output folder itself is the proof that nothing was published: the build staged its
  // files elsewhere and swapped nothing in.
  assert.equal(listFiles(result.outDir), [...(refusal.outputBefore ?? [])].sort(), "a refused build publishes nothing");
  assert.equal(leftoversBeside(result.outDir), [], "no staging folder is left behind");
  if (refusal.notInLog)
    assert.not.ok(
      result.output.includes(refusal.hostile),
      `the log must not carry the hostile value:\n${result.output}`,
    );
}

/** The build succeeded and no output file carries the hostile value. */
export function assertPublishedWithout(result: BuildResult, hostile: string): void {
  assert.is(result.status, 0, `the build should succeed:\n${result.output}`);
  assert.equal(stackTraceLines(result.output), []);
  assert.equal(filesCarrying(result.outDir, hostile), [], "no output file carries the hostile value");
}
