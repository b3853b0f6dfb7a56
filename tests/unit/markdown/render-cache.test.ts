import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { RenderOptions } from "../../../src/markdown/render-markdown.ts";
import { pruneRenderCache, rendererVersion, renderMarkdown } from "../../../src/markdown/cached-render.ts";
import { contentKey, keepEntry, keepReadsForNextBuild, useBuildCache } from "../../../src/util/build-cache.ts";

/*
 * The render cache (src/markdown/cached-render.ts): a document rendered before comes from the
 * cache, its resolvers' calls made again; any other answer, or an entry that does not check,
 * renders it afresh.
 */

const SOURCE = [
  "# Notes",
  "",
  "See [the first post](/blog/posts/first/) and [again](/blog/posts/first/), then [later](/blog/posts/later/).",
  "",
  "![A chart](../images/chart.png)",
  "",
  "```rust",
  "fn main() {}",
  "```",
].join("\n");

/** Resolvers that answer from `published` and `sizes` and note every call, as the blog's note problems. */
function resolvers(published: Set<string>, calls: string[], width = 640): RenderOptions {
  return {
    resolveLink: (href) => {
      calls.push(`link ${href}`);
      return published.has(href) ? href : null;
    },
    resolveImage: (src) => {
      calls.push(`image ${src}`);
      return { url: `/blog/images/${src.split("/").pop()}`, width, height: 480 };
    },
    firstLine: 5,
  };
}

const BOTH = new Set(["/blog/posts/first/", "/blog/posts/later/"]);
const CALLS = [
  "link /blog/posts/first/",
  "link /blog/posts/first/",
  "link /blog/posts/later/",
  "image ../images/chart.png",
];

/** The cache folder of the test that runs. */
let root = "";

/** Runs `run` with a fresh cache folder; `warnings` collects what it printed. */
function withCache(run: (dir: string, warnings: string[]) => void): () => void {
  return () => {
    root = mkdtempSync(join(tmpdir(), "folio-render-cache-"));
    useBuildCache(root);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
    try {
      run(join(root, "markdown"), warnings);
    } finally {
      console.warn = warn;
      useBuildCache(undefined);
      rmSync(root, { recursive: true, force: true });
    }
  };
}

/** The one entry of the folder. */
function entryOf(dir: string): string {
  const names = readdirSync(dir);
  assert.is(names.length, 1, `entries: ${names.join(", ")}`);
  return join(dir, names[0] ?? "");
}

/** What a render gives without a cache, the resolvers answering from `published`. */
function cleanRender(published: Set<string>, width?: number) {
  useBuildCache(undefined);
  try {
    return renderMarkdown(SOURCE, resolvers(published, [], width));
  } finally {
    useBuildCache(root);
  }
}

test(
  "should keep a render, then give it from the cache, calling the resolvers as a render does",
  withCache((dir) => {
    const firstCalls: string[] = [];
    const first = renderMarkdown(SOURCE, resolvers(BOTH, firstCalls));
    const entry = entryOf(dir);
    const written = statSync(entry);
    const secondCalls: string[] = [];
    const second = renderMarkdown(SOURCE, resolvers(BOTH, secondCalls));
    assert.equal(second, first);
    assert.equal(second, cleanRender(BOTH));
    assert.equal(firstCalls, CALLS);
    assert.equal(secondCalls, CALLS);
    // Read, not written again (a write replaces the file).
    assert.is(statSync(entry).ino, written.ino);
  }),
);

test(
  "should give the kept render, not run markdown-it, when the resolvers answer as before",
  withCache((dir) => {
    renderMarkdown(SOURCE, resolvers(BOTH, []));
    const entry = entryOf(dir);
    const text = readFileSync(entry, "utf8");
    const kept = JSON.parse(text.slice(text.indexOf("\n") + 1)) as { rendered: { html: string } };
    kept.rendered.html = "<p>from the cache</p>";
    keepEntry(dir, entry.slice(dir.length + 1), JSON.stringify(kept));
    assert.is(renderMarkdown(SOURCE, resolvers(BOTH, [])).html, "<p>from the cache</p>");
  }),
);

test(
  "should render afresh when a link's target is no longer published, each resolver called once",
  withCache((dir) => {
    renderMarkdown(SOURCE, resolvers(BOTH, []));
    const calls: string[] = [];
    const now = renderMarkdown(SOURCE, resolvers(new Set(["/blog/posts/first/"]), calls));
    assert.equal(now, cleanRender(new Set(["/blog/posts/first/"])));
    assert.not.match(now.html, "/blog/posts/later/");
    assert.equal(calls, CALLS);
    // Kept for the next build, which then reads it.
    const again: string[] = [];
    assert.equal(renderMarkdown(SOURCE, resolvers(new Set(["/blog/posts/first/"]), again)), now);
    assert.equal(again, CALLS);
    assert.ok(entryOf(dir));
  }),
);

test(
  "should render afresh when an image's size changed",
  withCache((dir) => {
    renderMarkdown(SOURCE, resolvers(BOTH, []));
    const before = statSync(entryOf(dir)).ino;
    const now = renderMarkdown(SOURCE, resolvers(BOTH, [], 320));
    assert.equal(now, cleanRender(BOTH, 320));
    assert.match(now.html, 'width="320"');
    // Kept in place of the old render: the key is the source's, the answers are in the entry.
    assert.is.not(statSync(entryOf(dir)).ino, before);
  }),
);

