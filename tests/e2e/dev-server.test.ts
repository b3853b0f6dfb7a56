import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { isDeepStrictEqual } from "node:util";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { render as renderNotFound } from "../../site-templates/not-found.11ty.ts";
import { siteConfig } from "../unit/support/model.ts";
import {
  buildSite,
  copyContent,
  listFiles,
  makeTempDir,
  readText,
  removeDir,
  stackTraceLines,
} from "./support/build-site.ts";
import { listeningAddresses, PORT_SLOTS, startDevServer, waitFor, type DevServer } from "./support/dev-server.ts";
import { keepOnlyProjects } from "./support/small-images.ts";

// `npm start` must answer like the production host: headers, content types, 404s, rebuilds.
let server: DevServer;
let basePathServer: DevServer;
let contentDir: string;
/** The base-path server's own copy, which it serves on the real clock (no SOURCE_DATE_EPOCH). */
let baseContentDir: string;
// One clock for the server and for the build its output is compared with (scheduled posts, dates).
const epoch = String(Math.floor(Date.now() / 1000));
// The server's temporary folder, where the marker of deletions lives while it runs.
let serverTmp: string;

/** The projects the preview keeps: the edit tests' two and one more. */
const PROJECTS = ["benchdiff", "gitgraft", "kestrel-os"];

test.before(async () => {
  // Three of the sample's projects: every rebuild pages every project.
  contentDir = copyContent();
  keepOnlyProjects(contentDir, PROJECTS);
  baseContentDir = copyContent();
  keepOnlyProjects(baseContentDir, PROJECTS);
  serverTmp = makeTempDir("tmp");
  [server, basePathServer] = await Promise.all([
    startDevServer("/api/v1/projects.json", {
      slot: PORT_SLOTS.preview,
      contentDir,
      env: { SOURCE_DATE_EPOCH: epoch, TMPDIR: serverTmp },
    }),
    startDevServer("/portfolio/api/v1/projects.json", {
      slot: PORT_SLOTS.basePathPreview,
      siteUrl: "https://owner.github.io/portfolio",
      contentDir: baseContentDir,
    }),
  ]);
});

test.after(async () => {
  await Promise.all([server?.stop(), basePathServer?.stop()]);
  removeDir(contentDir);
  removeDir(baseContentDir);
  removeDir(serverTmp);
});

const get = (path: string, on: DevServer = server) => fetch(on.origin + path);

function assertHostHeaders(response: Response, path: string): void {
  assert.is(response.headers.get("access-control-allow-origin"), "*", `CORS on ${path}`);
  assert.is(response.headers.get("cache-control"), "max-age=600", `cache on ${path}`);
}

test("should serve JSON as application/json with the host's CORS and cache headers", async () => {
  const response = await get("/api/v1/projects.json");
  assert.is(response.status, 200);
  assert.is(response.headers.get("content-type"), "application/json");
  assertHostHeaders(response, "/api/v1/projects.json");
  assert.is(((await response.json()) as { meta: { count: number } }).meta.count, PROJECTS.length);
});

test("should serve the key, the cards and the feed with the host's content types", async () => {
  const expected: Record<string, string> = {
    "/pgp.asc": "application/pgp-keys",
    "/api/v1/card.txt": "text/plain; charset=utf-8",
    "/api/v1/card.ansi": "application/octet-stream",
    "/api/openapi.json": "application/json",
  };
  // The blog's RSS feed, once the build has a blog.
  if (existsSync(join(server.outDir, "blog/index.xml")))
    expected["/blog/index.xml"] = "application/rss+xml; charset=utf-8";
  for (const [path, type] of Object.entries(expected)) {
    const response = await get(path);
    assert.is(response.status, 200, path);
    assert.is(response.headers.get("content-type"), type, path);
    assertHostHeaders(response, path);
  }
});

test("should answer an unknown project, an unknown path and a folder with the HTML 404 page", async () => {
  // Folders without a page (/api/v1/ has its landing page).
  for (const path of [
    "/api/v1/projects/does-not-exist.json",
    "/no/such/page",
    "/api/v1/badges/",
    "/api/v1/projects/",
  ]) {
    const response = await get(path);
    const body = await response.text();
    assert.is(response.status, 404, path);
    assert.is(response.headers.get("content-type"), "text/html; charset=utf-8", path);
    assertHostHeaders(response, path);
    assert.match(body, "<h1>Not found</h1>", path);
  }
});

