import { spawn } from "node:child_process";
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spareFolder } from "../../src/util/output-folder.mjs";
import {
  buildSite,
  copyContent,
  leftoversBeside,
  makeTempDir,
  removeDir,
  repoRoot,
  snapshot,
} from "./support/build-site.ts";

/*
 * The output a build replaces is kept beside as the spare, and the next build overwrites it in
 * place instead of creating every file again (src/util/output-folder.mjs). Whatever the spare
 * held, the new output is exactly what a fresh build of the same content leaves; a spare the
 * build cannot write through makes it start again in a fresh folder; and a build killed while
 * it overwrites the spare leaves the output folder as it was.
 */

const EPOCH = 1_795_000_000;
const OLD_SITE = "https://old.example";
const NEW_SITE = "https://margo.example";
const GONE_POST = "blog/posts/hangboard-timer-with-a-load-cell/index.html";

const content = copyContent();
const outDir = makeTempDir("reuse");
let fresh: Map<string, string>;
let firstBuildInode = 0;

test.before(async () => {
  // The spare (the first build's output) has another SITE_URL in every page and a post the
  // later builds no longer publish, so a stale byte cannot pass for a new one.
  const first = await buildSite({ siteUrl: OLD_SITE, epoch: EPOCH, outDir });
  assert.is(first.status, 0, first.output);
  firstBuildInode = statSync(join(outDir, "index.html")).ino;
  rmSync(join(content, "blog/posts/hangboard-timer-with-a-load-cell.md"));
  const [second, clean] = await Promise.all([
    buildSite({ siteUrl: NEW_SITE, epoch: EPOCH, outDir }),
    buildSite({ siteUrl: NEW_SITE, epoch: EPOCH, contentDir: content }),
  ]);
  assert.is(second.status, 0, second.output);
  assert.is(clean.status, 0, clean.output);
  fresh = snapshot(clean.outDir);
  removeDir(clean.outDir);
});

test.after(() => {
  removeDir(content);
  removeDir(outDir);
});

test("should overwrite the previous build's files and leave exactly what a fresh build leaves", async () => {
  assert.ok(existsSync(join(spareFolder(outDir), GONE_POST)), "the spare holds the first build's output");
  const result = await buildSite({ siteUrl: NEW_SITE, epoch: EPOCH, contentDir: content, outDir });
  assert.is(result.status, 0, result.output);
  assert.is(statSync(join(outDir, "index.html")).ino, firstBuildInode, "the first build's file was written over");
  assert.ok(fresh.size > 100);
  assert.equal(snapshot(outDir), fresh);
  assert.not.ok(existsSync(join(outDir, GONE_POST)), "a page this build did not write is gone");
  assert.equal(leftoversBeside(outDir), []);
  assert.ok(existsSync(spareFolder(outDir)), "the replaced output is the next spare");
});

test("should start again in a fresh folder when the spare has a file where a folder goes", async () => {
  const spare = spareFolder(outDir);
  rmSync(join(spare, "api"), { recursive: true });
  writeFileSync(join(spare, "api"), "a file where the API folder goes");
  const result = await buildSite({ siteUrl: NEW_SITE, epoch: EPOCH, contentDir: content, outDir });
  assert.is(result.status, 0, result.output);
  assert.not.match(result.output, /a file stands where a folder is needed/);
  assert.equal(snapshot(outDir), fresh);
  assert.equal(leftoversBeside(outDir), []);
});

test("should leave the output folder as it was when killed while overwriting the spare", async () => {
  const before = snapshot(outDir);
  assert.ok(existsSync(spareFolder(outDir)), "there is a spare to take");
  const staging = () => leftoversBeside(outDir).filter((name) => name.includes(".staging-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SITE_URL: OLD_SITE,
    SOURCE_DATE_EPOCH: String(EPOCH),
    CONTENT_DIR: content,
  };
  for (const name of Object.keys(env)) if (name.startsWith("GITHUB_")) delete env[name];
  const child = spawn(process.execPath, [join(repoRoot, "scripts/build.mjs"), `--output=${outDir}`, "--quiet"], {
    cwd: repoRoot,
    env,
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let running = true;
  void exited.then(() => (running = false));
  // Killed once the spare is this build's staging folder and the build has started writing in it.
  const taken = () => !existsSync(spareFolder(outDir)) && staging().length > 0;
  const deadline = Date.now() + 60_000;
  while (running && !taken() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.ok(running, "the build was still running when killed");
  child.kill("SIGKILL");
  await exited;
  assert.ok(staging().length > 0, "the killed build left the spare it was overwriting");
  assert.equal(snapshot(outDir), before, "the output folder is byte-identical to before");

  const next = await buildSite({ siteUrl: NEW_SITE, epoch: EPOCH, contentDir: content, outDir });
  assert.is(next.status, 0, next.output);
  assert.equal(leftoversBeside(outDir), []);
  assert.equal(snapshot(outDir), fresh);
});

test.run();