test(
  "should render afresh, and keep it anew, when an entry's bytes are damaged",
  withCache((dir, warnings) => {
    const first = renderMarkdown(SOURCE, resolvers(BOTH, []));
    const entry = entryOf(dir);
    const bytes = readFileSync(entry);
    const at = bytes.indexOf("<h1");
    bytes[at + 1] = "p".charCodeAt(0);
    writeFileSync(entry, bytes);
    const calls: string[] = [];
    assert.equal(renderMarkdown(SOURCE, resolvers(BOTH, calls)), first);
    assert.equal(calls, CALLS);
    assert.is(warnings.length, 1);
    assert.match(warnings[0] ?? "", "does not match its digest");
    assert.not.equal(readFileSync(entry), bytes);
  }),
);

test(
  "should render afresh when a sound entry holds a value of another shape",
  withCache((dir, warnings) => {
    const first = renderMarkdown(SOURCE, resolvers(BOTH, []));
    const key = entryOf(dir).slice(dir.length + 1);
    const foreign = [
      { calls: [], rendered: { html: "<p>foreign</p>" } },
      { calls: [["link", 5, null]], rendered: { ...first, html: "<p>foreign</p>" } },
      { calls: [], rendered: { ...first, html: "<p>foreign</p>", headings: [{ level: "1" }] } },
      ["not", "an", "entry"],
    ];
    for (const value of foreign) {
      keepEntry(dir, key, JSON.stringify(value));
      assert.equal(renderMarkdown(SOURCE, resolvers(BOTH, [])), first, JSON.stringify(value));
    }
    assert.is(warnings.length, 1);
    assert.match(warnings[0] ?? "", "holds a value its kind refuses");
  }),
);

test(
  "should prune the renders no build of this process used, oldest first, keeping a thousand more",
  withCache((dir) => {
    // Renders of earlier builds, the first the oldest.
    const stale = Array.from({ length: 2000 }, (_, index) => contentKey("stale render", index));
    stale.forEach((key, index) => {
      keepEntry(dir, key, "{}");
      utimesSync(join(dir, key), 1_000_000 + index, 1_000_000 + index);
    });
    renderMarkdown(SOURCE, resolvers(BOTH, []));
    const rendered = readdirSync(dir).find((name) => !stale.includes(name)) ?? "";
    pruneRenderCache();
    assert.ok(existsSync(join(dir, rendered)));
    // The unit tests use fewer than a hundred keys: of the 2,001 entries, at least the oldest 900 go.
    assert.not.ok(stale.slice(0, 900).some((key) => existsSync(join(dir, key))));
    assert.ok(stale.slice(-999).every((key) => existsSync(join(dir, key))));
  }),
);

test(
  "should key a text by its first line and raw HTML setting too when npm start keeps its keys",
  withCache(() => {
    keepReadsForNextBuild();
    try {
      const text = "[bad](javascript:alert(1))";
      const at = (firstLine: number, rawHtml?: "escape" | "trust") =>
        renderMarkdown(text, { firstLine, ...(rawHtml ? { rawHtml } : {}) }).problems.map((problem) => problem.field);
      assert.equal(at(3), at(3));
      pruneRenderCache();
      assert.is.not(at(9)[0], at(3)[0], "another first line, another problem line");
      assert.equal(at(3), at(3, "trust"));
      assert.is(renderMarkdown("<b>x</b>", { rawHtml: "trust" }).html, "<p><b>x</b></p>\n");
      assert.is(renderMarkdown("<b>x</b>", {}).html, "<p>&lt;b&gt;x&lt;/b&gt;</p>\n");
    } finally {
      keepReadsForNextBuild(false);
    }
  }),
);

test("should key the renders by every module under src/ and the lock file's package versions", () => {
  const root = mkdtempSync(join(tmpdir(), "folio-renderer-version-"));
  try {
    mkdirSync(join(root, "src", "markdown"), { recursive: true });
    writeFileSync(join(root, "src", "markdown", "raw-html.ts"), "export const mode = 1;\n");
    writeFileSync(join(root, "package-lock.json"), '{"packages":{"node_modules/markdown-it":{"version":"14.1.0"}}}');
    const versions = [rendererVersion(root)];
    // A module the renderer imports, or one it does not (a change may reach it through another).
    writeFileSync(join(root, "src", "markdown", "raw-html.ts"), "export const mode = 2;\n");
    versions.push(rendererVersion(root));
    writeFileSync(join(root, "src", "other.ts"), "export {};\n");
    versions.push(rendererVersion(root));
    // Any package upgraded: markdown-it, sanitize-html, or a dependency of one.
    writeFileSync(join(root, "package-lock.json"), '{"packages":{"node_modules/markdown-it":{"version":"14.1.1"}}}');
    versions.push(rendererVersion(root));
    // A file that is not a module.
    writeFileSync(join(root, "src", "notes.txt"), "notes");
    versions.push(rendererVersion(root));

    assert.is(new Set(versions).size, 4, versions.join(" "));
    assert.is(versions[4], versions[3]);
    assert.is(rendererVersion(), rendererVersion(), "the project's own, stable");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
