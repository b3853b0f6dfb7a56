import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildManifest,
  canonicalJson,
  contentDigest,
  isWrittenAfterBuild,
  MANIFEST_ROUTE_ID,
  writeManifest,
} from "../../../src/api/manifest.ts";
import { portfolioApi } from "../../../src/api/portfolio/routes.ts";
import { renderRouteFile, routePermalink } from "../../../src/api/render-file.ts";
import { availableRoutes, expandParams, routeById } from "../../../src/api/route.ts";
import { formatProblems, validateSite } from "../../../src/checks/validate-site.ts";
import { outputFileOf } from "../../../src/config/site-paths.ts";
import { useBuildCache } from "../../../src/util/build-cache.ts";
import { fixtureModel } from "../support/model.ts";

const model = await fixtureModel({}, { SITE_URL: "https://x.example/portfolio/" });
const sha256 = (bytes: string | Buffer) => createHash("sha256").update(bytes).digest("hex");
const portfolioOutput = { openapi: "api/openapi.json", root: "", owns: ["api"], pages: [] };

/** The file a manifest path names: a URL path, so `C%2B%2B.json` is the file `C++.json`. */
const fileOf = (path: string): string => outputFileOf({ basePath: "" }, path) ?? "";

/** Writes every file of the fixture's portfolio API but the manifest into a new folder. */
function writeApiFiles(): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-manifest-"));
  for (const route of availableRoutes(portfolioApi, model).filter((route) => !isWrittenAfterBuild(route))) {
    for (const params of expandParams(route, model)) {
      const target = join(dir, routePermalink(portfolioApi, route.id, params));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, renderRouteFile(portfolioApi, model, route.id, params));
    }
  }
  return dir;
}

test("should serialize JSON canonically: keys sorted by code unit, no whitespace", () => {
  const text = canonicalJson({ b: [1, { z: null, a: "é" }], a: true, B: 1.5, "\u20ac": 0 });

  assert.is(text, '{"B":1.5,"a":true,"b":[1,{"a":"é","z":null}],"€":0}');
});

test("should give two envelope files that differ only in meta the same content digest", () => {
  const route = routeById(portfolioApi, "getProfile");
  const a = Buffer.from(
    JSON.stringify({ meta: { generated: "2026-01-01T00:00:00Z" }, data: { name: "x", links: [1, 2] } }),
  );
  const b = Buffer.from(
    JSON.stringify({ data: { links: [1, 2], name: "x" }, meta: { generated: "2027-01-01T00:00:00Z" } }, null, 2),
  );
  const c = Buffer.from(
    JSON.stringify({ meta: { generated: "2026-01-01T00:00:00Z" }, data: { name: "y", links: [1, 2] } }),
  );

  assert.is(contentDigest(route, a), contentDigest(route, b));
  assert.is.not(contentDigest(route, a), contentDigest(route, c));
  assert.is(contentDigest(route, a), sha256('{"links":[1,2],"name":"x"}'));
});

test("should digest a raw file's bytes as they are", () => {
  const bytes = Buffer.from("card\n");

  assert.is(contentDigest(routeById(portfolioApi, "getCardText"), bytes), sha256(bytes));
});

