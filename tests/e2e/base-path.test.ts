import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  envelopeFiles,
  listFiles,
  portfolioFiles,
  readJson,
  readText,
  removeDir,
  type ApiIndex,
  type BuildResult,
  type Envelope,
  filesPromisedByIndex,
} from "./support/build-site.ts";
import { SAMPLE_BASE_URL, SAMPLE_EPOCH, sampleSiteAtBase } from "./support/sample-site.ts";

const EPOCH = SAMPLE_EPOCH;
/** The build at BASE is the run's shared one (support/sample-site.ts), which this file only reads. */
const BASE = SAMPLE_BASE_URL;
const ROOT = "https://owner.github.io";

let base: Pick<BuildResult, "outDir">;
let baseWithSlash: BuildResult;
let root: BuildResult;

test.before(async () => {
  let shared: string;
  [shared, baseWithSlash, root] = await Promise.all([
    sampleSiteAtBase(),
    buildSite({ siteUrl: `${BASE}/`, epoch: EPOCH }),
    buildSite({ siteUrl: ROOT, epoch: EPOCH }),
  ]);
  base = { outDir: shared };
});

test.after(() => {
  for (const build of [baseWithSlash, root]) if (build) removeDir(build.outDir);
});

interface Linked {
  urls?: { page?: string; api?: string; og_image?: string };
  project_url?: string;
}

/** Every URL of the build that the product derives from SITE_URL (not URLs the owner typed), by file. */
function siteUrlsOf(outDir: string): { file: string; url: string }[] {
  const found: { file: string; url: string }[] = [];
  const add = (file: string, url: string | undefined | null) => {
    if (typeof url === "string") found.push({ file, url });
    else found.push({ file, url: `(missing: ${String(url)})` });
  };
  const linked = (file: string, item: Linked) => {
    if (item.urls) {
      add(file, item.urls.page);
      add(file, item.urls.api);
      if ("og_image" in item.urls) add(file, item.urls.og_image);
    }
    if ("project_url" in item) add(file, item.project_url);
  };
  for (const file of envelopeFiles(outDir)) {
    const { meta, data } = readJson<Envelope>(outDir, file);
    add(file, meta.self);
    add(file, meta.docs);
    const items = Array.isArray(data) ? data : [data];
    for (const item of items as (Linked & Record<string, unknown>)[]) {
      linked(file, item);
      if (Array.isArray(item.projects))
        for (const project of item.projects) if (typeof project === "object") linked(file, project as Linked);
    }
  }
  const index = readJson<Envelope<ApiIndex>>(outDir, "api/v1/index.json").data;
  add("index.json", index.docs);
  add("index.json", index.openapi);
  for (const endpoint of index.endpoints) add("index.json", endpoint.url);
  const profile = readJson<Envelope<{ links: Record<string, string>; pgp: { key_url: string } | null }>>(
    outDir,
    "api/v1/profile.json",
  ).data;
  for (const key of ["site", "blog", "api"]) add("profile.json", profile.links[key]);
  add("profile.json", profile.pgp?.key_url);
  add("now.json", readJson<Envelope<{ url: string }>>(outDir, "api/v1/now.json").data.url);
  for (const item of readJson<Envelope<{ kind: string; url: string }[]>>(outDir, "api/v1/search.json").data) {
    if (item.kind !== "post") add("search.json", item.url);
  }
  const openapi = readJson<{ servers: { url: string }[]; externalDocs: { url: string } }>(outDir, "api/openapi.json");
  for (const server of openapi.servers) add("openapi.json", `${server.url}/`);
  add("openapi.json", openapi.externalDocs.url);
  return found;
}

test("should build under a base path with exit code 0", () => {
  // sampleSiteAtBase() rejects, with the build's output, unless the build exited with 0.
  assert.ok(existsSync(join(base.outDir, "index.html")), base.outDir);
  assert.is(root.status, 0, root.output);
});

test("should begin every self, page, api and docs URL with the base URL and its path", () => {
  const urls = siteUrlsOf(base.outDir);
  assert.ok(urls.length > 200, `only ${urls.length} URLs found`);
  const wrong = urls.filter(({ url }) => !url.startsWith(`${BASE}/`));
  assert.equal(wrong, []);
});

test("should carry the base path on every URL of the site's host in any output file", () => {
  const wrong: string[] = [];
  for (const file of listFiles(base.outDir)) {
    const text = readFileSync(join(base.outDir, file), "utf8");
    for (const match of text.matchAll(/https?:\/\/owner\.github\.io[^\s"'<>)\]`]*/g)) {
      if (match[0] !== BASE && !match[0].startsWith(`${BASE}/`)) wrong.push(`${file}: ${match[0]}`);
    }
  }
  assert.equal(wrong, []);
});

test("should give search.json paths of pages, projects and domains that start with the base path", () => {
  const items = readJson<Envelope<{ kind: string; path: string; url: string }[]>>(
    base.outDir,
    "api/v1/search.json",
  ).data;
  const local = items.filter((item) => item.kind !== "post");
  assert.ok(local.length >= 36 + 11);
  for (const item of local) {
    assert.ok(item.path.startsWith("/portfolio/"), `${item.kind} ${item.path}`);
    assert.is(BASE.replace(/\/portfolio$/, "") + item.path, item.url);
  }
});

test("should still write the files at api/v1/... of the output folder, not under the base path", () => {
  assert.ok(existsSync(join(base.outDir, "api/v1/index.json")));
  assert.ok(existsSync(join(base.outDir, "api/openapi.json")));
  assert.ok(existsSync(join(base.outDir, "pgp.asc")));
  assert.not.ok(existsSync(join(base.outDir, "portfolio")));
  // Exactly the files its index promises.
  assert.equal(
    portfolioFiles(base.outDir),
    filesPromisedByIndex(readJson<{ data: ApiIndex }>(base.outDir, "api/v1/index.json").data),
  );
  assert.equal(listFiles(base.outDir), listFiles(root.outDir));
});

test("should use no root-relative link in the documentation page that skips the base path", () => {
  const html = readText(base.outDir, "docs/api/index.html");
  const wrong = [...html.matchAll(/(?:href|src|action)="(\/[^"]*)"/g)]
    .map((m) => m[1])
    .filter((link) => !link?.startsWith("/portfolio/"));
  assert.equal(wrong, []);
});

test("should put the base path in the card's URLs", () => {
  assert.match(readText(base.outDir, "api/v1/card.txt"), `${BASE}/api/v1/index.json`);
});

test("should build the same bytes whether SITE_URL ends with a slash or not", () => {
  assert.is(baseWithSlash.status, 0, baseWithSlash.output);
  const files = listFiles(base.outDir);
  assert.equal(listFiles(baseWithSlash.outDir), files);
  for (const file of files) assert.ok(readText(base.outDir, file) === readText(baseWithSlash.outDir, file), file);
});

test("should give search.json paths that start with / but not /portfolio for a root base URL", () => {
  const items = readJson<Envelope<{ kind: string; path: string }[]>>(root.outDir, "api/v1/search.json").data;
  for (const item of items.filter((i) => i.kind !== "post")) {
    assert.ok(item.path.startsWith("/"), item.path);
    assert.not.ok(item.path.startsWith("/portfolio"), item.path);
  }
  const wrong = siteUrlsOf(root.outDir).filter(
    ({ url }) => !url.startsWith(`${ROOT}/`) || url.startsWith(`${ROOT}/portfolio`),
  );
  assert.equal(wrong, []);
});

test.run();
