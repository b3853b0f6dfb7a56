// A client syncs by the manifests: content digests hold across clocks and move with the
// content, and scripts/mirror-api.mjs fetches only what changed from a build served on loopback.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mirror, type MirrorResult } from "../../scripts/mirror-api.mjs";
import { outputFileOf } from "../../src/config/site-paths.ts";
import type { Manifest } from "../../src/schemas/manifest.ts";
import { buildSite, copyContent, listFiles, makeTempDir, removeDir } from "./support/build-site.ts";
import { keepOnlyProjects } from "./support/small-images.ts";
import { startStaticServer, type StaticServer } from "./support/static-server.ts";

const EPOCH = 1_795_000_000;
// A later clock, the same content: every envelope's meta.generated differs.
const LATER = EPOCH + 86_400;
const MANIFESTS = ["api/v1/manifest.json", "blog/api/v1/manifest.json"];
const OLD_TAGLINE = "A FHIRPath evaluator in Rust that also runs in the browser through WebAssembly";
const NEW_TAGLINE = "A FHIRPath engine retuned to test the manifest";

let server: StaticServer;
let served: string;
let changedOut: string;
let mirrorFolder: string;
const temp: string[] = [];
/** Manifests by file: the first build, the rebuild at a later clock, the build with the changed tagline. */
let first: Record<string, Manifest>;
let later: Record<string, Manifest>;
let changed: Record<string, Manifest>;
/** Every file of the first build, by its name in the output folder, read before the rebuild replaced them. */
let firstFiles: Map<string, Buffer>;
/** The two mirror runs: what each fetched, and what the server was asked for. */
const runs: { result: MirrorResult; requests: string[] }[] = [];

const PORTFOLIO_MANIFEST = "/api/v1/manifest.json";
const manifestsOf = (outDir: string): Record<string, Manifest> =>
  Object.fromEntries(
    MANIFESTS.map((file) => [file, (JSON.parse(readFileSync(join(outDir, file), "utf8")) as { data: Manifest }).data]),
  );
const byPath = (manifest: Manifest | undefined) => new Map((manifest?.files ?? []).map((file) => [file.path, file]));
/** The file a manifest path names (a URL path: `C%2B%2B.json` is the file `C++.json`), in the output or the mirror. */
function fileOf(path: string): string {
  const file = outputFileOf({ basePath: "" }, path);
  if (file === null) throw new Error(`${path} is not a site path`);
  return file;
}

/** Builds with the server's origin as SITE_URL; returns the output folder. */
async function build(options: Parameters<typeof buildSite>[0]): Promise<string> {
  const result = await buildSite({ siteUrl: server.origin, ...options });
  temp.push(result.outDir);
  assert.is(result.status, 0, result.output);
  return result.outDir;
}

async function mirrorRun(): Promise<MirrorResult> {
  server.requests.length = 0;
  const result = await mirror(`${server.origin}${PORTFOLIO_MANIFEST}`, mirrorFolder);
  runs.push({ result, requests: [...server.requests] });
  return result;
}

test.before(async () => {
  served = makeTempDir("manifest-served");
  mirrorFolder = makeTempDir("manifest-mirror");
  temp.push(served, mirrorFolder);
  // The server first, so the builds can be given its origin as SITE_URL: the manifests' URLs point at it.
  server = await startStaticServer(served);
  // Every build reads a copy, so none has the repository's history for posts' `updated` dates.
  const content = copyContent();
  temp.push(content);
  // Three projects, fhirpath-rs among them: the server's port, so SITE_URL, is new each run, and
  // the first build renders each project's social image afresh.
  keepOnlyProjects(content, ["fhirpath-rs", "kestrel-os", "hl7.lint"]);
  await build({ outDir: served, epoch: EPOCH, contentDir: content });
  first = manifestsOf(served);
  firstFiles = new Map(listFiles(served).map((file) => [file, readFileSync(join(served, file))]));
  await mirrorRun();
  // Rebuilt in place at a later clock with the same content, then mirrored again.
  await build({ outDir: served, epoch: LATER, contentDir: content });
  later = manifestsOf(served);
  await mirrorRun();

  const project = join(content, "projects/fhirpath-rs.md");
  const source = readFileSync(project, "utf8");
  if (!source.includes(`tagline: ${OLD_TAGLINE}\n`))
    throw new Error("the sample project's tagline this test changes is gone");
  writeFileSync(project, source.replace(OLD_TAGLINE, NEW_TAGLINE));
  changedOut = await build({ epoch: EPOCH, contentDir: content });
  changed = manifestsOf(changedOut);
});

test.after(async () => {
  await server?.stop();
  for (const dir of temp) removeDir(dir);
});

test("should mirror every file of the portfolio API on a first run, each byte as served", () => {
  const listed = first["api/v1/manifest.json"]?.files.map((file) => file.path) ?? [];
  const [run] = runs;

  assert.ok(listed.length > 50, `${listed.length} files listed`);
  assert.equal(run?.result.fetched, listed);
  assert.equal(run?.requests, [PORTFOLIO_MANIFEST, ...listed]);
});

test("should fetch nothing but the manifest after a rebuild at a later clock", () => {
  const run = runs[1];

  assert.equal(run?.requests, [PORTFOLIO_MANIFEST]);
  assert.equal(run?.result.fetched, []);
  assert.equal(run?.result.removed, []);
  // What the folder holds is still the first build's bytes, which the content digests say are current.
  for (const path of run?.result.kept ?? [])
    assert.ok(
      readFileSync(join(mirrorFolder, fileOf(path))).equals(firstFiles.get(fileOf(path)) ?? Buffer.alloc(0)),
      path,
    );
});

