import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { landingPaths } from "../../../src/api/meta-routes.ts";
import { portfolioPaths } from "../../../src/api/portfolio/paths.ts";

/** The repository root: every build runs from here, as `npm run build` does. */
export const repoRoot: string = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The sample content that ships with the repository. */
export const sampleContentDir: string = join(repoRoot, "content");

/**
 * A build still running after this long is killed (and says so in its output). A build takes a
 * few seconds alone, but a minute and more on a 2-core machine that runs several test files
 * and other people's work at once.
 */
const BUILD_TIMEOUT_MS = 240_000;

/** What one build is given. Every field left out is also removed from the inherited environment. */
export interface BuildOptions {
  /** `SITE_URL`; default: unset, so `site.yaml`'s `url` applies. */
  siteUrl?: string;
  /** `SOURCE_DATE_EPOCH` in seconds; default: unset (the real clock). */
  epoch?: number;
  /** `CONTENT_DIR`; default: unset (`content/`). */
  contentDir?: string;
  /** `--config`, relative to the repository root; default: `.eleventy.js`. */
  config?: string;
  /** Further environment variables (e.g. GitHub settings pointing at a fake server). */
  env?: Record<string, string>;
  /** `--output`; default: a new temp folder. A folder given here may hold a previous build. */
  outDir?: string;
  /** The project whose `npm run build` runs; default: this repository. */
  project?: string;
}

/** What one build left behind: its output folder and everything it printed. */
export interface BuildResult {
  outDir: string;
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for assertions on what the owner sees. */
  output: string;
}

/** Makes a fresh folder under the system temp folder; remove it with `removeDir`. */
export function makeTempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `folio-e2e-${label}-`));
}

/** Removes a folder. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Copies a content tree into a temp folder so a test can break one thing in it. */
export function copyContent(from: string = sampleContentDir): string {
  const dir = makeTempDir("content");
  cpSync(from, dir, { recursive: true });
  return dir;
}

/**
 * Builds the site with the real build command (`npm run build`) into a new temp folder. Never rejects on a failed
 * build: the exit code and output are the result.
 */
export function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? makeTempDir("site");
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.SITE_URL;
  delete env.SOURCE_DATE_EPOCH;
  delete env.CONTENT_DIR;
  delete env.FORCE_COLOR;
  // Builds under test never go live, whatever the machine's environment (CI may set a token).
  for (const name of Object.keys(env)) if (name.startsWith("GITHUB_")) delete env[name];
  Object.assign(env, options.env ?? {});
  if (options.siteUrl !== undefined) env.SITE_URL = options.siteUrl;
  if (options.epoch !== undefined) env.SOURCE_DATE_EPOCH = String(options.epoch);
  if (options.contentDir !== undefined) env.CONTENT_DIR = options.contentDir;

  const project = options.project ?? repoRoot;
  const args = [join(project, "scripts/build.mjs"), `--output=${outDir}`, "--quiet"];
  if (options.config !== undefined) args.push(`--config=${options.config}`);

  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      stderr += `\n[e2e] killed: the build was still running after ${BUILD_TIMEOUT_MS / 1000} s\n`;
      child.kill("SIGKILL");
    }, BUILD_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      if (signal) stderr += `\n[e2e] the build ended by ${signal}\n`;
      resolvePromise({ outDir, status, stdout, stderr, output: `${stdout}\n${stderr}` });
    });
  });
}

/** Every file of a folder with its bytes, for "byte-identical" comparisons. */
export function snapshot(dir: string): Map<string, string> {
  return new Map(listFiles(dir).map((file) => [file, readFileSync(join(dir, file)).toString("base64")]));
}

/** Folders beside `outDir` that a build of it staged or set aside and did not remove (the spare is kept: output-folder.ts). */
export function leftoversBeside(outDir: string): string[] {
  const prefix = `.${basename(outDir)}.`;
  return readdirSync(dirname(outDir)).filter((name) => name.startsWith(prefix) && name !== `${prefix}spare`);
}

