import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { codeCacheFileOf, readCodeCache, runWithCodeCache } from "../../../src/util/code-cache.mjs";
import { withTempFolder } from "../support/temp-folder.ts";

const CODE_CACHE = pathToFileURL(join(import.meta.dirname, "../../../src/util/code-cache.mjs")).href;

/** What the runner is told is SCRIPT's digest, as a caller that checked it would say. */
const DIGEST = "the digest of SCRIPT";

/** A script that uses each thing the runner hands it, the dynamic import included. */
const SCRIPT = [
  `const { join } = require("node:path");`,
  `exports.joined = join("a", "b");`,
  `exports.file = __filename;`,
  `exports.strict = (function () { return this === undefined; })();`,
  `exports.load = () => __load("./helper.mjs").then((helper) => helper.value);`,
  "",
].join("\n");

/**
 * Runs SCRIPT in a process of its own (the code cache is written at exit) and returns what it
 * exported, its dynamic import's result included.
 */
interface Ran {
  joined: string;
  strict: boolean;
  loaded: number;
  /** Where an Error made at the script's line 6 says it was made, when the script does. */
  where?: string;
}

function runInChild(dir: string, nodeOptions: string[] = []): Ran {
  const runner = join(dir, "runner.mjs");
  writeFileSync(
    runner,
    [
      `import { readFileSync } from "node:fs";`,
      `import { createRequire } from "node:module";`,
      `import { pathToFileURL } from "node:url";`,
      `import { runWithCodeCache, codeCacheFileOf } from ${JSON.stringify(CODE_CACHE)};`,
      `const file = ${JSON.stringify(join(dir, "script.cjs"))};`,
      `const exported = runWithCodeCache(readFileSync(file, "utf8"), { file, cacheFile: codeCacheFileOf(file), codeDigest: ${JSON.stringify(DIGEST)}, resolveFrom: file });`,
      `const loaded = await exported.load();`,
      `console.log(JSON.stringify({ joined: exported.joined, strict: exported.strict, loaded, where: exported.where }));`,
      "",
    ].join("\n"),
  );
  // A hang (a FIFO read to its end) fails the test instead of stopping the suite.
  const output = execFileSync(process.execPath, [...nodeOptions, runner], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 30_000,
  });
  return JSON.parse(output) as Ran;
}

function scriptIn(dir: string): string {
  const file = join(dir, "script.cjs");
  writeFileSync(file, SCRIPT);
  writeFileSync(join(dir, "helper.mjs"), "export const value = 42;\n");
  return file;
}

test(
  "should run a CommonJS script with require, its own name, strict mode and a relative dynamic import",
  withTempFolder("code-cache", async (dir) => {
    const file = scriptIn(dir);
    const exported = runWithCodeCache(SCRIPT, {
      file,
      cacheFile: undefined,
      codeDigest: DIGEST,
      resolveFrom: file,
    });
    assert.is(exported.joined, join("a", "b"));
    assert.is(exported.file, file);
    assert.is(exported.strict, true);
    assert.is(await (exported.load as () => Promise<number>)(), 42);
    assert.not.ok(existsSync(codeCacheFileOf(file)), "no code cache without a cache file");
  }),
);

test(
  "should keep the code cache at exit, and run from it the next time, dynamic import included",
  withTempFolder("code-cache", (dir) => {
    const file = scriptIn(dir);
    const cacheFile = codeCacheFileOf(file);
    assert.equal(runInChild(dir), { joined: join("a", "b"), strict: true, loaded: 42 });
    assert.ok(existsSync(cacheFile), "kept at exit");
    assert.ok(readCodeCache(cacheFile, DIGEST), "its digest checks");
    const kept = readFileSync(cacheFile);
    const keptAt = statSync(cacheFile).mtimeMs;
    // From the cache: on Node 20 a plain import() there fails ("A dynamic import callback was
    // not specified"), which is why the script calls __load.
    assert.equal(runInChild(dir), { joined: join("a", "b"), strict: true, loaded: 42 });
    assert.ok(readFileSync(cacheFile).equals(kept), "an entry that checks is not rewritten");
    assert.is(statSync(cacheFile).mtimeMs, keptAt);
  }),
);

