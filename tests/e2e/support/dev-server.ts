import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { makeTempDir, removeDir, repoRoot } from "./build-site.ts";

/** What one dev server is started with. Every variable left out is also removed from the inherited environment. */
export interface DevServerOptions {
  /** Its slot of this checkout's steady ports (`PORT_SLOTS`): the same port every run while it is free. */
  slot: number;
  /** `SITE_URL`; default: unset, so `site.yaml`'s `url` applies. */
  siteUrl?: string;
  /** `CONTENT_DIR`; default: unset (`content/`). */
  contentDir?: string;
  /** Further environment variables (e.g. FOLIO_DEV_HOST). */
  env?: Record<string, string>;
  /** Called with what it prints as it prints it, before it serves too. */
  onOutput?: (text: string) => void;
}

/** A running `eleventy --serve` on 127.0.0.1, building into its own temp folder. */
export interface DevServer {
  origin: string;
  /** The port it listens on. */
  port: number;
  outDir: string;
  /** Everything it has printed so far, stdout and stderr. */
  output(): string;
  /** Stops the whole process group and removes the output folder; safe to call twice. */
  stop(): Promise<void>;
}

const startScript = join(repoRoot, "scripts/start.mjs");
/** How often `waitFor` checks, in ms: a wait ends on average half of it after what it waits for. */
const POLL_MS = 50;
const running = new Set<ChildProcess>();

// A test that dies half-way must not leave servers behind.
process.on("exit", () => {
  for (const child of running) killGroup(child, "SIGKILL");
});

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * The slots of this checkout's steady ports (`steadyPort()`), one for each server that a test
 * starts, so that two servers of one run never want the same port.
 */
export const PORT_SLOTS = {
  servedSample: 0,
  preview: 1,
  basePathPreview: 2,
  brokenPreview: 3,
  hostPreview: 4,
} as const;

/**
 * The port of this checkout's `slot` (0-9): the same on every run while nothing listens on it,
 * another free one otherwise. Every social image shows the site's origin, which has the port
 * when it is a loopback one (the served build, `npm start`'s preview), so a new port each run
 * drew them all again (3.6 s of CPU for the sample's build, 1.3 s with them from the build cache)
 * and left their entries in the cache for an origin never built again. Below the kernel's
 * ephemeral ports (32768 and up on Linux), so no outgoing connection holds it; ten a checkout,
 * from its path, so two checkouts on one machine seldom want the same ones.
 */
export async function steadyPort(slot: number): Promise<number> {
  const base = 20_000 + (createHash("sha256").update(repoRoot).digest().readUInt32BE(0) % 1_000) * 10;
  const port = base + slot;
  const free = await new Promise<boolean>((answer) => {
    const probe = createServer();
    probe.once("error", () => answer(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => answer(true)));
  });
  return free ? port : freePort();
}

/**
 * Starts the dev server the way `npm start` does (on its slot's steady port, into a temp folder)
 * and resolves once `readyPath` answers 200, i.e. the first build is served.
 */
export async function startDevServer(readyPath: string, options: DevServerOptions): Promise<DevServer> {
  const port = await steadyPort(options.slot);
  const outDir = makeTempDir("serve");
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const name of ["SITE_URL", "SOURCE_DATE_EPOCH", "CONTENT_DIR", "FORCE_COLOR"]) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith("GITHUB_")) delete env[name];
  if (options.siteUrl !== undefined) env.SITE_URL = options.siteUrl;
  if (options.contentDir !== undefined) env.CONTENT_DIR = options.contentDir;
  Object.assign(env, options.env ?? {});

  // Its own process group, so stopping it stops everything it started.
  const child = spawn(process.execPath, [startScript, `--port=${port}`, `--output=${outDir}`], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let printed = "";
  const print = (chunk: string) => {
    printed += chunk;
    options.onOutput?.(chunk);
  };
  child.stdout?.setEncoding("utf8").on("data", print);
  child.stderr?.setEncoding("utf8").on("data", print);
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));

  const server: DevServer = {
    origin: `http://127.0.0.1:${port}`,
    port,
    outDir,
    output: () => printed,
    stop: async () => {
      if (running.delete(child)) {
        killGroup(child, "SIGTERM");
        const timer = setTimeout(() => killGroup(child, "SIGKILL"), 3_000);
        await exited;
        clearTimeout(timer);
      }
      removeDir(outDir);
    },
  };
  try {
    await waitFor(
      `the dev server to serve ${readyPath}`,
      async () => (await fetch(server.origin + readyPath)).status === 200,
      30_000,
      () => printed,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** The local addresses (as the kernel writes them in /proc/net/tcp*) of sockets listening on `port`. */
export function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    readFileSync(table, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Field 1 is local address:port, field 3 the state; 0A is LISTEN.
      .filter((fields) => fields[3] === "0A" && fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => (fields[1] ?? "").split(":")[0] ?? ""),
  );
}

/**
 * Polls `check` every POLL_MS until it holds; fails with what the server printed when it never
 * does. A check is a file test or a loopback request, so polling often costs little, while each
 * wait's last interval is time the test only sleeps.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 15_000,
  output: () => string = () => "",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // Not up yet (connection refused) or mid-rebuild: try again.
    }
    await new Promise((resolveSleep) => setTimeout(resolveSleep, POLL_MS));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. Output:\n${output()}`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
