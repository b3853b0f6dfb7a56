import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ContentError } from "../../../src/content/content-error.ts";
import { loadFeedPosts } from "../../../src/model/load-portfolio.ts";
import { buildCacheDir, contentKey, keepEntry, useBuildCache } from "../../../src/util/build-cache.ts";
import { contentProblems } from "../support/errors.ts";
import { siteConfig } from "../support/model.ts";

/*
 * A blog feed read from a URL: the server's faults are content problems naming the feed (one
 * line each, with every other problem of the build, no stack trace), and its answer is held to
 * a feed's 8 MiB. A real server on 127.0.0.1 answers by path.
 */

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Blog</title><link>https://b.example/</link><description>d</description>
<item><title>One</title><link>https://b.example/one/</link><description>First.</description></item>
</channel></rss>`;

const ITEM = "<item><title>One</title><link>https://b.example/one/</link><description>First.</description></item>";

let server: Server;
let origin = "";
/** What `/flaky.xml` answers: the feed, an error, or a 200 that is not a feed. */
let flaky: "up" | "down" | "broken" | "crowded" = "up";

test.before(async () => {
  server = createServer((request, response) => {
    if (request.url === "/feed.xml" || (request.url === "/flaky.xml" && flaky === "up")) response.end(FEED);
    else if (request.url === "/flaky.xml" && flaky === "broken") response.end("<html>Maintenance</html>");
    else if (request.url === "/flaky.xml" && flaky === "crowded") response.end(FEED.replace(ITEM, ITEM.repeat(1_001)));
    else if (request.url === "/latin1.xml") response.end(Buffer.from(FEED.replace("One", "Caf\u00e9"), "latin1"));
    else if (request.url === "/loop.xml" || request.url === "/to-file.xml") {
      response.writeHead(302, { location: request.url === "/loop.xml" ? "/loop.xml" : "file:///etc/passwd" });
      response.end();
    } else if (request.url === "/huge.xml") {
      // Said to be one byte over the limit: not read at all.
      response.writeHead(200, { "content-length": String(8 * 1024 * 1024 + 1) });
      response.end();
    } else {
      response.writeHead(500);
      response.end("down");
    }
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after(() => {
  server.closeAllConnections();
  return new Promise<void>((closed) => server.close(() => closed()));
});

/** What loading the feed at `path` threw, as `expected, found` of its one problem; or its posts' titles. */
async function load(path: string): Promise<string[]> {
  const config = siteConfig();
  const feed = path.startsWith("http") ? path : `${origin}${path}`;
  try {
    const { posts } = await loadFeedPosts({ ...config, site: { ...config.site, blog: { url: "/blog/", feed } } });
    return posts.map((post) => post.title);
  } catch (error) {
    assert.instance(error, ContentError, String(error));
    const [problem] = (error as ContentError).problems;
    assert.is(problem?.file, feed);
    return [`${problem?.expected}, found ${problem?.actual}`];
  }
}

test("should read the posts of a feed a server answers", async () => {
  assert.equal(await load("/feed.xml"), ["One"]);
});

test("should refuse an answer that is not UTF-8, as a feed file with the same bytes is", async () => {
  // Before: published with U+FFFD in place of each byte ("Caf\ufffd").
  const offset = FEED.indexOf("One") + "Caf".length;
  assert.equal(await load("/latin1.xml"), [
    `UTF-8 text (the byte at offset ${offset}, line 3, is not UTF-8), found undefined`,
  ]);
});

test("should name the feed and what its server did: an error, too large an answer, no answer", async () => {
  const expected = "an RSS feed of at most 8 MiB within 10 s";
  assert.equal(await load("/down.xml"), [`${expected}, found HTTP 500`]);
  assert.equal(await load("/huge.xml"), [`${expected}, found a larger answer, not read`]);
  // What fetch found, not its "fetch failed" (before: the same words for both).
  assert.equal(await load("/loop.xml"), [`${expected}, found no answer (redirect count exceeded)`]);
  assert.equal(await load("/to-file.xml"), [`${expected}, found no answer (URL scheme must be a HTTP(S) scheme)`]);
  // A port nothing listens on (the server's, closed by a second one bound and let go).
  const closed = createServer();
  await new Promise<void>((listening) => closed.listen(0, "127.0.0.1", listening));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((done) => closed.close(() => done()));
  assert.equal(await load(`http://127.0.0.1:${port}/feed.xml`), [`${expected}, found no answer (ECONNREFUSED)`]);
});