test("should list every other file of the API with the digests of the bytes on disk, by path", () => {
  const dir = writeApiFiles();
  try {
    const manifest = buildManifest(dir, portfolioApi, model, new Map());

    const written = availableRoutes(portfolioApi, model)
      .filter((route) => route.id !== MANIFEST_ROUTE_ID)
      .flatMap((route) => expandParams(route, model).map((params) => routePermalink(portfolioApi, route.id, params)))
      .sort();
    const paths = manifest.files.map((file) => file.path);
    assert.equal(paths, [...paths].sort());
    assert.equal(paths.map(fileOf).sort(), written);
    for (const file of manifest.files) {
      const bytes = readFileSync(join(dir, fileOf(file.path)));
      assert.is(file.sha256, sha256(bytes), file.path);
      assert.is(file.bytes, bytes.length, file.path);
      assert.is(file.url, `https://x.example/portfolio${file.path}`);
    }
    assert.is(manifest.sha256, sha256(manifest.files.map((file) => `${file.sha256}  ${file.path}\n`).join("")));
    assert.is(
      manifest.contentSha256,
      sha256(manifest.files.map((file) => `${file.contentSha256}  ${file.path}\n`).join("")),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should hash what the build wrote before what is on disk, and leave out a missing file", () => {
  const dir = writeApiFiles();
  try {
    const stats = join(dir, "api/v1/stats.json");
    const written = new Map([[resolve(stats), '{"meta":{},"data":"ünï"}\n']]);
    rmSync(join(dir, "api/v1/awards.json"));

    const manifest = buildManifest(dir, portfolioApi, model, written);

    const entry = manifest.files.find((file) => file.path === "/api/v1/stats.json");
    assert.is(entry?.sha256, sha256('{"meta":{},"data":"ünï"}\n'));
    assert.is(entry?.bytes, Buffer.byteLength('{"meta":{},"data":"ünï"}\n'));
    assert.is(entry?.contentSha256, sha256('"ünï"'));
    assert.not.ok(manifest.files.some((file) => file.path === "/api/v1/awards.json"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should hash a file again in the next build when its text changed, and give the same digests when not", () => {
  const dir = writeApiFiles();
  try {
    const stats = resolve(dir, "api/v1/stats.json");
    const entry = (text: string) =>
      buildManifest(dir, portfolioApi, model, new Map([[stats, text]])).files.find(
        (file) => file.path === "/api/v1/stats.json",
      );
    const text = '{"meta":{},"data":"one"}\n';
    const first = entry(text);
    // The same text (`npm start` hands an unchanged file's very text again), then a new one.
    assert.equal(entry(text), first);
    const changed = entry('{"meta":{},"data":"two"}\n');
    assert.is(changed?.sha256, sha256('{"meta":{},"data":"two"}\n'));
    assert.is(changed?.contentSha256, sha256('"two"'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should find the content digest it kept by a file's bytes without the line of meta.generated", () => {
  const dir = writeApiFiles();
  useBuildCache(join(dir, ".cache"));
  try {
    const stats = resolve(dir, "api/v1/stats.json");
    const text = readFileSync(stats, "utf8");
    const kept = buildManifest(dir, portfolioApi, model, new Map()).files.find(
      (file) => file.path === "/api/v1/stats.json",
    );
    // Another build's time on a line no JSON parser takes: its digest can only be the kept one.
    const moved = text.replace(/^ {4}"generated": .*$/m, '    "generated": "a later build" ?,');
    assert.is.not(moved, text);
    const again = buildManifest(dir, portfolioApi, model, new Map([[stats, moved]]));
    const entry = again.files.find((file) => file.path === "/api/v1/stats.json");
    assert.is(entry?.sha256, sha256(moved));
    assert.is(entry?.contentSha256, kept?.contentSha256);
    assert.is.not(entry?.contentSha256, contentDigest(routeById(portfolioApi, "getStats"), moved));
  } finally {
    useBuildCache(undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should write a manifest the after-build validation accepts, and record it as written", () => {
  const dir = writeApiFiles();
  try {
    const written = new Map<string, string>();

    writeManifest(dir, portfolioApi, model, written);

    const file = resolve(dir, "api/v1/manifest.json");
    assert.is(written.get(file), readFileSync(file, "utf8"));
    assert.is(formatProblems(validateSite(dir, [portfolioOutput])), "");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should have the after-build validation refuse a manifest whose digest is not SHA-256 hex", () => {
  const dir = writeApiFiles();
  try {
    writeManifest(dir, portfolioApi, model, new Map());
    const file = join(dir, "api/v1/manifest.json");
    const body = JSON.parse(readFileSync(file, "utf8")) as { data: { files: { sha256: string }[] } };
    const first = body.data.files[0];
    if (!first) throw new Error("expected a file in the manifest");
    first.sha256 = "not-a-digest";
    writeFileSync(file, JSON.stringify(body));

    const problems = formatProblems(validateSite(dir, [portfolioOutput]));

    assert.match(problems, "api/v1/manifest.json: /data/files/0/sha256: must match pattern");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should refuse to render the manifest from the model alone", () => {
  assert.throws(() => renderRouteFile(portfolioApi, model, MANIFEST_ROUTE_ID), /after-build hook writes it/);
});

test.run();
