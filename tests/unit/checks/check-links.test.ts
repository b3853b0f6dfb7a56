import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkLinks, type FileLinks, type LinkCheckOptions } from "../../../src/checks/check-links.ts";
import { readPageLinks, srcsetUrls } from "../../../src/checks/html-links.ts";

const ROOT = "https://margo.example";

/** Writes a small output tree (path -> content) and checks it; the folder is removed afterwards. */
function check(files: Record<string, string>, options: Partial<LinkCheckOptions> = {}): string[] {
  const dir = mkdtempSync(join(tmpdir(), "h8-links-"));
  try {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    return checkLinks({ outputDir: dir, baseUrl: ROOT, ...options }).map((p) => `${p.file}: ${p.field}: ${p.expected}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const page = (body: string): string => `<!doctype html><html><body>${body}</body></html>`;

test("should take a file's links from what it read of the same text before, and still check each (npm start)", () => {
  const read = new Map<string, FileLinks>();
  const home = page('<a href="/blog/a/">a</a>');
  const blog = { "blog/index.html": page(""), "blog/a/index.html": page("") };
  assert.equal(check({ "index.html": home, ...blog }, { read }), []);
  assert.equal(read.get(`${ROOT} index.html`)?.links, ["/blog/a/"]);
  // The page that an unchanged page links to is gone: the kept link is checked again.
  const gone = (path: string) =>
    `index.html: link ${path}: a page or file of this build (nothing is written at ${path.slice(1)}index.html)`;
  assert.equal(check({ "index.html": home, "blog/index.html": page("") }, { read }), [gone("/blog/a/")]);
  assert.not.ok(read.has(`${ROOT} blog/a/index.html`), "a file this build does not have is forgotten");
  assert.ok(read.has(`${ROOT} blog/index.html`));
  // Read before with other links (a stand-in for the reading not done again): those are checked.
  read.set(`${ROOT} index.html`, { text: home, links: ["/blog/b/"], ids: new Set() });
  assert.equal(check({ "index.html": home, ...blog }, { read }), [gone("/blog/b/")]);
  // Its text changed: read again.
  assert.equal(check({ "index.html": page('<a href="/blog/c/">c</a>'), ...blog }, { read }), [gone("/blog/c/")]);
  assert.equal(read.get(`${ROOT} index.html`)?.links, ["/blog/c/"]);
});

test("should check an unchanged file's links again only when the build's files change, and its fragments always", () => {
  const read = new Map<string, FileLinks>();
  const home = page('<a href="/a/#here">a</a> <a href="/a/gone/">gone</a>');
  const files = { "index.html": home, "a/index.html": page('<h2 id="here">Here</h2>') };
  const gone = "index.html: link /a/gone/: a page or file of this build (nothing is written at a/gone/index.html)";
  assert.equal(check(files, { read }), [gone]);
  // The same files: what the unchanged page found is taken as found (a stand-in shows it).
  const found = read.get(`${ROOT} index.html`)?.found;
  assert.ok(found);
  found.dead = [{ key: "missing a/x/index.html", shown: "/a/x/", missing: "a/x/index.html" }];
  const standIn = "index.html: link /a/x/: a page or file of this build (nothing is written at a/x/index.html)";
  assert.equal(check(files, { read }), [standIn]);
  // The page its fragment leads to lost the id, the files being the same: the fragment is checked.
  const lost = 'index.html: link /a/#here: an element with id "here" on a/index.html';
  assert.equal(check({ ...files, "a/index.html": page("<h2>Here</h2>") }, { read }), [lost, standIn]);
  // Another file: every link is checked again.
  assert.equal(check({ ...files, "a/gone/index.html": page("") }, { read }), []);
});

test("should accept links to pages, folders, files and ids that the build wrote", () => {
  const problems = check({
    "index.html": page(
      '<a href="/a/">a</a> <a href="/a">folder</a> <a href="a/#here">rel</a> <a href="/">home</a> <a href="#top">top</a> <a href="/data.json">json</a>',
    ),
    "a/index.html": page('<h2 id="here">Here</h2><a href="../">up</a> <a href="#here">self</a>'),
    "data.json": JSON.stringify({ self: `${ROOT}/data.json`, page: `${ROOT}/a/#here`, home: ROOT }),
  });

  assert.equal(problems, []);
});