test("should listen on 127.0.0.1 only by default", () => {
  // Read from the kernel's socket table (FOLIO_DEV_HOST, which widens it: dev-server-host.test.ts).
  const addresses = listeningAddresses(server.port);
  assert.ok(addresses.length > 0, "the server's socket is in the table");
  assert.equal([...new Set(addresses)], ["0100007F"]);
});

test("should answer a CORS preflight with 204 and the allowed method, from a client on loopback only", async () => {
  const preflight = (origin: string) =>
    fetch(`${server.origin}/api/v1/projects.json`, {
      method: "OPTIONS",
      headers: { Origin: origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-trace" },
    });
  const response = await preflight("http://localhost:5173");
  assert.is(response.status, 204);
  assert.is(response.headers.get("access-control-allow-origin"), "*");
  assert.match(response.headers.get("access-control-allow-methods") ?? "", "GET");
  assert.is(response.headers.get("access-control-allow-headers"), "*");
  // A page of another site the owner has open reads no preview (drafts included).
  assert.is((await preflight("https://client.example")).status, 403);
  const read = await fetch(`${server.origin}/api/v1/projects.json`, { headers: { Origin: "https://client.example" } });
  assert.is(read.status, 403);
});

test("should open the live-reload socket to the preview's own pages only", async () => {
  // What a WebSocket handshake from a page of `origin` gets: 101, or the connection closed.
  const handshake = (origin: string) =>
    new Promise<string>((answered) => {
      const request = httpRequest(`${server.origin}/`, {
        headers: {
          Connection: "Upgrade",
          Upgrade: "websocket",
          Origin: origin,
          "Sec-WebSocket-Version": "13",
          "Sec-WebSocket-Key": Buffer.from("0123456789abcdef").toString("base64"),
        },
      });
      request.on("upgrade", (response, socket) => {
        socket.destroy();
        answered(String(response.statusCode));
      });
      request.on("response", (response) => answered(String(response.statusCode)));
      request.on("error", (error) => answered((error as NodeJS.ErrnoException).code ?? error.message));
      request.end();
    });
  assert.is(await handshake(server.origin), "101");
  assert.is(await handshake("https://client.example"), "ECONNRESET");
});

test("should write the same rules into _headers for Netlify and Cloudflare Pages", () => {
  const headers = readText(server.outDir, "_headers");
  assert.match(headers, "/*\n  Access-Control-Allow-Origin: *\n");
  assert.match(headers, "  Cache-Control: max-age=600\n");
  assert.match(headers, "/pgp.asc\n  Content-Type: application/pgp-keys\n");
  assert.match(headers, "/api/v1/card.ansi\n  Content-Type: application/octet-stream\n");
  assert.not.match(headers, "/portfolio/");
});

test("should serve under the base path of SITE_URL and link the 404 page there", async () => {
  const key = await get("/portfolio/pgp.asc", basePathServer);
  assert.is(key.status, 200);
  assert.is(key.headers.get("content-type"), "application/pgp-keys");
  assertHostHeaders(key, "/portfolio/pgp.asc");
  for (const path of ["/portfolio/api/v1/projects/does-not-exist.json", "/api/v1/projects.json"]) {
    const missing = await get(path, basePathServer);
    assert.is(missing.status, 404, path);
    assert.match(await missing.text(), 'href="/portfolio/docs/api/"', path);
  }
  assert.match(
    readText(basePathServer.outDir, "_headers"),
    "/portfolio/pgp.asc\n  Content-Type: application/pgp-keys\n",
  );
});

test("should escape the owner's title in the 404 page and link under the base path", () => {
  const config = siteConfig({ baseUrl: "https://owner.github.io/portfolio" });
  const page = renderNotFound({ site: { ...config, site: { ...config.site, title: `Ada <script>"x"</script>` } } });
  assert.match(page, "<title>Not found · Ada &lt;script&gt;&quot;x&quot;&lt;/script&gt;</title>");
  assert.not.match(page, "<script>");
  assert.match(page, '<a href="/portfolio/api/v1/index.json">');
});

/**
 * The status code of the answer to `GET <target>`, the target sent byte for byte: `fetch` and
 * `curl` without `--path-as-is` would normalise it first. A server that never answers fails the
 * test after 5 s instead of hanging the suite.
 */
function rawStatus(on: DevServer, target: string | Buffer): Promise<string> {
  return new Promise((resolveStatus) => {
    const socket = connect(on.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolveStatus("no answer within 5 s");
    }, 5_000);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => resolveStatus(`socket error ${error.message}`));
    socket.on("close", () => {
      clearTimeout(timer);
      const statusLine = Buffer.concat(chunks).toString("latin1").split("\r\n")[0] ?? "";
      resolveStatus(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1] ?? `no status line: ${JSON.stringify(statusLine)}`);
    });
    socket.write(
      Buffer.concat([
        Buffer.from("GET "),
        Buffer.from(target),
        Buffer.from(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
      ]),
    );
  });
}

