import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mirror, type MirrorOptions } from "../../../scripts/mirror-api.mjs";
import { listFiles, makeTempDir, removeDir, repoRoot, stackTraceLines } from "../support/build-site.ts";

/*
 * scripts/mirror-api.mjs against a hostile server: every fault is a real HTTP server on
 * 127.0.0.1. Each run must end (a run still going after 15 s fails the test instead of hanging
 * the suite) with one clear message, write nothing but whole, verified files inside its folder,
 * and leave the last complete mirror as it was.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Fake {
  origin: string;
  /** Every path asked for, in order. */
  requests: string[];
  /** Serves `handler` at `path` from now on. */
  route(path: string, handler: Handler): void;
  stop(): Promise<void>;
}

const servers: Fake[] = [];
const folders: string[] = [];

async function startFake(): Promise<Fake> {
  const routes = new Map<string, Handler>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const handler = routes.get(req.url ?? "");
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const fake: Fake = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    route: (path, handler) => routes.set(path, handler),
    stop: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
  servers.push(fake);
  return fake;
}

const serveText =
  (body: string | Buffer): Handler =>
  (_req, res) =>
    res.writeHead(200, { "Content-Type": "application/json" }).end(body);

const sha256 = (bytes: string | Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Serves a manifest listing `files` (path → body) at /manifest.json, and each body at its path. */
function serveSite(
  fake: Fake,
  files: Record<string, string>,
  change: (entries: Record<string, unknown>[]) => void = () => {},
) {
  const entries: Record<string, unknown>[] = Object.entries(files).map(([path, body]) => ({
    path,
    url: `${fake.origin}${path}`,
    bytes: Buffer.byteLength(body),
    sha256: sha256(body),
    contentSha256: sha256(`content of ${body}`),
  }));
  change(entries);
  for (const [path, body] of Object.entries(files)) fake.route(path, serveText(body));
  fake.route("/manifest.json", serveText(JSON.stringify({ data: { files: entries } })));
}

function newFolder(): string {
  const folder = makeTempDir("mirror");
  folders.push(folder);
  return folder;
}

const FAST: MirrorOptions = { connectTimeoutMs: 2_000, readTimeoutMs: 300 };

/** The run's refusal message; fails when it succeeded, or when it has not ended after 15 s. */
async function refusal(fake: Fake, folder: string, options: MirrorOptions = FAST): Promise<string> {
  const outcome = await within(
    mirror(`${fake.origin}/manifest.json`, folder, options).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    ),
  );
  if (outcome === undefined) assert.unreachable("the mirror accepted it");
  return outcome ?? "";
}