/** Every file under `dir` (or under `dir/under`), relative to `dir`, with `/` separators, sorted. */
export function listFiles(dir: string, under = ""): string[] {
  const start = join(dir, under);
  if (!existsSync(start)) return [];
  const found: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(relative(dir, full).split(sep).join("/"));
    }
  };
  walk(start);
  return found.sort();
}

/**
 * How the output in `actual` differs from the one in `expected` (under `under` only, when
 * given): files only one of them has, and files whose bytes differ. Empty when they are the same.
 */
export function outputDifferences(expected: string, actual: string, under = ""): string[] {
  const want = listFiles(expected, under);
  const have = listFiles(actual, under);
  const there = new Set(have);
  const wanted = new Set(want);
  return [
    ...want.filter((file) => !there.has(file)).map((file) => `missing ${file}`),
    ...have.filter((file) => !wanted.has(file)).map((file) => `extra ${file}`),
    ...want
      .filter((file) => there.has(file) && !readFileSync(join(expected, file)).equals(readFileSync(join(actual, file))))
      .map((file) => `changed ${file}`),
  ];
}

/** The HTML landing pages in an API's folder (`api/index.html`, `api/v1/index.html`), under `folder`. */
export function landingPageFiles(folder: "" | "blog/", paths: { index: string; openapi: string }): Set<string> {
  return new Set(landingPaths(paths).map((path) => `${folder}${path.slice(1)}index.html`));
}

/**
 * The portfolio API's files as the API index counts them: everything under `api/` but its HTML
 * landing pages (`/api/`, `/api/v1/`), plus `pgp.asc`.
 */
export function portfolioFiles(outDir: string): string[] {
  const pages = landingPageFiles("", portfolioPaths);
  const files = listFiles(outDir, "api").filter((file) => !pages.has(file));
  if (existsSync(join(outDir, "pgp.asc"))) files.push("pgp.asc");
  return files.sort();
}

export function readText(outDir: string, file: string): string {
  return readFileSync(join(outDir, file), "utf8");
}

export function readJson<T = unknown>(outDir: string, file: string): T {
  return JSON.parse(readText(outDir, file)) as T;
}

/** The parts of the envelope the tests read. */
export interface Meta {
  api: string;
  version: string;
  generated: string;
  self: string;
  docs: string;
  count?: number;
  source?: string;
  note?: string;
}

export interface Envelope<T = unknown> {
  meta: Meta;
  data: T;
}

export interface IndexEndpoint {
  path: string;
  url: string;
  summary: string;
  group: string;
  type: string;
  params?: Record<string, string[]>;
}

export interface ApiIndex {
  name: string;
  description: string;
  version: string;
  docs: string;
  openapi: string;
  endpoints: IndexEndpoint[];
}

/** Every file the index promises: its paths with `{param}` expanded over every listed value. */
export function filesPromisedByIndex(index: ApiIndex): string[] {
  const files: string[] = [];
  for (const endpoint of index.endpoints) {
    let paths = [endpoint.path];
    for (const [name, values] of Object.entries(endpoint.params ?? {})) {
      // The file is named by the value itself, as a host decodes the URL (`C%2B%2B.json` is `C++.json`).
      paths = paths.flatMap((path) => values.map((value) => path.replace(`{${name}}`, value)));
    }
    files.push(...paths.map((path) => path.replace(/^\//, "")));
  }
  return files.sort();
}

/** Envelope files: JSON under `api/` except the badge-shaped files, the résumé and the OpenAPI document. */
export function envelopeFiles(outDir: string): string[] {
  return listFiles(outDir, "api").filter(
    (file) =>
      file.endsWith(".json") &&
      file !== "api/openapi.json" &&
      file !== "api/v1/resume.json" &&
      !file.startsWith("api/v1/badges/") &&
      !file.startsWith("api/v1/schemas/"),
  );
}

/** Lines of the build output that look like a JavaScript stack trace. */
export function stackTraceLines(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => /^\s*(\[11ty\]\s*)?\s{2,}at\s/.test(line) || line.includes("Original error stack trace"));
}