test("should not take an OpenAPI document's server URL for a link, but check its other URLs", () => {
  const openapi = (extra: string) =>
    JSON.stringify({ servers: [{ url: `${ROOT}/blog` }], externalDocs: { url: `${ROOT}/${extra}` } });
  const problems = check({
    "notes/index.html": page(""),
    "blog/api/openapi.json": openapi("notes/"),
    "docs/openapi.json": openapi("notes/gone.json"),
  });

  assert.equal(problems, [
    "docs/openapi.json: link https://margo.example/notes/gone.json: a page or file of this build (nothing is written at notes/gone.json)",
  ]);
});

test("should report a link to a missing page, naming the built file it is in", () => {
  const problems = check({
    "index.html": page('<a href="/blog/posts/missing/">gone</a>'),
    "blog/index.html": page(""),
  });

  assert.equal(problems, [
    "index.html: link /blog/posts/missing/: a page or file of this build (nothing is written at blog/posts/missing/index.html)",
  ]);
});

test("should report a fragment that names no id of its page, whichever page is read first", () => {
  const problems = check({
    "a/index.html": page('<a href="/z/#nowhere">bad</a> <a href="/z/#there">good</a>'),
    "z/index.html": page('<p id="there">There</p><a name="old-anchor"></a><a href="#old-anchor">named</a>'),
  });

  assert.equal(problems, ['a/index.html: link /z/#nowhere: an element with id "nowhere" on z/index.html']);
});

test("should name the authored file of a page where one is known, and report its link once", () => {
  const problems = check(
    {
      "blog/posts/a/index.html": page(`<a href="${ROOT}/blog/posts/gone/">gone</a>`),
      "blog/api/v1/posts/a.json": JSON.stringify({ content_html: `<a href="${ROOT}/blog/posts/gone/">gone</a>` }),
      "blog/index.xml": `<rss><item><link>${ROOT}/blog/posts/gone/</link></item></rss>`,
    },
    { sourceOf: new Map([["blog/posts/a/index.html", "content/blog/posts/a.md"]]) },
  );

  assert.equal(problems, [
    `content/blog/posts/a.md: link ${ROOT}/blog/posts/gone/: a page or file of this build (nothing is written at blog/posts/gone/index.html)`,
  ]);
});

test("should name one built file, and how many others, for a dead link found only in built files", () => {
  const problems = check({
    "a.json": JSON.stringify({ url: `${ROOT}/nope.json` }),
    "b.json": JSON.stringify({ url: `${ROOT}/nope.json` }),
    "c.json": JSON.stringify({ url: `${ROOT}/nope.json` }),
  });

  assert.equal(problems, [
    `a.json (and 2 other built files): link ${ROOT}/nope.json: a page or file of this build (nothing is written at nope.json)`,
  ]);
});

test("should strip the base path, and ignore the same host outside it", () => {
  const base = "https://owner.github.io/portfolio";
  const problems = check(
    {
      "index.html": page(
        '<a href="/portfolio/a/">in</a> <a href="/portfolio">home</a> <a href="/other-site/">other</a> <a href="/portfolio/a/missing/">gone</a>',
      ),
      "a/index.html": page(""),
      "api.json": JSON.stringify({
        home: `${base}/`,
        a: `${base}/a/`,
        other: "https://owner.github.io/elsewhere/",
        gone: `${base}/gone.json`,
      }),
    },
    { baseUrl: base },
  );

  assert.equal(problems, [
    `api.json: link ${base}/gone.json: a page or file of this build (nothing is written at gone.json)`,
    "index.html: link /portfolio/a/missing/: a page or file of this build (nothing is written at a/missing/index.html)",
  ]);
});

test("should ignore links to other sites and other schemes", () => {
  const problems = check({
    "index.html": page(
      '<a href="https://elsewhere.example/x">x</a> <a href="//cdn.example/y.js">y</a> <a href="mailto:me@margo.example">mail</a> <a href="tel:+1">tel</a> <a href="https://margo.example.org/z">lookalike</a>',
    ),
    "data.json": JSON.stringify({ other: "https://margo.example.org/nope", mail: "mailto:x@margo.example" }),
  });

  assert.equal(problems, []);
});

