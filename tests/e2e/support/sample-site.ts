import { existsSync } from "node:fs";
import { join } from "node:path";
import { buildSite, removeDir } from "./build-site.ts";
import { PORT_SLOTS, steadyPort } from "./dev-server.ts";

// The sample site, built once per test run and shared by every end-to-end file that only reads
// it. scripts/test.ts builds it before those files start (make-shared-builds.ts) and
// hands the folders over in the environment; a file run on its own builds them itself, once,
// and removes them when it exits. The folders are read-only in spirit: a test that writes into
// one breaks the others, and the runner fails the run when a shared folder changed.

/** `SITE_URL` of the shared sample build. */
export const SAMPLE_SITE_URL = "https://margo.example";
/** `SITE_URL` of the shared build under a path base (a GitHub Pages project site). */
export const SAMPLE_BASE_URL = "https://owner.github.io/portfolio";
/** `SOURCE_DATE_EPOCH` of every shared build: 2026-11-18T11:06:40Z. */
export const SAMPLE_EPOCH = 1_795_000_000;

/** The variables through which the runner passes its shared builds to the test files. */
export const SHARED_BUILD_ENV = {
  sample: "FOLIO_SAMPLE_SITE",
  atBase: "FOLIO_SAMPLE_SITE_AT_BASE",
  servedDir: "FOLIO_SERVED_SAMPLE_DIR",
  servedOrigin: "FOLIO_SERVED_SAMPLE_ORIGIN",
} as const;

/** The sample built for a loopback origin, to be served there by the test that reads it. */
export interface ServedSample {
  /** The output folder. */
  dir: string;
  /** `http://127.0.0.1:{port}`: the build's `SITE_URL`, so every published URL points at the server. */
  origin: string;
  /** The port to serve it on (`startStaticServer(dir, { port })`). */
  port: number;
}

const LOOPBACK_ORIGIN = /^http:\/\/127\.0\.0\.1:(\d{1,5})$/;

/** Builds the sample with the shared settings into a new temp folder; throws with the build's output if it fails. */
export async function buildSample(): Promise<string> {
  const result = await buildSite({ siteUrl: SAMPLE_SITE_URL, epoch: SAMPLE_EPOCH });
  if (result.status !== 0) throw new Error(`the shared sample build failed (exit ${result.status}):\n${result.output}`);
  return result.outDir;
}

/** Builds the sample at `SAMPLE_BASE_URL` into a new temp folder; throws with the build's output if it fails. */
export async function buildSampleAtBase(): Promise<string> {
  const result = await buildSite({ siteUrl: SAMPLE_BASE_URL, epoch: SAMPLE_EPOCH });
  if (result.status !== 0)
    throw new Error(`the shared sample build at a base failed (exit ${result.status}):\n${result.output}`);
  return result.outDir;
}

/**
 * Builds the sample for a loopback port (`steadyPort()`: its social images from the build cache) into a new temp folder. Nothing listens on the port
 * afterwards: each test that reads this build serves it itself, so that it sees its own requests.
 */
export async function buildServedSample(): Promise<ServedSample> {
  const port = await steadyPort(PORT_SLOTS.servedSample);
  const origin = `http://127.0.0.1:${port}`;
  const result = await buildSite({ siteUrl: origin, epoch: SAMPLE_EPOCH });
  if (result.status !== 0)
    throw new Error(`the shared served sample build failed (exit ${result.status}):\n${result.output}`);
  return { dir: result.outDir, origin, port };
}

let sample: Promise<string> | undefined;
let atBase: Promise<string> | undefined;
let served: Promise<ServedSample> | undefined;

/**
 * The output folder of the sample site built with `SAMPLE_SITE_URL` and `SAMPLE_EPOCH` from
 * `content/` with the default config: the runner's shared build, or one made for this process.
 * Read it; never write into it.
 */
export function sampleSite(): Promise<string> {
  sample ??= fromEnvironment(SHARED_BUILD_ENV.sample) ?? buildForThisProcess(buildSample, (dir) => dir);
  return sample;
}

/** Like `sampleSite()`, with `SITE_URL` `SAMPLE_BASE_URL`: the site under the path `/portfolio`. */
export function sampleSiteAtBase(): Promise<string> {
  atBase ??= fromEnvironment(SHARED_BUILD_ENV.atBase) ?? buildForThisProcess(buildSampleAtBase, (dir) => dir);
  return atBase;
}

/**
 * The sample site built for a loopback origin (`SAMPLE_EPOCH`, `content/`), with the port to serve
 * it on. The runner runs the files that use it one at a time, since they all serve on that port.
 */
export function servedSampleSite(): Promise<ServedSample> {
  served ??= servedFromEnvironment() ?? buildForThisProcess(buildServedSample, (build) => build.dir);
  return served;
}

/** The folder a runner passed in `name`, checked: the environment is input like any other. */
function fromEnvironment(name: string): Promise<string> | undefined {
  const dir = process.env[name];
  if (dir === undefined || dir === "") return undefined;
  if (!existsSync(join(dir, "index.html"))) {
    return Promise.reject(new Error(`${name}=${dir} is not a built site (no index.html)`));
  }
  return Promise.resolve(dir);
}

function servedFromEnvironment(): Promise<ServedSample> | undefined {
  const dir = fromEnvironment(SHARED_BUILD_ENV.servedDir);
  if (!dir) return undefined;
  const origin = process.env[SHARED_BUILD_ENV.servedOrigin] ?? "";
  const port = Number(LOOPBACK_ORIGIN.exec(origin)?.[1] ?? Number.NaN);
  if (!(port > 0 && port < 65_536)) {
    return Promise.reject(
      new Error(`${SHARED_BUILD_ENV.servedOrigin}=${origin} is not http://127.0.0.1:{port} (1-65535)`),
    );
  }
  return dir.then((found) => ({ dir: found, origin, port }));
}

/** Builds once for this process and removes the folder when the process exits. */
async function buildForThisProcess<T>(build: () => Promise<T>, dirOf: (built: T) => string): Promise<T> {
  const built = await build();
  process.once("exit", () => removeDir(dirOf(built)));
  return built;
}