test(
  "should not use an entry that is damaged or was made for another script, and write it again",
  withTempFolder("code-cache", (dir) => {
    const file = scriptIn(dir);
    const cacheFile = codeCacheFileOf(file);
    runInChild(dir);
    const kept = readFileSync(cacheFile);
    const flipped = Buffer.from(kept);
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 0xff;
    writeFileSync(cacheFile, flipped);
    assert.is(readCodeCache(cacheFile, DIGEST), undefined, "a changed byte");
    assert.equal(runInChild(dir), { joined: join("a", "b"), strict: true, loaded: 42 });
    assert.ok(readCodeCache(cacheFile, DIGEST), "written again");
    // The same bytecode for a script of another text (V8 itself compares only the length).
    assert.is(readCodeCache(cacheFile, "another script's digest"), undefined);
    for (const bytes of [Buffer.alloc(0), kept.subarray(0, 20), kept.subarray(0, kept.length - 1)]) {
      writeFileSync(cacheFile, bytes);
      assert.is(readCodeCache(cacheFile, DIGEST), undefined, `${bytes.length} bytes`);
    }
  }),
);

test(
  "should run through Node's loader, without a code cache, when source maps are on",
  withTempFolder("code-cache", (dir) => {
    const file = scriptIn(dir);
    writeFileSync(
      file,
      `${SCRIPT}exports.where = new Error("here").stack.split("\\n")[1];\n//# sourceMappingURL=script.cjs.map\n`,
    );
    // A map that puts line 6 (the Error) at line 40 of "original.ts".
    writeFileSync(
      `${file}.map`,
      JSON.stringify({ version: 3, sources: ["original.ts"], names: [], mappings: ";;;;;AAuCA" }),
    );
    const run = runInChild(dir, ["--enable-source-maps"]);
    assert.match(run.where ?? "", `${join(dir, "original.ts")}:40:`);
    assert.equal({ ...run, where: undefined }, { joined: join("a", "b"), strict: true, loaded: 42, where: undefined });
    assert.not.ok(existsSync(codeCacheFileOf(file)), "no code cache");
  }),
);

test(
  "should not wait on a FIFO where the source map belongs, and map nothing then",
  withTempFolder("code-cache", (dir) => {
    const file = scriptIn(dir);
    writeFileSync(
      file,
      `${SCRIPT}exports.where = new Error("here").stack.split("\\n")[1];\n//# sourceMappingURL=script.cjs.map\n`,
    );
    // Node reads the map the last line names itself, with no such check: a FIFO there hung.
    execFileSync("mkfifo", [`${file}.map`]);
    const run = runInChild(dir, ["--enable-source-maps"]);
    assert.match(run.where ?? "", `${file}:6:`);
    assert.equal({ ...run, where: undefined }, { joined: join("a", "b"), strict: true, loaded: 42, where: undefined });
  }),
);

test(
  "should keep no code cache at exit for a script removed meanwhile",
  withTempFolder("code-cache", (dir) => {
    const file = scriptIn(dir);
    // As `npm start` compiling the site again, or another build pruning the script, would.
    const runner = join(dir, "remove.mjs");
    writeFileSync(
      runner,
      [
        `import { rmSync } from "node:fs";`,
        `import { runWithCodeCache, codeCacheFileOf } from ${JSON.stringify(CODE_CACHE)};`,
        `const file = ${JSON.stringify(file)};`,
        `runWithCodeCache(${JSON.stringify(SCRIPT)}, { file, cacheFile: codeCacheFileOf(file), codeDigest: ${JSON.stringify(DIGEST)}, resolveFrom: file });`,
        "rmSync(file);",
        "",
      ].join("\n"),
    );
    execFileSync(process.execPath, [runner], { stdio: "ignore", timeout: 30_000 });
    assert.not.ok(existsSync(codeCacheFileOf(file)), "nothing would read or prune it");
    // The same run with the script left in place keeps it: the assertion above can fail.
    scriptIn(dir);
    writeFileSync(runner, readFileSync(runner, "utf8").replace("rmSync(file);", ""));
    execFileSync(process.execPath, [runner], { stdio: "ignore", timeout: 30_000 });
    assert.ok(existsSync(codeCacheFileOf(file)), "kept beside its script");
  }),
);

test(
  "should not wait on a FIFO where the code cache belongs",
  withTempFolder("code-cache", (dir) => {
    const file = scriptIn(dir);
    const cacheFile = codeCacheFileOf(file);
    execFileSync("mkfifo", [cacheFile]);
    assert.is(readCodeCache(cacheFile, DIGEST), undefined);
    assert.equal(runInChild(dir), { joined: join("a", "b"), strict: true, loaded: 42 });
    assert.ok(statSync(cacheFile).isFile(), "replaced by a regular file at exit");
  }),
);

test.run();
