import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { malformedPath, refuseMalformedPaths } from "../../../src/eleventy/dev-server.ts";

// The dev server's first middleware: which request paths it refuses, and that it answers every
// request it lets through even when what comes after it throws. The end-to-end proof against
// `npm start` itself is in tests/e2e/dev-server.test.ts.

test("should let through the paths a browser sends, percent-encoded ones and queries included", () => {
  for (const path of [
    "/",
    "/api/v1/projects.json",
    "/blog/tags/open-source/",
    "/api/v1/projects%2Ejson",
    "/C%2B%2B%20not%C3%A9s.txt",
    "/api//v1/projects.json",
    "/a..b/c.",
    "/api/v1/projects.json?q=%ff%2e%2e%2f",
    "/search?q=a/../b",
  ])
    assert.is(malformedPath(path), undefined, path);
});

test("should name what is wrong with a malformed path", () => {
  const cases: Record<string, string> = {
    "": "it does not start with a single /",
    "*": "it does not start with a single /",
    "http://127.0.0.1/x": "it does not start with a single /",
    "//etc/passwd": "it does not start with a single /",
    "/\u00ff": "it has a character that is not printable ASCII",
    "/a b": "it has a character that is not printable ASCII",
    "/x\u0000": "it has a character that is not printable ASCII",
    "/..\\..\\package.json": "it has a backslash",
    "/%": "it has a % that is not followed by two hex digits",
    "/%zz": "it has a % that is not followed by two hex digits",
    "/x.json%4": "it has a % that is not followed by two hex digits",
    "/%ff%fe": "it is not UTF-8 once decoded",
    "/%c0%ae%c0%ae/x": "it is not UTF-8 once decoded",
    "/%e0%80%ae": "it is not UTF-8 once decoded",
    "/%ed%a0%80": "it is not UTF-8 once decoded",
    "/%e2%82": "it is not UTF-8 once decoded",
    "/../package.json": "it has a . or .. segment",
    "/./x": "it has a . or .. segment",
    "/%2e%2e/package.json": "it has a . or .. segment",
    "/x/%2E": "it has a . or .. segment",
    "/..%2fpackage.json": "it has an encoded slash or backslash",
    "/a%5cb": "it has an encoded slash or backslash",
    "/index.html%00.txt": "it has a control character",
    "/x%0d%0aSet-Cookie:%20a=b": "it has a control character",
    "/x%09": "it has a control character",
    "/x%7f": "it has a control character",
    "/x%c2%9b": "it has a control character",
  };
  for (const [path, reason] of Object.entries(cases)) assert.is(malformedPath(path), reason, JSON.stringify(path));
});

/** A server on 127.0.0.1 whose only middleware is refuseMalformedPaths, followed by `after`. */
async function serving(after: () => void): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => refuseMalformedPaths(req, res, after));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test("should answer a malformed path with 400 and its reason, never calling what comes next", async () => {
  let called = false;
  const { origin, server } = await serving(() => (called = true));
  try {
    const response = await fetch(`${origin}/%ff%fe`, { signal: AbortSignal.timeout(5_000) });

    assert.is(response.status, 400);
    assert.is(response.headers.get("access-control-allow-origin"), "*");
    assert.is(await response.text(), "Bad request: the path is malformed (it is not UTF-8 once decoded).\n");
    assert.not.ok(called);
  } finally {
    server.close();
  }
});

test("should pass a request on without its Range header, so every file is served whole", async () => {
  let range: string | undefined = "not called";
  const server = createServer((req, res) =>
    refuseMalformedPaths(req, res, () => {
      range = req.headers.range;
      res.end();
    }),
  );
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await fetch(`${origin}/api/v1/now.json`, { headers: { Range: "bytes=0-9" } });
    await response.text();
    assert.is(range, undefined);
  } finally {
    server.close();
  }
});

/** The status `origin` answers to GET / with these headers (node:http: fetch sets Host itself). */
function statusWith(origin: string, headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((answered, failed) => {
    const sent = request(`${origin}/`, { headers, timeout: 5_000 }, (response) => {
      response.resume();
      answered(response.statusCode);
    });
    sent.on("error", failed).end();
  });
}

test("should refuse a page of another site: by its Origin (CORS) or by a Host of its own (DNS rebinding)", async () => {
  // The preview shows drafts and answers CORS as the host does: any page the owner opened could read it.
  const { origin, server } = await serving(() => {
    throw new Error("let through");
  });
  const error = console.error;
  console.error = () => {};
  try {
    const port = new URL(origin).port;
    const statuses = [
      await statusWith(origin, { Origin: "https://evil.example" }),
      await statusWith(origin, { Origin: "null" }),
      await statusWith(origin, { Host: `evil.example:${port}` }),
      await statusWith(origin, { Host: `127.0.0.1.evil.example:${port}` }),
      // What a preview and a client of it on loopback send: let through (500 from what comes next).
      await statusWith(origin, {}),
      await statusWith(origin, { Host: `localhost:${port}`, Origin: "http://localhost:5173" }),
      await statusWith(origin, { Host: `[::1]:${port}`, Origin: `http://127.0.0.1:${port}` }),
    ];

    assert.equal(statuses, [403, 403, 403, 403, 500, 500, 500]);
  } finally {
    console.error = error;
    server.close();
  }
});

test("should answer 500 with one escaped line, no stack, when what comes next throws", async () => {
  const { origin, server } = await serving(() => {
    throw new Error("boom\u001b[2J");
  });
  const printed: unknown[][] = [];
  const { error } = console;
  console.error = (...args: unknown[]) => printed.push(args);
  try {
    const response = await fetch(`${origin}/x`, { signal: AbortSignal.timeout(5_000) });

    assert.is(response.status, 500);
    assert.is(await response.text(), "Internal error: see the dev server's output.\n");
    assert.equal(printed, [['[dev server] "/x": boom\\u001b[2J']]);
  } finally {
    console.error = error;
    server.close();
  }
});

test.run();