test("should leave alone a folder of the same host that the build writes nothing into", () => {
  const problems = check({
    "index.html": page(
      '<a href="/contact/">contact form</a> <a href="/writing/posts/elsewhere/">blog hosted elsewhere</a> <a href="/projects/gone/">gone</a> <a href="/gone.xml">gone file</a>',
    ),
    "projects/index.html": page(""),
  });

  assert.equal(problems, [
    "index.html: link /gone.xml: a page or file of this build (nothing is written at gone.xml)",
    "index.html: link /projects/gone/: a page or file of this build (nothing is written at projects/gone/index.html)",
  ]);
});

test("should ignore query strings when finding the file", () => {
  const problems = check({
    "index.html": page(
      '<a href="/a/?tab=2">a</a> <a href="/a/?x=1&amp;y=2#here">both</a> <img src="/pic.png?v=3" alt="">',
    ),
    "a/index.html": page('<i id="here"></i>'),
    "pic.png": "png",
  });

  assert.equal(problems, []);
});

test("should decode percent-encoded paths and fragments, and report a malformed escape", () => {
  const problems = check({
    "index.html": page(
      '<a href="/projects/caf%C3%A9/">café</a> <a href="/projects/caf%C3%A9/#r%C3%A9sum%C3%A9">anchor</a> <a href="/projects/%E0%A4%A/">bad</a>',
    ),
    "projects/café/index.html": page('<h2 id="résumé">Résumé</h2>'),
  });

  assert.equal(problems, ["index.html: link /projects/%E0%A4%A/: a path whose %-escapes are UTF-8"]);
});

test("should check srcset candidates, meta URLs, stylesheets and scripts, but not script contents", () => {
  const problems = check({
    "index.html":
      '<head><meta name="search-index" content="/search.json"><meta name="search-fulltext" content="/pagefind/pagefind.js">' +
      '<meta property="og:image" content="https://margo.example/og.png">' +
      '<link rel="stylesheet" href="/site.css"><script src="/app.js" defer></script><script>const a = "<a href=\\"/not-a-link/\\">";</script></head>' +
      page('<picture><source srcset="/small.png 1x, /big.png 2x"><img src="/small.png" alt=""></picture>'),
    "site.css": 'body { background: url("/missing-bg.png") }',
    "app.js": "",
    "small.png": "",
    // The folder is the build's (a folder it writes nothing into is not checked), the script missing.
    "pagefind/pagefind-entry.json": "{}",
  });

  assert.equal(problems, [
    "index.html: link /big.png: a page or file of this build (nothing is written at big.png)",
    "index.html: link /pagefind/pagefind.js: a page or file of this build (nothing is written at pagefind/pagefind.js)",
    "index.html: link /search.json: a page or file of this build (nothing is written at search.json)",
    "index.html: link https://margo.example/og.png: a page or file of this build (nothing is written at og.png)",
    "site.css: link /missing-bg.png: a page or file of this build (nothing is written at missing-bg.png)",
  ]);
});

test("should read site URLs in text files without their trailing punctuation or entities, and skip URI templates", () => {
  const problems = check({
    "card.txt": `site     ${ROOT}/\nsee ${ROOT}/a/. Or (${ROOT}/b/), ${ROOT}/a/c/\n`,
    "index.json": JSON.stringify({ template: `${ROOT}/api/v1/projects/{name}.json` }),
    "feed.xml": `<link>${ROOT}/a/?x=1&amp;y=2#nowhere</link><link>${ROOT}.org/a/</link>`,
    "a/index.html": page(""),
    "b/index.html": page(""),
    "index.html": page(""),
  });

  assert.equal(problems, [
    `card.txt: link ${ROOT}/a/c/: a page or file of this build (nothing is written at a/c/index.html)`,
    `feed.xml: link ${ROOT}/a/?x=1&y=2#nowhere: an element with id "nowhere" on a/index.html`,
  ]);
});

test("should read a site URL of an IPv6 host whole, the origin alone included, and check its path", () => {
  const v6 = "http://[::1]";
  const problems = check(
    { "card.txt": `home ${v6} see ${v6}/a/. and ${v6}/a/gone/]`, "index.html": page(""), "a/index.html": page("") },
    { baseUrl: v6 },
  );

  assert.equal(problems, [
    `card.txt: link ${v6}/a/gone/: a page or file of this build (nothing is written at a/gone/index.html)`,
  ]);
});