test("should keep every content digest across clocks while the bytes of the envelope files change", () => {
  for (const file of MANIFESTS) {
    const before = first[file];
    const after = later[file];
    if (!before || !after) throw new Error(`${file} missing`);

    assert.equal(
      after.files.map((entry) => [entry.path, entry.contentSha256]),
      before.files.map((entry) => [entry.path, entry.contentSha256]),
      file,
    );
    assert.is(after.contentSha256, before.contentSha256, file);
    // Proof that the clocks differ: the byte digests of the envelope files do not survive.
    const moved = after.files.filter((entry, index) => entry.sha256 !== before.files[index]?.sha256);
    assert.ok(moved.length > 10, `${file}: ${moved.length} files changed bytes`);
    assert.is.not(after.sha256, before.sha256, file);
  }
});

test("should change the content digest of exactly the files that mention a changed tagline", () => {
  for (const file of MANIFESTS) {
    const before = byPath(first[file]);
    const after = byPath(changed[file]);
    assert.equal([...after.keys()], [...before.keys()], file);

    const moved = [...after.values()]
      .filter((entry) => before.get(entry.path)?.contentSha256 !== entry.contentSha256)
      .map((entry) => entry.path);

    // What the two builds' files say, grepped: the old tagline in the first, the new one in the other.
    const mentions = [...before.keys()].filter(
      (path) =>
        (firstFiles.get(fileOf(path))?.toString("utf8") ?? "").includes(OLD_TAGLINE) ||
        readFileSync(join(changedOut, fileOf(path)), "utf8").includes(NEW_TAGLINE),
    );
    assert.equal(moved, mentions, file);
    if (file.startsWith("api/")) {
      assert.ok(mentions.includes("/api/v1/projects/fhirpath-rs.json"), "the project's own file");
      assert.ok(mentions.length > 3, `the files listing the project too: ${mentions.join(", ")}`);
    }
  }
});

/*
 * The manifest is untrusted input to the mirror. Each case below serves the rebuild's portfolio
 * manifest with one thing changed and runs the mirror on the folder the runs above filled.
 */

let rebuiltManifest: string | undefined;
/** Serves the portfolio manifest of the rebuild, changed by `change`, in place of the real one. */
function serveManifest(change: (files: Record<string, unknown>[]) => void): void {
  const file = join(served, PORTFOLIO_MANIFEST);
  rebuiltManifest ??= readFileSync(file, "utf8");
  const body = JSON.parse(rebuiltManifest) as { data: { files: Record<string, unknown>[] } };
  change(body.data.files);
  writeFileSync(file, JSON.stringify(body));
}

/** The mirror's refusal message, or fails when it did not refuse. */
async function refusal(): Promise<string> {
  try {
    await mirrorRun();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  assert.unreachable("the mirror accepted the manifest");
  return "";
}

test("should remove a mirrored file the manifest no longer lists, and fetch nothing else", async () => {
  serveManifest((files) =>
    files.splice(
      files.findIndex((entry) => entry.path === "/api/v1/awards.json"),
      1,
    ),
  );

  const result = await mirrorRun();

  assert.equal(result.removed, ["/api/v1/awards.json"]);
  assert.equal(result.fetched, []);
  assert.not.ok(existsSync(join(mirrorFolder, "api/v1/awards.json")));
  assert.equal(runs.at(-1)?.requests, [PORTFOLIO_MANIFEST]);
});

test("should refuse a manifest path that leaves the folder, writing nothing", async () => {
  serveManifest((files) => files.push({ ...files[0], path: "/api/../../escape.json" }));

  const message = await refusal();

  assert.match(
    message,
    'refusing the manifest: the path "/api/../../escape.json" does not name a file inside the folder',
  );
  assert.not.ok(existsSync(join(mirrorFolder, "../escape.json")));
  assert.equal(runs.at(-1)?.requests ?? [PORTFOLIO_MANIFEST], [PORTFOLIO_MANIFEST]);
});

test("should refuse a manifest URL on another origin, without asking it", async () => {
  serveManifest((files) =>
    files.push({ ...files[0], path: "/api/v1/elsewhere.json", url: "http://192.0.2.1/steal.json" }),
  );

  const message = await refusal();

  assert.match(message, 'refusing the manifest: "http://192.0.2.1/steal.json" is not on');
  assert.not.ok(existsSync(join(mirrorFolder, "api/v1/elsewhere.json")));
});

test("should refuse a download whose bytes differ from the manifest's digest, keeping the file it had", async () => {
  const path = "/api/v1/stats.json";
  const held = readFileSync(join(mirrorFolder, path));
  writeFileSync(join(served, path), '{"meta":{},"data":"tampered"}\n');
  // A new content digest makes the mirror fetch the file; its bytes no longer match `sha256`.
  serveManifest((files) => {
    const entry = files.find((candidate) => candidate.path === path);
    if (entry) entry.contentSha256 = "0".repeat(64);
  });

  const message = await refusal();

  assert.match(message, `${server.origin}${path} does not match the manifest`);
  assert.ok(readFileSync(join(mirrorFolder, path)).equals(held));
});

test.run();
