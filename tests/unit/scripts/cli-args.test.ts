import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = resolve(import.meta.dirname, "../../..");

/** Runs one of our scripts with `args` and returns its exit status and what it printed. */
function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(root, script), ...args], {
    cwd: root,
    encoding: "utf8",
    // A flag let through starts a bench or an audit: stopped, so the test fails rather than waits.
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

for (const [script, args, said] of [
  [
    "scripts/build.mjs",
    ["--bogus"],
    "[build] Unknown option '--bogus' (options: --output, --config, --verbose, --quiet)",
  ],
  ["scripts/start.ts", ["--port=http"], '[start] --port: expected a port number (1-65535), found "http"'],
  ["scripts/start.ts", ["--port=\u001b[2J"], '[start] --port: expected a port number (1-65535), found "\\u001b[2J"'],
  ["scripts/bench/run.ts", ["--runs", "abc"], '[bench] --runs: expected a whole number from 1 to 20, found "abc"'],
  ["scripts/bench/run.ts", ["--sizes", "1000,x"], "[bench] --sizes: expected whole numbers of posts"],
  // Past the most posts a folder may hold, the build refused the content once it was written:
  // 20 s of generating 20,001 posts, then the bench's stack trace.
  [
    "scripts/bench/run.ts",
    ["--sizes", "1000,20001"],
    '[bench] --sizes: expected whole numbers of posts from 1 to 20,000, comma-separated (250,1000), found "1000,20001"',
  ],
  ["scripts/bench/run.ts", ["--runs", "21"], '[bench] --runs: expected a whole number from 1 to 20, found "21"'],
  [
    "scripts/bench/dev-loop.ts",
    ["--sizes", "20001"],
    '[bench:dev] --sizes: expected "sample" or whole numbers of posts from 1 to 20,000, found "20001"',
  ],
  [
    "scripts/bench/dev-loop.ts",
    ["--edits", "101"],
    '[bench:dev] --edits: expected a whole number from 1 to 100, found "101"',
  ],
  ["scripts/audit.ts", ["--runs=21"], '[audit] --runs: expected a whole number from 1 to 20, found "21"'],
  [
    "scripts/screenshots.ts",
    ["--port=abc"],
    '[screenshots] --port: expected a port number (0-65535, 0 for any free one), found "abc"',
  ],
  // Before: Chromium waited 30 s for a palette on a folder that is not a site, then a stack trace.
  [
    "scripts/bench/search-bytes.ts",
    ["--site=/nonexistent", "--query=x"],
    '[search-bytes] --site: expected a built site with its search index, found no "/nonexistent/pagefind"',
  ],
  ["scripts/bench/dev-loop.ts", ["--sizes", "sample,lots"], '[bench:dev] --sizes: expected "sample" or whole numbers'],
  [
    "scripts/bench/dev-loop.ts",
    ["--edits", "0"],
    '[bench:dev] --edits: expected a whole number from 1 to 100, found "0"',
  ],
  ["scripts/audit.ts", ["--runs"], "[audit] Option '--runs <value>' argument missing"],
] as const) {
  test(`should refuse ${script} ${args.join(" ")} in one line, with status 2 and no stack trace`, () => {
    const { status, output } = run(script, [...args]);

    assert.is(status, 2);
    assert.ok(output.includes(said), output);
    assert.not.match(output, /\n\s+at /);
  });
}

test("should say that npm took an option given without --, rather than run without it", () => {
  // `npm run build --output=/tmp/site`: npm warns, keeps the option as npm_config_output, and runs
  // the script without it, which built into _site.
  for (const [script, event, option] of [
    ["scripts/build.mjs", "build", "output=/tmp/site"],
    ["scripts/start.ts", "start", "port=8081"],
    ["scripts/init.ts", "init", "github=octocat"],
  ] as const) {
    const [name, value] = option.split("=");
    const result = spawnSync(process.execPath, [join(root, script)], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, [`npm_config_${name}`]: value, npm_lifecycle_event: event },
    });
    assert.is(result.status, 2, result.stderr);
    // Node's own warnings aside (NO_COLOR beside FORCE_COLOR in the test runner), one line.
    assert.equal(
      result.stderr.split("\n").filter((line) => line.startsWith("[")),
      [`[${event}] npm took --${name} for itself: put it after --, as in npm run ${event} -- --${option}`],
    );
  }
});

test("should refuse a port in use in one line before npm start builds anything", async () => {
  // Before: it built into the output folder, then Eleventy's error and a stack trace.
  const taken = createServer();
  await new Promise<void>((done) => taken.listen({ port: 0, host: "127.0.0.1" }, done));
  const { port } = taken.address() as AddressInfo;
  const output = mkdtempSync(join(tmpdir(), "folio-port-out-"));
  try {
    const result = await new Promise<{ status: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, [join(root, "scripts/start.ts"), `--port=${port}`, `--output=${output}`], {
        cwd: root,
        env: { ...process.env, FOLIO_DEV_HOST: "127.0.0.1" },
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("exit", (status) => done({ status, stderr }));
    });
    assert.is(result.status, 2, result.stderr);
    assert.ok(result.stderr.includes(`[start] --port: ${port} is in use on 127.0.0.1`), result.stderr);
    assert.not.match(result.stderr, /\n\s+at /);
    assert.equal(readdirSync(output), [], "nothing built");
  } finally {
    taken.close();
    rmSync(output, { recursive: true, force: true });
  }
});

test("should say a broken site.yaml as it is, in npm start and npm run build alike", () => {
  // site.yaml is read while Eleventy loads its configuration, before any build.
  const content = mkdtempSync(join(tmpdir(), "folio-site-yaml-"));
  const output = mkdtempSync(join(tmpdir(), "folio-site-yaml-out-"));
  try {
    writeFileSync(join(content, "site.yaml"), "url: https://example.org\ntitle: [unclosed\n");
    for (const [script, ...args] of [
      ["scripts/start.ts", "--port=8779", `--output=${output}`],
      ["scripts/build.mjs", `--output=${output}`],
    ] as const) {
      const result = spawnSync(process.execPath, [join(root, script), ...args], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, CONTENT_DIR: content },
        timeout: 60_000,
      });
      const said = `${result.stdout}${result.stderr}`;
      assert.is(result.status, 1, said);
      assert.match(said, "site.yaml: (file): expected valid YAML", script);
      assert.not.match(said, "Eleventy config file", script);
      assert.not.match(said, /\n\s+at /, script);
    }
  } finally {
    rmSync(content, { recursive: true, force: true });
    rmSync(output, { recursive: true, force: true });
  }
});

test.run();