/** `promise`, or a failure when it has not settled within 15 s: a hang fails the test, never the suite. */
async function within<T>(promise: Promise<T>, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

test.after(async () => {
  await Promise.all(servers.map((fake) => fake.stop()));
  for (const folder of folders) removeDir(folder);
});

test("should stop reading an endless body as soon as it passes the manifest's size, writing nothing", async () => {
  const fake = await startFake();
  let hungUp: () => void = () => {};
  const closed = new Promise<void>((resolveClosed) => (hungUp = resolveClosed));
  serveSite(fake, { "/api/v1/small.json": '{"data":12}\n' });
  // Twelve bytes in the manifest; the server never stops (paced: a client that reads it all grows
  // by megabytes, not gigabytes, before the test gives up on it).
  fake.route("/api/v1/small.json", (req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    const timer = setInterval(() => res.write(Buffer.alloc(16_384, "x")), 10);
    req.socket.once("close", () => {
      clearInterval(timer);
      hungUp();
    });
  });
  const folder = newFolder();

  const message = await refusal(fake, folder);

  assert.match(message, `"${fake.origin}/api/v1/small.json" sent more than the 12 bytes the manifest gives`);
  await within(closed);
  assert.equal(readdirSync(folder), []);
});

test("should refuse a body whose Content-Length passes the manifest's size without reading it", async () => {
  const fake = await startFake();
  serveSite(fake, { "/big.json": "{}\n" });
  fake.route("/big.json", (_req, res) => {
    res.writeHead(200, { "Content-Length": String(2 ** 40) });
    res.write("{");
  });
  const folder = newFolder();

  const message = await refusal(fake, folder);

  assert.match(
    message,
    `"${fake.origin}/big.json" announces ${2 ** 40} bytes, more than the 3 bytes the manifest gives`,
  );
  assert.equal(listFiles(folder), []);
});

test("should refuse a manifest larger than 16 MiB", async () => {
  const fake = await startFake();
  fake.route("/manifest.json", (req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    const chunk = Buffer.alloc(1 << 20, " ");
    let sent = 0;
    const more = () => {
      while (sent < 64 && res.write(chunk)) sent += 1;
    };
    res.on("drain", more);
    req.socket.once("close", () => res.off("drain", more));
    more();
  });
  const folder = newFolder();

  const message = await refusal(fake, folder);

  assert.match(message, `"${fake.origin}/manifest.json" sent more than the 16777216 bytes a manifest may have`);
  assert.equal(listFiles(folder), []);
});

test("should give up on a server that accepts and never answers, or stops half-way, after the read timeout", async () => {
  const silent = await startFake();
  silent.route("/manifest.json", () => {});
  const stalling = await startFake();
  serveSite(stalling, { "/api/v1/a.json": '{"a":1}\n' });
  stalling.route("/api/v1/a.json", (_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.write('{"a"');
  });

  const [never, halfWay] = [await refusal(silent, newFolder()), await refusal(stalling, newFolder())];

  assert.match(never, `"${silent.origin}/manifest.json": nothing received for 300 ms`);
  assert.match(halfWay, `"${stalling.origin}/api/v1/a.json": nothing received for 300 ms`);
  for (const folder of folders.slice(-2)) assert.equal(listFiles(folder), []);
});

test("should refuse entries that would be a file and its folder, or one file, before fetching any", async () => {
  const cases: [string[], string][] = [
    [["/x", "/x/y"], '"/x" would be a file and the folder of "/x/y"'],
    [["/x/y/z.json", "/x/y"], '"/x/y" would be a file and the folder of "/x/y/z.json"'],
    [["/a.json", "/b.json", "/a.json"], '"/a.json" and "/a.json" would be the same file'],
    [["/api/A.json", "/api/a.json"], '"/api/A.json" and "/api/a.json" would be the same file'],
    // Files are named by the decoded path, as a host looks them up.
    [["/C%2B%2B.json", "/C++.json"], '"/C%2B%2B.json" and "/C++.json" would be the same file'],
    [["/a%20b", "/a b/c.json"], '"/a%20b" would be a file and the folder of "/a b/c.json"'],
  ];
  for (const [paths, expected] of cases) {
    const fake = await startFake();
    serveSite(fake, Object.fromEntries(paths.map((path) => [path, "{}\n"])), (entries) => {
      // A duplicate path: the map above kept one, the manifest lists both.
      if (paths.length > entries.length) entries.push({ ...entries[0] });
    });
    const folder = newFolder();

    const message = await refusal(fake, folder);

    assert.match(message, `refusing the manifest: ${expected}`, paths.join(" "));
    assert.equal(fake.requests, ["/manifest.json"], paths.join(" "));
    assert.equal(listFiles(folder), [], paths.join(" "));
  }
});

test("should refuse a path that leaves the folder once decoded, before fetching any", async () => {
  const paths = [
    "/api/%2e%2e/%2E%2E/escape.json",
    "/api/..%2F..%2Fescape.json",
    "/api/%5C..%5Cescape.json",
    "/api/%00.json",
    "/%2Emirror-state.json",
    "/api/%ff.json",
  ];
  for (const path of paths) {
    const fake = await startFake();
    serveSite(fake, { "/ok.json": "{}\n", [path]: "{}\n" });
    const folder = newFolder();

    const message = await refusal(fake, folder);

    assert.match(message, `refusing the manifest: the path "${path}" does not name a file inside the folder`, path);
    assert.equal(fake.requests, ["/manifest.json"], path);
    assert.equal(listFiles(folder), [], path);
  }
});

test("should not follow a redirect to another origin, from an entry or from the manifest", async () => {
  const fake = await startFake();
  const elsewhere = await startFake();
  elsewhere.route("/stolen.json", serveText("{}\n"));
  serveSite(fake, { "/api/v1/a.json": "{}\n" });
  fake.route("/api/v1/a.json", (_req, res) =>
    res.writeHead(302, { Location: `${elsewhere.origin}/stolen.json` }).end(),
  );
  const moved = await startFake();
  moved.route("/manifest.json", (_req, res) =>
    res.writeHead(301, { Location: `${elsewhere.origin}/manifest.json` }).end(),
  );

  const fromEntry = await refusal(fake, newFolder());
  const fromManifest = await refusal(moved, newFolder());

  assert.match(
    fromEntry,
    `"${fake.origin}/api/v1/a.json" redirects to "${elsewhere.origin}/stolen.json", another origin than ${fake.origin}: not followed`,
  );
  assert.match(fromManifest, `"${moved.origin}/manifest.json" redirects to "${elsewhere.origin}/manifest.json"`);
  assert.equal(elsewhere.requests, []);
});

test("should show a control character in a server's redirect escaped, never send it to the terminal", async () => {
  const fake = await startFake();
  // U+009B is the one-byte CSI: "\u009b2J" would clear the screen.
  fake.route("/manifest.json", (_req, res) => res.writeHead(302, { Location: "http://[\u009b2J" }).end());

  const message = await refusal(fake, newFolder());

  assert.is(message, `"${fake.origin}/manifest.json" redirects to "http://[\\u009b2J", which is not a URL`);
});

test("should follow a few redirects on the same origin, but not a loop", async () => {
  const fake = await startFake();
  serveSite(fake, { "/api/v1/a.json": '{"a":1}\n', "/api/v1/loop.json": "{}\n" });
  fake.route("/api/v1/a.json", (_req, res) => res.writeHead(301, { Location: "/v2/a.json" }).end());
  fake.route("/v2/a.json", (_req, res) => res.writeHead(307, { Location: `${fake.origin}/v3/a.json` }).end());
  fake.route("/v3/a.json", serveText('{"a":1}\n'));
  const onlyA = await startFake();
  serveSite(onlyA, { "/api/v1/a.json": '{"a":1}\n' });
  onlyA.route("/api/v1/a.json", (_req, res) => res.writeHead(302, { Location: "/v2/a.json" }).end());
  onlyA.route("/v2/a.json", serveText('{"a":1}\n'));
  fake.route("/api/v1/loop.json", (_req, res) => res.writeHead(302, { Location: "/api/v1/loop.json" }).end());
  const folder = newFolder();

  const result = await within(mirror(`${onlyA.origin}/manifest.json`, folder, FAST));
  const loop = await refusal(fake, newFolder());

  assert.equal(result.fetched, ["/api/v1/a.json"]);
  assert.is(readFileSync(join(folder, "api/v1/a.json"), "utf8"), '{"a":1}\n');
  assert.match(loop, `"${fake.origin}/api/v1/loop.json": more than 5 redirects`);
});

test("should leave the last complete mirror exactly as it was when a later run fails half-way", async () => {
  const fake = await startFake();
  const folder = newFolder();
  const first = { "/a.json": '{"v":1}\n', "/b.json": '{"v":1}\n', "/c.json": '{"v":1}\n' };
  serveSite(fake, first);
  await within(mirror(`${fake.origin}/manifest.json`, folder, FAST));
  const stateBefore = readFileSync(join(folder, ".mirror-state.json"), "utf8");
  // The next manifest changes a and b; b's server sends other bytes than the manifest's digest.
  serveSite(fake, { ...first, "/a.json": '{"v":2}\n', "/b.json": '{"v":2}\n' });
  fake.route("/b.json", serveText('{"v":3}\n'));

  const message = await refusal(fake, folder);

  assert.match(message, `${fake.origin}/b.json does not match the manifest`);
  assert.equal(
    Object.fromEntries(["a.json", "b.json", "c.json"].map((file) => [file, readFileSync(join(folder, file), "utf8")])),
    { "a.json": '{"v":1}\n', "b.json": '{"v":1}\n', "c.json": '{"v":1}\n' },
  );
  assert.is(readFileSync(join(folder, ".mirror-state.json"), "utf8"), stateBefore);
  assert.match(stateBefore, '"complete": true');
  assert.equal(readdirSync(folder).sort(), [".mirror-state.json", "a.json", "b.json", "c.json"]);
});

test("should write nothing through a symbolic link in its folder", async () => {
  const fake = await startFake();
  serveSite(fake, { "/api/v1/a.json": "{}\n" });
  const folder = newFolder();
  const outside = newFolder();
  symlinkSync(outside, join(folder, "api"));

  const message = await refusal(fake, folder);

  assert.match(message, `cannot write "/api/v1/a.json": "api" is a symbolic link, not a folder`);
  assert.equal(listFiles(outside), []);
  assert.not.ok(existsSync(join(outside, "v1")));
});

test("should turn a file into a folder of the same name, and back, between runs", async () => {
  const fake = await startFake();
  const folder = newFolder();
  const run = () => within(mirror(`${fake.origin}/manifest.json`, folder, FAST));

  serveSite(fake, { "/x": "file\n" });
  await run();
  serveSite(fake, { "/x/y": "inside\n" });
  const second = await run();
  const afterSecond = listFiles(folder);
  serveSite(fake, { "/x": "file again\n" });
  const third = await run();

  assert.equal(second.removed, ["/x"]);
  assert.equal(afterSecond, [".mirror-state.json", "x/y"]);
  assert.equal(third.removed, ["/x/y"]);
  assert.is(readFileSync(join(folder, "x"), "utf8"), "file again\n");
});

/** Runs the script as a user does; resolves with its exit status and everything it printed. */
async function runScript(...args: string[]): Promise<{ status: number | null; printed: string }> {
  // The runner's colour settings would make Node print a warning of its own.
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  const child = spawn(process.execPath, [join(repoRoot, "scripts/mirror-api.mjs"), ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (printed += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (printed += chunk));
  const status = await within(new Promise<number | null>((exited) => child.on("close", exited))).finally(() =>
    child.kill("SIGKILL"),
  );
  return { status, printed };
}

test("should exit 1 with one line and no stack trace when the run is refused", async () => {
  const fake = await startFake();
  serveSite(fake, { "/x": "{}\n", "/x/y": "{}\n" });
  const folder = newFolder();
  mkdirSync(join(folder, "kept"));
  writeFileSync(join(folder, "kept/own.txt"), "the owner's own file\n");

  const { status, printed } = await runScript(`${fake.origin}/manifest.json`, folder);

  assert.is(status, 1, printed);
  assert.equal(printed.trimEnd().split("\n"), [
    `mirror: refusing the manifest: "/x" would be a file and the folder of "/x/y"`,
  ]);
  assert.equal(stackTraceLines(printed), []);
  assert.equal(listFiles(folder), ["kept/own.txt"]);
  assert.equal(readdirSync(folder), ["kept"]);
});

test("should exit 1 with one line and no stack trace when the file system says no", async () => {
  const fake = await startFake();
  serveSite(fake, { "/a.json": "{}\n" });
  const notAFolder = join(newFolder(), "a-file");
  writeFileSync(notAFolder, "");

  const { status, printed } = await runScript(`${fake.origin}/manifest.json`, notAFolder);

  assert.is(status, 1, printed);
  assert.equal(printed.trimEnd().split("\n"), [`mirror: EEXIST: file already exists, mkdir '${notAFolder}'`]);
  assert.equal(stackTraceLines(printed), []);
});

test.run();