/** The status code of each target's answer (by target, quoted), all asked at once. */
async function rawStatuses(on: DevServer, targets: (string | Buffer)[]): Promise<Record<string, string>> {
  const answers = await Promise.all(targets.map((target) => rawStatus(on, target)));
  return Object.fromEntries(targets.map((target, index) => [JSON.stringify(target.toString()), answers[index] ?? ""]));
}

const expecting = (targets: (string | Buffer)[], status: string) =>
  Object.fromEntries(targets.map((target) => [JSON.stringify(target.toString()), status]));

test("should answer a malformed path with 400 at once, without a stack trace", async () => {
  const before = server.output().length;
  const malformed = [
    // The four the issue found hanging.
    "/..%2fpackage.json",
    "/%ff%fe",
    "/%c0%ae%c0%ae/x",
    "/index.html%00.txt",
    // Encoded dot segments, slashes and backslashes, raw backslashes and dot segments.
    "/%2e%2e/%2e%2e/package.json",
    "/%2E%2E%2F%2E%2E%2Fpackage.json",
    "/api/%2e%2e%5c..%5cpackage.json",
    "/..\\..\\package.json",
    "/./api/v1/projects.json",
    "/api/v1/../../package.json",
    // A host where the path belongs.
    "//etc/passwd",
    // Not UTF-8: overlong, a surrogate, a lone continuation byte, a cut sequence.
    "/%e0%80%ae%e0%80%ae/package.json",
    "/%ed%a0%80",
    "/%80",
    "/%e2%82",
    // Not percent-encoding.
    "/%",
    "/%zz",
    "/api/v1/projects.json%4",
    // Control characters: a header injection, DEL, the C1 CSI.
    "/x%0d%0aSet-Cookie:%20a=b",
    "/x%7f",
    "/x%c2%9b",
    // A raw byte that is not ASCII.
    Buffer.from([0x2f, 0xff, 0xfe]),
  ];

  const statuses = await rawStatuses(server, malformed);

  assert.equal(statuses, expecting(malformed, "400"));
  const printed = server.output().slice(before);
  assert.not.match(printed, "Unhandled rejection");
  assert.equal(stackTraceLines(printed), []);
});

test("should answer a path too long for a file name with 404 at once", async () => {
  const before = server.output().length;
  const long = [`/${"a".repeat(4_000)}`, `/${"a/".repeat(3_000)}x.json`, `/api/v1/${"%41".repeat(1_000)}.json`];

  const statuses = await rawStatuses(server, long);

  assert.equal(statuses, expecting(long, "404"));
  assert.equal(stackTraceLines(server.output().slice(before)), []);
});

test("should still serve valid paths, percent-encoded ones included, under a base path too", async () => {
  // A file name that needs escaping, written beside the build for this test only.
  const planted = join(server.outDir, "C++ notés.txt");
  writeFileSync(planted, "planted\n");
  try {
    const valid = [
      "/api/v1/projects.json",
      "/api/v1/projects%2Ejson",
      "/pgp%2easc",
      "/C%2B%2B%20not%C3%A9s.txt",
      // Only the path is checked: the query is never decoded.
      "/api/v1/projects.json?q=%ff%2e%2e%2f",
    ];
    assert.equal(await rawStatuses(server, valid), expecting(valid, "200"));
  } finally {
    rmSync(planted);
  }
  assert.equal(await rawStatuses(basePathServer, ["/portfolio/pgp%2Easc"]), expecting(["/portfolio/pgp%2Easc"], "200"));
  const outside = ["/portfolio/..%2f..%2fpackage.json", "/portfolio/%ff"];
  assert.equal(await rawStatuses(basePathServer, outside), expecting(outside, "400"));
  assert.equal(stackTraceLines(basePathServer.output()), []);
});

const status = async (path: string) => (await get(path)).status;
/** benchdiff's tagline as the served API gives it: what the edit tests change. */
const tagline = async () =>
  ((await (await get("/api/v1/projects/benchdiff.json")).json()) as { data: { tagline: string } }).data.tagline;
const listed = async (path: string, name: string) => (await (await get(path)).text()).includes(`"${name}"`);

