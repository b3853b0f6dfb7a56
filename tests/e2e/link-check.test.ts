import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, listFiles, makeTempDir, removeDir, type BuildResult } from "./support/build-site.ts";

const EPOCH = 1795000000;
const ROOT = "https://margo.example";
const PATH_BASE = "https://owner.github.io/portfolio";

/** The output file a URL of this site names, or null when the URL is not under the site. */
function fileOf(outDir: string, base: string, url: URL): string | null {
  const address = url.origin + url.pathname;
  if (address !== base && !address.startsWith(`${base}/`)) return null;
  let path = decodeURIComponent(address.slice(base.length)) || "/";
  if (path.endsWith("/")) path += "index.html";
  return join(outDir, path);
}

interface Broken {
  url: string;
  from: string;
}

/** Every link, image, script, stylesheet and social image of every page, and every site URL in every JSON file. */
function brokenLinks(outDir: string, base: string): Broken[] {
  const broken: Broken[] = [];
  const idsOf = new Map<string, Set<string>>();
  const ids = (file: string) => {
    let found = idsOf.get(file);
    if (!found) {
      found = new Set([...readFileSync(file, "utf8").matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? ""));
      idsOf.set(file, found);
    }
    return found;
  };
  const check = (raw: string, pageUrl: string, from: string) => {
    if (raw.includes("{") || /^(mailto:|data:|javascript:)/.test(raw)) return;
    const url = new URL(raw.replace(/&amp;/g, "&"), pageUrl);
    const file = fileOf(outDir, base, url);
    if (file === null) return;
    if (!existsSync(file)) broken.push({ url: url.href, from });
    else if (url.hash && file.endsWith(".html") && !ids(file).has(decodeURIComponent(url.hash.slice(1)))) broken.push({ url: url.href, from: `${from} (no such id)` });
  };
  for (const file of listFiles(outDir)) {
    const full = join(outDir, file);
    if (file.endsWith(".html")) {
      const pageUrl = `${base}/${file.replace(/index\.html$/, "")}`;
      const text = readFileSync(full, "utf8");
      for (const match of text.matchAll(/\s(?:href|src)="([^"]*)"/g)) check(match[1] ?? "", pageUrl, file);
      for (const match of text.matchAll(/(?:property|name)="(?:og:url|og:image|twitter:image|search-index)" content="([^"]*)"/g)) check(match[1] ?? "", pageUrl, file);
    } else if (file.endsWith(".json")) {
      const visit = (value: unknown): void => {
        if (typeof value === "string") {
          if (value.startsWith(`${base}/`)) check(value, base, file);
        } else if (value && typeof value === "object") Object.values(value).forEach(visit);
      };
      visit(JSON.parse(readFileSync(full, "utf8")));
    }
  }
  return broken;
}

let root: BuildResult;
let pathBase: BuildResult;

test.before(async () => {
  [root, pathBase] = await Promise.all([buildSite({ siteUrl: ROOT, epoch: EPOCH }), buildSite({ siteUrl: PATH_BASE, epoch: EPOCH })]);
});

test.after(() => {
  removeDir(root.outDir);
  removeDir(pathBase.outDir);
});

test("should resolve every internal link and every site URL in every JSON file to a built file", () => {
  assert.is(root.status, 0, root.output);
  const broken = brokenLinks(root.outDir, ROOT);

  assert.equal(broken.map((b) => `${b.url} <- ${b.from}`), []);
});

test("should resolve every link under a base path too", () => {
  assert.is(pathBase.status, 0, pathBase.output);
  const broken = brokenLinks(pathBase.outDir, PATH_BASE);

  assert.equal(broken.map((b) => `${b.url} <- ${b.from}`), []);
});

test("should report a link to a missing page, a missing id and a JSON URL to a missing file", () => {
  const dir = makeTempDir("links");
  mkdirSync(join(dir, "a"), { recursive: true });
  writeFileSync(join(dir, "index.html"), '<a href="/a/">ok</a> <a href="/missing/">gone</a> <a href="/a/#nowhere">bad anchor</a> <a href="https://elsewhere.example/x">external</a>');
  writeFileSync(join(dir, "a", "index.html"), '<h2 id="here">Here</h2>');
  writeFileSync(join(dir, "data.json"), JSON.stringify({ ok: `${ROOT}/a/`, gone: `${ROOT}/nope.json`, template: `${ROOT}/{name}.json` }));

  const broken = brokenLinks(dir, ROOT).map((b) => b.url).sort();
  removeDir(dir);

  assert.equal(broken, [`${ROOT}/a/#nowhere`, `${ROOT}/missing/`, `${ROOT}/nope.json`]);
});

test("should write a page for every page URL the APIs publish", () => {
  const projects = JSON.parse(readFileSync(join(root.outDir, "api/v1/projects.json"), "utf8")) as { data: { urls: { page: string } }[] };
  const posts = JSON.parse(readFileSync(join(root.outDir, "blog/api/v1/posts.json"), "utf8")) as { data: { url: string; tags: { url: string }[] }[] };
  const pages = [...projects.data.map((p) => p.urls.page), ...posts.data.map((p) => p.url), ...posts.data.flatMap((p) => p.tags.map((t) => t.url))];

  const missing = pages.filter((url) => !existsSync(fileOf(root.outDir, ROOT, new URL(url)) ?? ""));

  assert.ok(pages.length > 50);
  assert.equal(missing, []);
});

test.run();