test("should read a site URL followed by a megabyte of punctuation in one pass", () => {
  // Anchored at the end alone, the trailing-punctuation rule was tried from each character of the
  // run: 200,000 dots took the link check 50 s, a post's 1 MiB of them about 20 minutes.
  const run = (mark: string) => `${ROOT}/?${mark.repeat(1_000_000)}a`;
  const problems = check({
    "feed.xml": `<link>${run(".")}</link><link>${run(")")}</link><link>${ROOT}/gone.json${"!".repeat(1_000_000)}</link>`,
    "index.html": page(""),
  });
  assert.equal(problems, [
    `feed.xml: link ${ROOT}/gone.json: a page or file of this build (nothing is written at gone.json)`,
  ]);
});

test("should read a text file's non-ASCII URLs whole, ended by a C1 control, from bytes or text alike", () => {
  // "—" is E2 80 94 in UTF-8: bytes a C1 control (C2 85 is U+0085) would also show.
  const text = JSON.stringify({
    here: `${ROOT}/tags/über.json`,
    gone: `${ROOT}/tags/ü—x.json\u0085after`,
  }).replace("\\u0085", "\u0085");
  const files = { "index.json": text, "tags/über.json": "{}" };
  const expected = [
    `index.json: link ${ROOT}/tags/ü—x.json: a page or file of this build (nothing is written at tags/ü—x.json)`,
  ];
  assert.equal(check(files), expected, "read from disk");
  const dir = mkdtempSync(join(tmpdir(), "h8-links-"));
  try {
    mkdirSync(join(dir, "tags"));
    writeFileSync(join(dir, "tags/über.json"), "{}");
    writeFileSync(join(dir, "index.json"), "");
    for (const kept of [text, Buffer.from(text)]) {
      const written = new Map([[join(dir, "index.json"), kept]]);
      const problems = checkLinks({ outputDir: dir, baseUrl: ROOT, written });
      assert.equal(
        problems.map((p) => `${p.file}: ${p.field}: ${p.expected}`),
        expected,
        typeof kept,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should neither read nor count a symbolic link in the output", () => {
  const outside = mkdtempSync(join(tmpdir(), "h8-links-outside-"));
  const dir = mkdtempSync(join(tmpdir(), "h8-links-"));
  writeFileSync(join(outside, "data.json"), JSON.stringify({ url: `${ROOT}/x/gone/` }));
  mkdirSync(join(dir, "x"));
  writeFileSync(join(dir, "x", "index.html"), page('<a href="/linked.json">linked</a>'));
  symlinkSync(join(outside, "data.json"), join(dir, "linked.json"));

  const problems = checkLinks({ outputDir: dir, baseUrl: ROOT }).map((p) => `${p.file}: ${p.field}`);
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });

  assert.equal(problems, ["x/index.html: link /linked.json"]);
});

test("should say why nothing is at a path when the build knows", () => {
  const problems = check(
    { "index.html": page('<a href="/blog/posts/soon/">soon</a>'), "blog/index.html": page("") },
    {
      explainMissing: (path) =>
        path === "blog/posts/soon/index.html" ? "a link to a published post (soon.md is a draft)" : undefined,
    },
  );

  assert.equal(problems, ["index.html: link /blog/posts/soon/: a link to a published post (soon.md is a draft)"]);
});

test("should read ids and links from attributes in any quoting, with entities decoded", () => {
  const links = readPageLinks(
    `<a href='/x?a=1&amp;b=2' id=top-link>x</a><A HREF=/y/>y</A><p data-url="https://margo.example/z/" class="c">z</p><!-- <a href="/commented/"> -->`,
  );

  assert.equal(links.links, ["/x?a=1&b=2", "/y/", "https://margo.example/z/"]);
  assert.equal([...links.ids], ["top-link"]);
});

test("should split srcset candidates at the commas between them", () => {
  assert.equal(srcsetUrls("/a.png 1x,/b,c.png 2x, /d.png"), ["/a.png", "/b,c.png", "/d.png"]);
});

test.run();