// That no build shows a draft is blog-sample.test.ts's to check.
test("should show a draft, marked as one, and drop it once deleted", async () => {
  const draft = "/blog/posts/half-written-thoughts-on-zig/";
  const page = await (await get(draft)).text();
  assert.match(page, '<p class="draft-note"><strong>Draft.</strong>');
  assert.match(await (await get("/blog/")).text(), '<span class="draft-label">Draft</span>');

  // The later tests compare the preview with a build of the same content: without the draft.
  const before = server.output().length;
  rmSync(join(contentDir, "blog/posts/half-written-thoughts-on-zig.md"));
  await waitFor("the draft to go", async () => (await status(draft)) === 404, 15_000, server.output);
  // One build a deletion: Eleventy's watcher and ours both saw it, and each rebuilt the site.
  await sleep(1_500);
  const builds =
    server
      .output()
      .slice(before)
      .match(/Wrote \d+ file/g) ?? [];
  assert.is(builds.length, 1, server.output().slice(before));
});

test("should rebuild when a post is deleted, a project renamed and a post added", async () => {
  // Deleted: its page, its JSON and the image only it shows go; no list names it any more.
  // The deletion alone rebuilds (src/eleventy/watch-deletions.ts), and the folder keeps one build.
  const page = join(server.outDir, "blog/posts/hangboard-timer-with-a-load-cell/index.html");
  assert.ok(existsSync(page));
  rmSync(join(contentDir, "blog/posts/hangboard-timer-with-a-load-cell.md"));
  await waitFor(
    "the deleted post to answer 404",
    async () => (await status("/blog/posts/hangboard-timer-with-a-load-cell/")) === 404,
    15_000,
    server.output,
  );
  assert.not.ok(existsSync(page), "the deleted post's page is gone from the folder");
  assert.ok(existsSync(join(server.outDir, "index.html")), "the rest of the site stays");
  assert.is(await status("/blog/api/v1/posts/hangboard-timer-with-a-load-cell.json"), 404);
  assert.is(await status("/blog/images/hangboard-force-curve.png"), 404);
  assert.not.ok(
    await listed("/blog/api/v1/posts.json", "hangboard-timer-with-a-load-cell"),
    "posts.json still lists it",
  );
  assert.not.ok(
    readText(server.outDir, "blog/index.html").includes("hangboard-timer-with-a-load-cell"),
    "the blog's index still links it",
  );

  // Renamed, with the project's name (its URL) following the file's.
  const project = join(contentDir, "projects/gitgraft.md");
  writeFileSync(project, readFileSync(project, "utf8").replace(/^name: gitgraft$/m, "name: gitgraft-next"));
  renameSync(project, join(contentDir, "projects/gitgraft-next.md"));
  await waitFor(
    "the renamed project to be served",
    async () => (await status("/api/v1/projects/gitgraft-next.json")) === 200,
    15_000,
    server.output,
  );
  await waitFor(
    "the old name to answer 404",
    async () => (await status("/api/v1/projects/gitgraft.json")) === 404,
    15_000,
    server.output,
  );
  assert.is(await status("/projects/gitgraft/"), 404);
  assert.is(await status("/projects/gitgraft-next/"), 200);
  assert.ok(await listed("/api/v1/projects.json", "gitgraft-next"));
  assert.not.ok(await listed("/api/v1/projects.json", "gitgraft"), "projects.json still lists the old name");

  // Added.
  writeFileSync(
    join(contentDir, "blog/posts/written-while-serving.md"),
    "---\ntitle: Written while serving\ndescription: A post added while the dev server runs.\ndate: 2026-01-05\ntags: [embedded]\n---\nHello.\n",
  );
  await waitFor(
    "the added post to be served",
    async () => (await status("/blog/api/v1/posts/written-while-serving.json")) === 200,
    15_000,
    server.output,
  );
  assert.ok(await listed("/blog/api/v1/posts.json", "written-while-serving"));
});

test("should not take a save through a temporary file renamed over it (sed -i) for a deletion", async () => {
  const file = join(contentDir, "projects/benchdiff.md");
  const original = readFileSync(file, "utf8");
  const before = server.output().length;
  const temporary = join(contentDir, "projects/sedX1a2b3");
  writeFileSync(temporary, original.replace(/^tagline: .*$/m, "tagline: Saved through a rename"));
  // As a slow editor: the temporary file is there long enough for every watcher to see it.
  await new Promise((settle) => setTimeout(settle, 300));
  renameSync(temporary, file);
  await waitFor(
    "the save to be served",
    async () => (await tagline()) === "Saved through a rename",
    15_000,
    server.output,
  );
  // Had the temporary file's disappearance counted as a deletion, a rebuild naming the deletion
  // marker would have started within a tenth of a second of the rename.
  await new Promise((settle) => setTimeout(settle, 1_500));
  assert.not.match(server.output().slice(before), "deleted or renamed");

  writeFileSync(file, original);
  await waitFor(
    "the original to be served",
    async () => (await tagline()) !== "Saved through a rename",
    15_000,
    server.output,
  );
});

