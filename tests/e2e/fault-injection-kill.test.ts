import { spawn } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  leftoversBeside,
  listFiles,
  makeTempDir,
  removeDir,
  repoRoot,
  snapshot,
} from "./support/build-site.ts";
import { SAMPLE_EPOCH, SAMPLE_SITE_URL, sampleSite, sampleSiteAtBase } from "./support/sample-site.ts";
import { OUTPUT_MARKER } from "../../src/eleventy/output-folder.ts";

/*
 * Fault injection: a build killed outright (SIGKILL: no handler runs) at any point leaves the
 * previous output folder byte-identical, and the next build cleans up after it and leaves
 * exactly what a clean build of the same inputs leaves.
 */

// The builds here have the shared sample build's inputs, so that build is their clean reference.
const EPOCH = SAMPLE_EPOCH;
const NEW_SITE = SAMPLE_SITE_URL;

/** Starts `npm run build` into `outDir` and kills it once `when` holds; resolves when it is gone. */
async function killBuild(
  outDir: string,
  when: () => boolean,
  signal: NodeJS.Signals = "SIGKILL",
): Promise<{ killedWhileRunning: boolean; code: number | null }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: "1",
    SITE_URL: NEW_SITE,
    SOURCE_DATE_EPOCH: String(EPOCH),
  };
  delete env.CONTENT_DIR;
  for (const name of Object.keys(env)) if (name.startsWith("GITHUB_")) delete env[name];
  const child = spawn(process.execPath, [join(repoRoot, "scripts/build.mjs"), `--output=${outDir}`, "--quiet"], {
    cwd: repoRoot,
    env,
    stdio: "ignore",
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  const deadline = Date.now() + 60_000;
  while (running && !when() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const killedWhileRunning = running;
  child.kill(signal);
  const code = await exited;
  return { killedWhileRunning, code };
}

const outDir = makeTempDir("killed");
let clean: Map<string, string>;
let previous: Map<string, string>;

test.before(async () => {
  // The previous output is the shared build under a path base, copied in: it differs from what
  // the new build writes (another SITE_URL), so "left untouched" and "replaced" cannot be
  // confused. Both shared folders are only read.
  const [atBase, sample] = await Promise.all([sampleSiteAtBase(), sampleSite()]);
  cpSync(atBase, outDir, { recursive: true });
  assert.ok(existsSync(join(outDir, OUTPUT_MARKER)), "the previous output is a build's, marked as one");
  previous = snapshot(outDir);
  clean = snapshot(sample);
});

test.after(() => {
  removeDir(outDir);
});

test("should remove its own staging folder when stopped with SIGTERM", async () => {
  const staged = () => leftoversBeside(outDir);
  const { killedWhileRunning, code } = await killBuild(
    outDir,
    () => staged().some((name) => listFiles(join(dirname(outDir), name)).length > 0),
    "SIGTERM",
  );
  assert.ok(killedWhileRunning, "the build was still running when stopped");
  assert.is(code, 128 + 15);
  assert.equal(staged(), []);
  assert.equal(snapshot(outDir), previous);
});

test("should leave the previous output byte-identical when killed shortly after start", async () => {
  const started = Date.now();
  const { killedWhileRunning } = await killBuild(outDir, () => Date.now() - started > 300);
  assert.ok(killedWhileRunning, "the build was still running when killed");
  assert.equal(snapshot(outDir), previous);
});

test("should leave the previous output byte-identical when killed while writing", async () => {
  const staging = () => leftoversBeside(outDir).filter((name) => name.includes(".staging-"));
  const { killedWhileRunning } = await killBuild(outDir, () =>
    staging().some((name) => listFiles(join(dirname(outDir), name)).length > 0),
  );
  assert.ok(killedWhileRunning, "the build was still running when killed");
  assert.ok(staging().length > 0, "the killed build left its staging folder with files in it");
  assert.equal(snapshot(outDir), previous);
});

test("should clean up after killed builds and leave exactly what a clean build leaves", async () => {
  assert.ok(leftoversBeside(outDir).length > 0, "killed builds left staging folders");
  const next = await buildSite({ siteUrl: NEW_SITE, epoch: EPOCH, outDir });
  assert.is(next.status, 0, next.output);
  assert.equal(leftoversBeside(outDir), []);
  assert.ok(clean.size > 100);
  assert.equal(snapshot(outDir), clean);
});

test.run();
