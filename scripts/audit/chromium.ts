import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * Headless Chromium with a debugging port for Lighthouse. Started here rather than through
 * chrome-launcher, which Lighthouse uses but this project does not depend on: the flags are
 * few and stated once. Without the networking flags Chromium keeps calling Google's hosts,
 * which a closed network refuses and which would add noise to the measurements.
 */

/** Debian's Chromium, as the browser tests use; CHROME_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-extensions",
  "--disable-default-apps",
  "--no-first-run",
  "--no-default-browser-check",
  "--mute-audio",
];

/** A running Chromium: the port Lighthouse connects to, and how to stop it. */
export interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/** Starts Chromium with a fresh profile in a temporary folder; rejects after `timeoutMs`. */
export async function startChromium(timeoutMs = 30_000): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), "audit-chromium-"));
  const child = spawn(
    CHROMIUM_PATH,
    [...FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const stop = async () => {
    await stopChild(child);
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    return { port: await debuggingPort(child, timeoutMs), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Chromium prints `DevTools listening on ws://127.0.0.1:{port}/…` once the port is open. */
function debuggingPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${CHROMIUM_PATH} (${error.message}); set CHROME_PATH`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code} before listening:\n${output}`));
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      output += chunk;
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (found) {
        clearTimeout(timer);
        resolvePort(Number(found[1]));
      }
    });
  });
}

/** Ends this one process (by its own handle, never by name) and waits for it to go. */
function stopChild(child: ChildProcess): Promise<void> {
  // No pid: the process never started (a wrong CHROME_PATH).
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((exited) => {
    child.once("exit", () => exited());
    child.kill("SIGTERM");
  });
}