test("should rebuild when a file last saved through a temporary file renamed over it is deleted", async () => {
  // Before: Node's recursive watcher lost such a file, so its deletion rebuilt nothing and the
  // post stayed served everywhere until another save (Eleventy's own watcher saw it, unused).
  const file = join(contentDir, "blog/posts/saved-by-rename.md");
  const page = "/blog/posts/saved-by-rename/";
  const post = (line: string) =>
    `---\ntitle: Saved by rename\ndescription: A post an editor saves through a temporary file.\ndate: 2026-01-06\n---\n${line}\n`;
  writeFileSync(file, post("First."));
  await waitFor("the post to be served", async () => (await status(page)) === 200, 15_000, server.output);
  const temporary = join(contentDir, "blog/posts/sedQ9w8e7");
  writeFileSync(temporary, post("Second."));
  renameSync(temporary, file);
  await waitFor(
    "the save to be served",
    async () => (await (await get(page)).text()).includes("Second."),
    15_000,
    server.output,
  );
  const before = server.output().length;
  rmSync(file);
  await waitFor("the deleted post to answer 404", async () => (await status(page)) === 404, 15_000, server.output);
  assert.not.ok(await listed("/blog/api/v1/posts.json", "saved-by-rename"), "posts.json still lists it");
  // Said as what happened, not as a change to the marker's temporary file (before: "File changed: /tmp/folio-dev-…").
  assert.match(server.output().slice(before), "A watched file was deleted or renamed: rebuilding");
  assert.not.match(server.output().slice(before), "folio-dev-");
});

test("should name a changed file with its control characters escaped, never sent to the terminal", async () => {
  // Eleventy's "File added: …" line printed the file name as it is: an ESC in it reached the
  // terminal (`\x1b[2J` clears the screen), though the content error beside it escaped it.
  const file = join(contentDir, "blog/posts/odd\u001b[2Jname.md");
  const before = server.output().length;
  writeFileSync(file, "no front matter\n");
  await waitFor(
    "the content error",
    () => server.output().slice(before).includes("Invalid content"),
    15_000,
    server.output,
  );
  rmSync(file);
  await waitFor("the rebuild", () => /Wrote \d+ file/.test(server.output().slice(before)), 15_000, server.output);

  assert.match(server.output().slice(before), "File added: ");
  assert.match(server.output().slice(before), "odd\\u001b[2Jname.md");
  assert.not.match(server.output().slice(before), "\u001b[2J");
});

test("should refuse a post whose name holds a line feed as npm run build does, not say nothing", async () => {
  // Eleventy's watcher never reports such a name (its globs' `.` matches no line terminator):
  // before, the post was added, rebuilt nothing and said nothing, so the owner never learnt why
  // it did not appear, where npm run build refuses the name.
  const file = join(contentDir, "blog/posts/odd\nname.md");
  const before = server.output().length;
  writeFileSync(
    file,
    "---\ntitle: Odd\ndescription: A post with a line feed in its name.\ndate: 2026-01-06\n---\nHi.\n",
  );
  try {
    await waitFor(
      "the content error",
      () => server.output().slice(before).includes("Invalid content"),
      15_000,
      server.output,
    );
  } finally {
    rmSync(file); // Left there, it would fail every later rebuild.
  }
  await waitFor("the rebuild", () => /Wrote \d+ file/.test(server.output().slice(before)), 15_000, server.output);

  assert.match(
    server.output().slice(before),
    "odd\\u000aname.md: (file name): expected a file name of 1-100 lowercase",
  );
});

