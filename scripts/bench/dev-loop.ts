// `npm run bench:dev [-- --sizes sample,1000 --edits 5]`: the owner's edit loop, measured from
// outside as the owner lives it. Starts the preview (`scripts/start.mjs`, what `npm start` runs),
// waits for a post's page, then appends a sentence to that post and polls the served page until
// the sentence shows. The same posts are served, in the same run, by bare Eleventy
// (`--serve --incremental`) and, when `hugo` is on the PATH, by `hugo server` (hugo-site.ts), so
// the figures have their anchors. Prints a Markdown table and writes .bench/dev-loop.json.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fail, readOptions } from "../cli-args.mjs";
import { MAX_FOLDER_FILES } from "../../src/content/content-limits.ts";
import { baselineProject } from "./baseline-site.ts";
import { generateContent } from "./generate-content.ts";
import { findHugo, hugoProject } from "./hugo-site.ts";

const root = resolve(import.meta.dirname, "../..");
const eleventyCli = join(root, "node_modules/@11ty/eleventy/cmd.cjs");
const values = readOptions("bench:dev", {
  sizes: { type: "string", default: "sample,1000" },
  edits: { type: "string", default: "5" },
  out: { type: "string", default: join(root, ".bench", "dev-loop.json") },
});
const sizes = values.sizes.split(",").map((s) => s.trim());
// More posts than the build takes would be served never: minutes of waiting, then "never".
if (!sizes.every((s) => s === "sample" || (/^[1-9]\d*$/.test(s) && Number(s) <= MAX_FOLDER_FILES)))
  fail(
    "bench:dev",
    `--sizes: expected "sample" or whole numbers of posts from 1 to ${MAX_FOLDER_FILES.toLocaleString("en")}, found "${values.sizes}"`,
  );
/** Most edits a side: each takes two seconds or more. */
const MAX_EDITS = 100;
const edits = Number(values.edits);
if (!Number.isInteger(edits) || edits < 1 || edits > MAX_EDITS)
  fail("bench:dev", `--edits: expected a whole number from 1 to ${MAX_EDITS}, found "${values.edits}"`);

/** A server to measure: how to start it, and where the edited post is, on disk and served. */
interface Side {
  name: string;
  start: (port: number) => ChildProcess;
  postFile: string;
  postPath: string;
}

interface Served {
  process: ChildProcess;
  lines: () => number;
}

/** Starts a server in its own process group (so it and its children stop together), counting its output lines. */
function launch(command: string, args: string[], cwd: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function watch(child: ChildProcess): Served {
  let lines = 0;
  const count = (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) lines += 1;
  };
  child.stdout?.on("data", count);
  child.stderr?.on("data", count);
  return { process: child, lines: () => lines };
}

async function stop(served: Served): Promise<void> {
  const child = served.process;
  const running = () => child.exitCode === null && child.signalCode === null;
  if (!running() || child.pid === undefined) return;
  const exited = new Promise((done) => child.once("exit", done));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, sleep(5000)]);
  if (running()) process.kill(-child.pid, "SIGKILL");
}

