import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeTempDir, readJson, removeDir, repoRoot, type Envelope } from "./support/build-site.ts";
import { servedSampleSite } from "./support/sample-site.ts";
import { startStaticServer, type StaticServer } from "./support/static-server.ts";

// Both OpenAPI documents are good enough for a client's own tools. Types are
// generated from the served documents by openapi-typescript, tests/client/consumer.ts is
// compiled against them by `tsc --strict` (TypeScript 5: openapi-typescript does not run on the
// project's TypeScript 7) and calls both APIs with openapi-fetch on loopback. Those tools live
// in tests/client/ with their own lock file; CI installs them (.ci/run). The test does not
// install them itself, so that a test run never reaches for the network.

const clientDir = join(repoRoot, "tests/client");
const installCommand = "npm ci --prefix tests/client --no-audit --no-fund";
const tools = ["openapi-typescript", "openapi-fetch", "typescript"];

/** Throws the one message a developer needs when the client's tools were never installed. */
function requireClientTools(): void {
  const missing = tools.filter((name) => !existsSync(join(clientDir, "node_modules", name, "package.json")));
  if (missing.length > 0) {
    throw new Error(`tests/client/node_modules lacks ${missing.join(", ")}: install them with \`${installCommand}\``);
  }
}

/** What one `node` run left behind: its exit code, its stdout, and stdout with stderr. */
interface Run {
  status: number | null;
  stdout: string;
  output: string;
}

/** Runs `node <args>` in `cwd` and collects what it printed; never rejects on a failed run. */
function runNode(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      // Node's compile cache in the temporary folder: entries for its files would outlive them.
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", NODE_COMPILE_CACHE: join(root, ".node-cache") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolveRun({ status, stdout, output: `${stdout}\n${stderr}` });
    });
  });
}

interface OpenApiDocument {
  servers: { url: string }[];
}

let root: string;
/** The run's shared build for a loopback origin (support/sample-site.ts): read and served, never written. */
let siteDir: string;
let workDir: string;
let server: StaticServer;

test.before(async () => {
  root = makeTempDir("typed-client");
  workDir = join(root, "client");
  mkdirSync(join(workDir, "generated"), { recursive: true });
  // Served on the port of the build's SITE_URL, so every published URL is live.
  const served = await servedSampleSite();
  siteDir = served.dir;
  server = await startStaticServer(siteDir, { port: served.port });
  // The consumer is compiled in a copy, so that generated files never land in the repository.
  for (const file of ["consumer.ts", "tsconfig.json", "package.json"])
    copyFileSync(join(clientDir, file), join(workDir, file));
  if (existsSync(join(clientDir, "node_modules")))
    symlinkSync(join(clientDir, "node_modules"), join(workDir, "node_modules"), "dir");
});

test.after(async () => {
  await server?.stop();
  if (root) removeDir(root);
});

test("should build the sample site for a loopback origin", () => {
  // servedSampleSite() rejects, with the build's output, unless the build exited with 0.
  assert.ok(existsSync(join(siteDir, "index.html")), siteDir);
});

test("should find the typed client's tools installed", () => {
  requireClientTools();
});

test("should generate types from both served OpenAPI documents with openapi-typescript", async () => {
  requireClientTools();
  const cli = join(clientDir, "node_modules/openapi-typescript/bin/cli.js");
  const runs = await Promise.all(
    [
      ["/api/openapi.json", "generated/portfolio.d.ts"],
      ["/blog/api/openapi.json", "generated/blog.d.ts"],
    ].map(([path, out]) => runNode([cli, `${server.origin}${path}`, "--output", out!], workDir)),
  );
  for (const run of runs) assert.is(run.status, 0, run.output);
  const portfolio = readFileSync(join(workDir, "generated/portfolio.d.ts"), "utf8");
  const blog = readFileSync(join(workDir, "generated/blog.d.ts"), "utf8");
  assert.ok(portfolio.includes(`"/api/v1/projects/{name}.json"`), "the portfolio's paths are typed");
  assert.ok(blog.includes(`"/api/v1/posts/{slug}.json"`), "the blog's paths are typed");
});

test("should compile the consumer with tsc --strict against the generated types", async () => {
  requireClientTools();
  const tsc = join(clientDir, "node_modules/typescript/bin/tsc");
  const run = await runNode([tsc, "-p", "tsconfig.json", "--strict"], workDir);
  assert.is(run.status, 0, run.output);
  assert.ok(existsSync(join(workDir, "out/consumer.js")));
});

test("should read real values of both APIs through the typed client", async () => {
  requireClientTools();
  const portfolioBase = readJson<OpenApiDocument>(siteDir, "api/openapi.json").servers[0]?.url;
  const blogBase = readJson<OpenApiDocument>(siteDir, "blog/api/openapi.json").servers[0]?.url;
  assert.is(portfolioBase, server.origin);
  assert.is(blogBase, `${server.origin}/blog`);
  const script = `import { consume } from "./out/consumer.js";
process.stdout.write(JSON.stringify(await consume({ portfolio: process.argv[1], blog: process.argv[2] })));`;
  const run = await runNode(["--input-type=module", "-e", script, portfolioBase!, blogBase!], workDir);
  assert.is(run.status, 0, run.output);
  const report = JSON.parse(run.stdout) as Record<string, unknown>;
  const built = <T>(file: string) => readJson<Envelope<T>>(siteDir, file);

  const projects = built<{ name: string }[]>("api/v1/projects.json");
  assert.equal(report.projects, {
    self: `${server.origin}/api/v1/projects.json`,
    count: projects.meta.count,
    names: projects.data.map((project) => project.name),
  });
  assert.ok(projects.data.length > 0);
  assert.equal(report.project, {
    self: `${server.origin}/api/v1/projects/benchdiff.json`,
    data: built("api/v1/projects/benchdiff.json").data,
  });
  assert.equal(report.portfolioTags, {
    self: `${server.origin}/api/v1/tags.json`,
    data: built("api/v1/tags.json").data,
  });
  assert.equal(report.posts, {
    self: `${server.origin}/blog/api/v1/posts.json`,
    slugs: built<{ slug: string }[]>("blog/api/v1/posts.json").data.map((post) => post.slug),
  });
  assert.equal(report.post, {
    self: `${server.origin}/blog/api/v1/posts/a-year-of-lora-in-the-valley.json`,
    data: built("blog/api/v1/posts/a-year-of-lora-in-the-valley.json").data,
  });
  assert.equal(report.blogTags, {
    self: `${server.origin}/blog/api/v1/tags.json`,
    slugs: built<{ slug: string }[]>("blog/api/v1/tags.json").data.map((tag) => tag.slug),
  });
  assert.equal(report.tag, {
    self: `${server.origin}/blog/api/v1/tags/climbing.json`,
    data: built("blog/api/v1/tags/climbing.json").data,
  });
  assert.equal(report.missing, { status: 404, type: "text/html; charset=utf-8" });
  // Every answer came over HTTP from the served build, not from the files read above.
  for (const path of [
    "/api/v1/projects/benchdiff.json",
    "/blog/api/v1/posts/a-year-of-lora-in-the-valley.json",
    "/blog/api/v1/tags/climbing.json",
  ]) {
    assert.ok(server.requests.includes(path), `${path} was requested`);
  }
});

test.run();