test("should rebuild on a content edit, and keep serving the last good build after a content error", async () => {
  const file = join(contentDir, "projects/benchdiff.md");
  const original = readFileSync(file, "utf8");

  const beforeEdit = server.output().length;
  // The tagline is served at once; the writeup (not its band of facts) is what the search indexes.
  const edited = original
    .replace(/^tagline: .*$/m, "tagline: Edited while the server runs")
    .replace("Benchmarks in CI are noisy", "Benchmarks edited while the server runs are noisy");
  writeFileSync(file, edited);
  await waitFor(
    "the edit to be served",
    async () => (await tagline()) === "Edited while the server runs",
    15_000,
    server.output,
  );
  // The search index follows, written once the checks passed (each page one gzipped fragment).
  const fragments = join(server.outDir, "pagefind", "fragment");
  const indexed = () =>
    readdirSync(fragments).map((name) => gunzipSync(readFileSync(join(fragments, name))).toString("utf8"));
  await waitFor(
    "the edit in the search index",
    () => indexed().some((text) => text.includes("Benchmarks edited while the server runs")),
    15_000,
    server.output,
  );
  // Read again once every fragment reads whole: the index may still be written as the edit shows
  // (a fragment read half-written failed this test with "unexpected end of file").
  let texts: string[] = [];
  await waitFor(
    "a whole read of the search index",
    () => {
      texts = indexed();
      return true;
    },
    15_000,
    server.output,
  );
  assert.is(
    texts.filter((text) => text.includes("Benchmarks in CI are noisy")).length,
    0,
    "the old page's fragment went",
  );
  // A rebuild is quiet about what has not changed: GitHub's status was said at the start, and
  // no file is named as it is written.
  assert.match(server.output().slice(0, beforeEdit), "[github]");
  assert.not.match(server.output().slice(beforeEdit), "[github]");
  assert.not.match(server.output(), "Writing ");

  const before = server.output().length;
  writeFileSync(
    file,
    original.replace(/^cluster: .*$/m, "cluster: oceans").replace(/^tagline: .*$/m, "tagline: Never served"),
  );
  await waitFor(
    "the content error",
    () => server.output().slice(before).includes("Invalid content"),
    15_000,
    server.output,
  );
  assert.match(server.output().slice(before), "cluster: expected one of the domain ids in domains.yaml");
  // Printed as `npm run build` prints it: no Eleventy wrapper around the owner's problem.
  await waitFor(
    "the closing line",
    () => server.output().slice(before).includes("Nothing was written"),
    15_000,
    server.output,
  );
  assert.not.match(server.output().slice(before), "Problem writing Eleventy templates");
  assert.not.match(server.output().slice(before), "(via ");
  assert.is(await tagline(), "Edited while the server runs");
  assert.is((await get("/api/v1/projects.json")).status, 200);

  // Fixed: the next good build serves exactly what a build of the same content writes.
  writeFileSync(file, original);
  await waitFor(
    "the fix to be served",
    async () => (await tagline()) !== "Edited while the server runs",
    15_000,
    server.output,
  );
  await assertServesItsBuild();
});

test("should name the dev server in the preview's pages, images and API URLs when SITE_URL is unset", async () => {
  const origin = `http://localhost:${server.port}`;
  const page = await (await get("/blog/posts/a-year-of-lora-in-the-valley/")).text();
  // The post's own images (the header's icon is a site asset, named by its path).
  const main = page.slice(page.indexOf("<main"));
  const images = [...main.matchAll(/<img[^>]* src="([^"]+)"/g)].map((match) => match[1] ?? "");
  assert.ok(images.length >= 2, "the post shows its cover and an inline image");
  for (const src of images) {
    assert.ok(src.startsWith(`${origin}/`), src);
    // Served by the dev server itself: the preview shows every image before any deploy.
    assert.is((await get(src.slice(origin.length))).status, 200, src);
  }
  assert.not.match(page, "https://margo.example/");
  const projects = (await (await get("/api/v1/projects.json")).json()) as { meta: { self: string } };
  assert.is(projects.meta.self, `${origin}/api/v1/projects.json`);
  // SITE_URL set: the pages name it, as in a build (the base-path server).
  const basePage = await (await get("/portfolio/api/v1/projects.json", basePathServer)).json();
  assert.is(
    (basePage as { meta: { self: string } }).meta.self,
    "https://owner.github.io/portfolio/api/v1/projects.json",
  );
});

test("should leave an API file whose data did not change as the build that wrote it left it", async () => {
  const unrelated = join(basePathServer.outDir, "api/v1/projects/gitgraft.json");
  const before = { text: readFileSync(unrelated, "utf8"), mtimeMs: statSync(unrelated).mtimeMs };
  const generated = (text: string) => (JSON.parse(text) as { meta: { generated: string } }).meta.generated;
  // `meta.generated` has whole seconds: the next build's time differs from the first's.
  await sleep(1_100);
  const file = join(baseContentDir, "projects/benchdiff.md");
  writeFileSync(file, readFileSync(file, "utf8").replace(/^tagline: .*$/m, "tagline: Edited on the real clock"));
  const edited = () => readText(basePathServer.outDir, "api/v1/projects/benchdiff.json");
  await waitFor(
    "the edit to be written",
    () => edited().includes("Edited on the real clock"),
    15_000,
    basePathServer.output,
  );
  assert.ok(generated(edited()) > generated(before.text), "the rewritten file names the build that wrote it");
  assert.is(readFileSync(unrelated, "utf8"), before.text, "kept, with the time of the build that wrote it");
  assert.is(statSync(unrelated).mtimeMs, before.mtimeMs, "not written again");
});