/** Milliseconds until `url` answers 200 with a body that passes `test`; null after `limitMs`. */
async function until(url: string, test: (body: string) => boolean, limitMs: number): Promise<number | null> {
  const begin = performance.now();
  while (performance.now() - begin < limitMs) {
    try {
      const answer = await fetch(url);
      const body = await answer.text();
      if (answer.ok && test(body)) return performance.now() - begin;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  return null;
}

let nextPort = 18_400;

/** Serves one side twice: a first start (measured), then a start and `edits` edits (measured). */
async function measureSide(side: Side) {
  const first: (number | null)[] = [];
  const visible: (number | null)[] = [];
  const printed: number[] = [];
  // One port for both starts, as an owner restarts `npm start` on the same one: the pages carry
  // the preview's URL, so another port would make every page, and what is kept of it, new.
  const port = nextPort++;
  for (const round of ["cold", "warm"]) {
    const url = `http://127.0.0.1:${port}${side.postPath}`;
    const served = watch(side.start(port));
    try {
      first.push(await until(url, () => true, 180_000));
      if (round === "cold") continue;
      for (let edit = 0; edit < edits; edit++) {
        await sleep(1500); // let the watcher settle after the last rebuild
        const marker = `Edit marker ${port} ${edit} ${Date.now()}.`;
        const linesBefore = served.lines();
        appendFileSync(side.postFile, `\n\n${marker}\n`);
        visible.push(await until(url, (body) => body.includes(marker), 60_000));
        await sleep(300);
        printed.push(served.lines() - linesBefore);
      }
    } finally {
      await stop(served);
    }
  }
  const done = visible.filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  return {
    side: side.name,
    first_page_cold_s: seconds(first[0]),
    first_page_s: seconds(first[1]),
    edit_visible_s: done.map((ms) => seconds(ms)),
    edit_visible_median_s: seconds(done[Math.floor(done.length / 2)]),
    edits_never_visible: visible.length - done.length,
    lines_per_edit: printed.sort((a, b) => a - b)[Math.floor(printed.length / 2)] ?? null,
  };
}

function seconds(ms: number | null | undefined): number | null {
  return ms === null || ms === undefined ? null : Math.round(ms) / 1000;
}

const work = mkdtempSync(join(tmpdir(), "folio-dev-loop-"));
const hugo = findHugo();
const results = [];
try {
  for (const size of sizes) {
    const posts = size === "sample" ? null : Number(size);
    const content = join(work, `content-${size}`);
    if (posts === null) cpSync(join(root, "content"), content, { recursive: true });
    else generateContent(join(root, "content"), content, { posts, projects: Math.max(5, Math.round(posts / 5)) });
    // The edited post: the sample's first post file, or a synthetic post in the middle.
    const slug = posts === null ? "conflict-free-logbooks" : `post-${Math.floor(posts / 2)}`;
    const output = join(work, `out-${size}`);
    const cache = join(work, `cache-${size}`);
    const sides: Side[] = [
      {
        name: "npm start",
        start: (port) =>
          launch(process.execPath, [join(root, "scripts/start.mjs"), `--port=${port}`, `--output=${output}`], root, {
            CONTENT_DIR: content,
            FOLIO_CACHE_DIR: cache,
          }),
        postFile: join(content, "blog", "posts", `${slug}.md`),
        postPath: `/blog/posts/${slug}/`,
      },
    ];
    if (posts !== null) {
      const bare = join(work, `bare-${size}`);
      baselineProject(content, bare);
      sides.push({
        name: "bare Eleventy --serve --incremental",
        start: (port) => launch(process.execPath, [eleventyCli, "--serve", "--incremental", `--port=${port}`], bare),
        postFile: join(bare, "posts", `${slug}.md`),
        postPath: `/posts/${slug}/`,
      });
      if (hugo) {
        const site = join(work, `hugo-${size}`);
        mkdirSync(site);
        hugoProject(content, site);
        sides.push({
          name: "hugo server",
          start: (port) => launch("hugo", ["server", "--bind=127.0.0.1", `--port=${port}`], site),
          postFile: join(site, "content", "blog", `${slug}.md`),
          postPath: `/blog/posts/${slug}/`,
        });
      }
    }
    for (const side of sides) results.push({ posts: size, ...(await measureSide(side)) });
  }
  const report = { machine: { node: process.version, hugo: hugo ?? null }, edits, results };
  mkdirSync(resolve(values.out, ".."), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nThe edit loop: ${edits} edits each; ${hugo ?? "no hugo on the PATH: Hugo not measured"}\n`);
  console.log(
    "| posts | server | first page s (cold cache) | first page s | edit visible s, median (all) | lines printed per edit |",
  );
  console.log("|---|---|---:|---:|---:|---:|");
  for (const r of results)
    console.log(
      `| ${r.posts} | ${r.side} | ${r.first_page_cold_s ?? "never"} | ${r.first_page_s ?? "never"} | ${r.edit_visible_median_s ?? "never"} (${r.edit_visible_s.join(", ")}${r.edits_never_visible ? `; ${r.edits_never_visible} never` : ""}) | ${r.lines_per_edit ?? "–"} |`,
    );
  console.log(`\nWrote ${values.out}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