test("should refuse a feed file over 8 MiB unread, naming it", async () => {
  // Before: held to 64 MiB only; a 60 MB feed cost 7 s and 2.3 GB in the XML parser.
  const folder = mkdtempSync(join(tmpdir(), "folio-feed-file-"));
  const file = join(folder, "feed.xml");
  writeFileSync(file, FEED.padEnd(8 * 1024 * 1024 + 1));
  const config = siteConfig();
  try {
    const problems = await contentProblems(() =>
      loadFeedPosts({ ...config, site: { ...config.site, blog: { url: "/blog/", feed: file } } }),
    );

    assert.equal(
      problems.map((p) => p.expected),
      ["a file of at most 8 MiB (this one has 8,388,609 bytes)"],
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("should fall back to the feed as last read, with a note, when its server fails or answers no feed", async () => {
  const cache = mkdtempSync(join(tmpdir(), "folio-feed-"));
  const config = siteConfig();
  const feed = `${origin}/flaky.xml`;
  const read = () => loadFeedPosts({ ...config, site: { ...config.site, blog: { url: "/blog/", feed } } });
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (line: string) => warnings.push(line);
  try {
    useBuildCache(cache);
    flaky = "down";
    // Nothing kept yet: the build stops, as before.
    await read().then(
      () => assert.unreachable("a feed never read has no fallback"),
      (error) => assert.instance(error, ContentError),
    );
    flaky = "up";
    assert.equal(await read(), {
      posts: [{ title: "One", url: "https://b.example/one/", published: null, summary: "First." }],
    });
    flaky = "down";
    const down = await read();
    assert.equal(
      down.posts.map((post) => post.title),
      ["One"],
    );
    assert.is(down.note, "The blog's feed could not be read (HTTP 500): its posts are shown as last read.");
    flaky = "broken";
    const broken = await read();
    assert.equal(
      broken.posts.map((post) => post.title),
      ["One"],
    );
    // A fixed phrase: the answer's own text is not quoted.
    assert.is(broken.note?.includes("Maintenance"), false);
    assert.match(broken.note ?? "", /not an RSS feed this build can read/);
    // More items than a feed may have: refused as an answer this build cannot read.
    flaky = "crowded";
    const crowded = await read();
    assert.equal(
      crowded.posts.map((post) => post.title),
      ["One"],
    );
    assert.match(crowded.note ?? "", /not an RSS feed this build can read/);
    assert.equal(warnings, [
      `[feed] Fallback: the blog's feed ${feed}: HTTP 500; its posts as last read are shown.`,
      `[feed] Fallback: the blog's feed ${feed}: not an RSS feed this build can read; its posts as last read are shown.`,
      `[feed] Fallback: the blog's feed ${feed}: not an RSS feed this build can read; its posts as last read are shown.`,
    ]);
  } finally {
    console.warn = warn;
    flaky = "up";
    useBuildCache(undefined);
    rmSync(cache, { recursive: true, force: true });
  }
});

test("should refuse a kept feed larger than an answer may be, or not UTF-8, as a planted entry", async () => {
  // Before: a kept entry was held to the cache's 64 MiB only, and decoded with U+FFFD: a planted
  // feed of 60 MB (one long description) cost 7.5 s and 2.3 GB in each build, and Latin-1 bytes
  // were published as U+FFFD; no answer of the server could have been kept so.
  const cache = mkdtempSync(join(tmpdir(), "folio-feed-planted-"));
  const config = siteConfig();
  const feed = `${origin}/down.xml`;
  const kept = (text: string | Buffer) => keepEntry(buildCacheDir("feed"), contentKey("feed", feed), text);
  const read = () => loadFeedPosts({ ...config, site: { ...config.site, blog: { url: "/blog/", feed } } });
  const warn = console.warn;
  console.warn = () => {};
  try {
    useBuildCache(cache);
    kept(FEED);
    assert.equal(
      (await read()).posts.map((post) => post.title),
      ["One"],
    );
    for (const planted of [
      FEED.replace("First.", "a ".repeat(4 * 1024 * 1024 + 1)),
      Buffer.from(FEED.replace("One", "Caf\u00e9"), "latin1"),
    ]) {
      kept(planted);
      await read().then(
        (read) => assert.unreachable(`a planted entry was used: ${read.posts[0]?.title}`),
        (error) => assert.instance(error, ContentError),
      );
    }
  } finally {
    console.warn = warn;
    useBuildCache(undefined);
    rmSync(cache, { recursive: true, force: true });
  }
});

test.run();