test("should start serving once the content it started with is fixed, without a stack trace", async () => {
  const broken = copyContent();
  keepOnlyProjects(broken, PROJECTS);
  const now = join(broken, "now.yaml");
  const original = readFileSync(now, "utf8");
  writeFileSync(now, `${original}x\n`);
  let printed = "";
  const starting = startDevServer("/api/v1/projects.json", {
    slot: PORT_SLOTS.brokenPreview,
    contentDir: broken,
    onOutput: (text) => (printed += text),
  });
  // It crashed here with the ContentError's stack, having said it "still serves the last good build".
  await waitFor(
    "the content error",
    () => printed.includes("Nothing is served yet"),
    30_000,
    () => printed,
  );
  writeFileSync(now, original);
  const fixed = await starting;
  try {
    assert.match(printed, "now.yaml: (file): expected valid YAML");
    assert.not.match(printed, "still serves the last good build");
    assert.equal(stackTraceLines(fixed.output()), []);
  } finally {
    await fixed.stop();
    removeDir(broken);
  }
});

test("should see edits and deletions once its content folder is deleted and put back, as by a checkout", async () => {
  // A new folder where the old one was: what a checkout of a commit without it, then back, leaves.
  const away = makeTempDir("away");
  cpSync(contentDir, away, { recursive: true });
  const before = server.output().length;
  rmSync(contentDir, { recursive: true });
  await waitFor("the failed build", () => server.output().slice(before).includes("Nothing was written"), 15_000);
  renameSync(away, contentDir);

  const file = join(contentDir, "projects/benchdiff.md");
  writeFileSync(file, readFileSync(file, "utf8").replace(/^tagline: .*$/m, "tagline: Edited after a checkout"));
  await waitFor(
    "the edit to be served",
    async () => (await tagline()) === "Edited after a checkout",
    15_000,
    server.output,
  );
  rmSync(join(contentDir, "projects/kestrel-os.md"));
  await waitFor(
    "the deleted project to answer 404",
    async () => (await status("/api/v1/projects/kestrel-os.json")) === 404,
    15_000,
    server.output,
  );
});

test("should serve what a build writes after edits that reach other pages and files, and keep the rest", async () => {
  // A post's page and files are kept unrendered while what they read is unchanged (src/api/blog/output-keys.ts):
  // each edit below reaches pages of other posts (neighbours, related posts, tags), whose keys must change.
  const posts = join(contentDir, "blog/posts");
  const edit = async (what: string, change: () => void) => {
    const before = server.output().length;
    change();
    await waitFor(what, () => /Wrote \d+ file/.test(server.output().slice(before)), 15_000, server.output);
  };
  const rewrite = (name: string, from: RegExp, to: string) => {
    const file = join(posts, name);
    const text = readFileSync(file, "utf8");
    assert.match(text, from);
    writeFileSync(file, text.replace(from, to));
  };
  const unrelated = join(server.outDir, "blog/posts/faust-for-programmers/index.html");
  const kept = statSync(unrelated).mtimeMs;
  await edit("a title", () =>
    rewrite("repairing-gps-tracks-whose-clocks-jumped.md", /^title: .*$/m, "title: Tracks whose clocks jumped"),
  );
  await edit("a body", () => rewrite("conflict-free-logbooks.md", /$/, "\n\nOne more sentence, written later.\n"));
  await edit("tags", () => rewrite("what-hl7-v2-taught-me.md", /^tags: \[/m, "tags: [radio, embedded, "));
  await edit("a project", () => {
    const file = join(contentDir, "projects/benchdiff.md");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^tagline: .*$/m, "tagline: Edited among the posts"));
  });
  await edit("an image", () =>
    cpSync(join(contentDir, "blog/images/tile-cache-quota.png"), join(contentDir, "blog/images/contour-cover.png")),
  );
  await assertServesItsBuild();
  assert.is(statSync(unrelated).mtimeMs, kept, "a page none of the edits reached is not written again");
});

