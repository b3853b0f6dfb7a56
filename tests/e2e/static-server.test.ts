import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeTempDir, removeDir } from "./support/build-site.ts";
import { startStaticServer, type StaticServer } from "./support/static-server.ts";

// The browser tests' server must answer like the production host, or they test another site.
let dir: string;
let root: StaticServer;
let based: StaticServer;
let probing: StaticServer;
let zipping: StaticServer;

test.before(async () => {
  dir = makeTempDir("static");
  mkdirSync(join(dir, "projects/tidewatch"), { recursive: true });
  mkdirSync(join(dir, "api/v1"), { recursive: true });
  writeFileSync(join(dir, "index.html"), "<h1>Home</h1>");
  writeFileSync(join(dir, "404.html"), "<h1>Not found</h1>");
  writeFileSync(join(dir, "projects/tidewatch/index.html"), "<h1>tidewatch</h1>");
  writeFileSync(join(dir, "api/v1/search.json"), "{}");
  [root, based, probing] = await Promise.all([
    startStaticServer(dir),
    startStaticServer(dir, { basePath: "/portfolio" }),
    startStaticServer(dir, { extraFiles: { "/probe.html": "<h1>probe</h1>" } }),
  ]);
  zipping = await startStaticServer(dir, { gzip: true });
});

test.after(async () => {
  await Promise.all([root?.stop(), based?.stop(), probing?.stop(), zipping?.stop()]);
  removeDir(dir);
});

const get = (on: StaticServer, path: string) => fetch(on.origin + path, { redirect: "manual" });

test("should serve files with the host's types and index.html for a folder", async () => {
  const json = await get(root, "/api/v1/search.json");
  assert.is(json.status, 200);
  assert.is(json.headers.get("content-type"), "application/json");
  assert.is(json.headers.get("access-control-allow-origin"), "*");
  const page = await get(root, "/projects/tidewatch/");
  assert.is(page.status, 200);
  assert.is(page.headers.get("content-type"), "text/html; charset=utf-8");
  assert.is(await page.text(), "<h1>tidewatch</h1>");
});

test("should redirect a folder named without its slash", async () => {
  const response = await get(root, "/projects/tidewatch");
  assert.is(response.status, 301);
  assert.is(response.headers.get("location"), "/projects/tidewatch/");
});

test("should answer unknown paths, folders without an index and escapes from the folder with 404.html", async () => {
  for (const path of ["/nope", "/api/v1/", "/projects/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%E0%A4%A"]) {
    const response = await get(root, path);
    assert.is(response.status, 404, path);
    assert.is(await response.text(), "<h1>Not found</h1>", path);
  }
});

test("should serve under a base path and nothing outside it", async () => {
  assert.is((await get(based, "/portfolio/projects/tidewatch/")).status, 200);
  assert.is((await get(based, "/portfolio/")).status, 200);
  assert.is((await get(based, "/projects/tidewatch/")).status, 404);
  assert.is((await get(based, "/portfolio-other/")).status, 404);
});

test("should serve a test's extra file from memory, with the host's headers, and write nothing", async () => {
  const probe = await get(probing, "/probe.html");
  assert.is(probe.status, 200);
  assert.is(probe.headers.get("content-type"), "text/html; charset=utf-8");
  assert.ok(probe.headers.get("content-security-policy"));
  assert.is(await probe.text(), "<h1>probe</h1>");
  assert.not.ok(existsSync(join(dir, "probe.html")));
  // The folder's own files are still served, and other servers do not see the probe.
  assert.is((await get(probing, "/projects/tidewatch/")).status, 200);
  assert.is((await get(root, "/probe.html")).status, 404);
});

test("should compress text with gzip only when asked to, as the hosts do for npm run audit", async () => {
  // Node's fetch asks for gzip and decompresses: the header says what came over the wire.
  const zipped = await get(zipping, "/index.html");
  assert.is(zipped.headers.get("content-encoding"), "gzip");
  assert.is(await zipped.text(), "<h1>Home</h1>");
  const plain = await get(root, "/index.html");
  assert.is(plain.headers.get("content-encoding"), null);
});

test.run();