test("should serve no build that fails its after-build checks, and serve the next good one", async () => {
  // A link to a page this build does not write: the checks after the build refuse it, and the
  // folder is left empty rather than holding a build the checks refused.
  const broken = join(contentDir, "blog/posts/ropes-and-dynamic-belays.md");
  const text = readFileSync(broken, "utf8");
  const before = server.output().length;
  writeFileSync(broken, `${text}\n[A project that does not exist](/projects/no-such-project/)\n`);
  await waitFor(
    "the rejected build to be unserved",
    () => listFiles(server.outDir).length === 0,
    30_000,
    server.output,
  );
  // The terminal says so, rather than that the last good build is still served.
  const said = () => server.output().slice(before);
  await waitFor("the failed build's closing line", () => said().includes("the preview"), 15_000, server.output);
  assert.match(said(), "the preview serves nothing until a build passes");
  // The browser had its reload first: the checks run after the build was written and served.
  assert.match(said(), /Wrote \d+ files?[^\n]*\n[\s\S]*This build was refused/);
  // A content error next: still nothing checked to serve, though that build wrote the icons there.
  const beforeError = server.output().length;
  writeFileSync(broken, text.replace(/^title: .*$/m, "title: [unclosed"));
  const saidSince = () => server.output().slice(beforeError);
  await waitFor("the content error's closing line", () => saidSince().includes("the preview"), 15_000, server.output);
  assert.match(saidSince(), "the preview serves nothing until a build passes");
  assert.not.match(saidSince(), "still serves the last good build");
  writeFileSync(broken, text);
  await waitFor(
    "the next good build to be served",
    () => existsSync(join(server.outDir, "index.html")),
    30_000,
    server.output,
  );
  await assertServesItsBuild();
});

test("should leave a folder npm run build put in the preview's place before the checks, unrefused", async () => {
  // `npm run build` of the same content for the production host, to be renamed in as its last step does.
  const production = await buildSite({ contentDir, epoch: Number(epoch), siteUrl: "https://elsewhere.example" });
  const aside = `${server.outDir}.aside`;
  try {
    assert.is(production.status, 0, production.output);
    const file = join(contentDir, "projects/benchdiff.md");
    const text = readFileSync(file, "utf8");
    const before = server.output().length;
    writeFileSync(file, text.replace(/^tagline: .*$/m, "tagline: Saved as a build ran"));
    await waitFor("the build", () => /Wrote \d+ file/.test(server.output().slice(before)), 15_000, server.output);
    renameSync(server.outDir, aside);
    renameSync(production.outDir, server.outDir);
    // The next build waits for the last one's checks: by its end, they have said what they found.
    const swapped = server.output().length;
    writeFileSync(file, text);
    await waitFor("the next build", () => /Wrote \d+ file/.test(server.output().slice(swapped)), 15_000, server.output);
    assert.not.match(server.output().slice(before), "refused");
    assert.not.match(server.output().slice(before), "problem");
    await assertServesItsBuild();
  } finally {
    removeDir(aside);
    removeDir(production.outDir);
  }
});

test("should remove its marker of deletions when the server stops", async () => {
  assert.is(
    readdirSync(serverTmp).filter((name) => name.startsWith("folio-dev-")).length,
    1,
    "one marker folder while it runs",
  );
  await server.stop();
  assert.equal(readdirSync(serverTmp), []);
});

/** Whether the preview serves exactly what a build of its content writes (its search index once written). */
async function assertServesItsBuild(): Promise<void> {
  const buildTmp = makeTempDir("tmp");
  // The preview is the production site at the dev server's address (src/config/site-config.ts, previewOrigin).
  const reference = await buildSite({
    contentDir,
    epoch: Number(epoch),
    siteUrl: `http://localhost:${server.port}`,
    env: { TMPDIR: buildTmp },
  });
  try {
    assert.is(reference.status, 0, reference.output);
    // The preview writes its search index 2 s after a build: compared once it has.
    const index = (dir: string) => join(dir, "pagefind");
    await waitFor(
      "the preview's search index",
      () => {
        try {
          return isDeepStrictEqual(filesWithContent(index(server.outDir)), filesWithContent(index(reference.outDir)));
        } catch {
          return false; // A file of the index went while it was read: it is being written.
        }
      },
      15_000,
      server.output,
    );
    assert.equal(filesWithContent(server.outDir), filesWithContent(reference.outDir));
    assert.equal(readdirSync(buildTmp), [], "a plain build watches nothing");
  } finally {
    removeDir(reference.outDir);
    removeDir(buildTmp);
  }
}

/** Every file under `dir` with a digest of its bytes, for a whole-folder comparison whose failure names the files. */
function filesWithContent(dir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(dir).map((file) => [
      file,
      createHash("sha256")
        .update(readFileSync(join(dir, file)))
        .digest("hex"),
    ]),
  );
}

test.run();
