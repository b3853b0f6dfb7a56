import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ContentDigests } from "../../../src/api/content-digests.ts";
import { buildManifest } from "../../../src/api/manifest.ts";
import { portfolioApi } from "../../../src/api/portfolio/routes.ts";
import { renderRouteFile, routePermalink } from "../../../src/api/render-file.ts";
import { availableRoutes, expandParams } from "../../../src/api/route.ts";
import { checksummed } from "../../../src/util/checksummed-file.ts";
import { fixtureModel } from "../support/model.ts";
import { withTempFolder } from "../support/temp-folder.ts";

const model = await fixtureModel({}, { SITE_URL: "https://x.example/portfolio/" });

/** The fixture's portfolio API files (manifest aside) as the build's `written` map, in a folder that holds nothing. */
function written(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const route of availableRoutes(portfolioApi, model).filter((route) => route.id !== "getManifest"))
    for (const params of expandParams(route, model))
      files.set(
        join(dir, routePermalink(portfolioApi, route.id, params)),
        renderRouteFile(portfolioApi, model, route.id, params),
      );
  return files;
}

/** A digest cache that counts what it had to compute. */
function counting(file: string): { digests: ContentDigests; computed: () => number } {
  const digests = new ContentDigests(file);
  let computed = 0;
  const of = digests.of.bind(digests);
  digests.of = (bytes, compute) =>
    of(bytes, () => {
      computed += 1;
      return compute();
    });
  return { digests, computed: () => computed };
}

test(
  "should give the manifest it gives without a cache, and compute each digest once across builds",
  withTempFolder("digests", (dir) => {
    const files = written(dir);
    const file = join(dir, "content-digests.json");
    const without = buildManifest(dir, portfolioApi, model, files);
    const first = counting(file);
    assert.equal(buildManifest(dir, portfolioApi, model, files, first.digests), without);
    assert.ok(first.computed() > 10, `computed ${first.computed()}`);
    first.digests.save();
    const second = counting(file);
    assert.equal(buildManifest(dir, portfolioApi, model, files, second.digests), without);
    assert.is(second.computed(), 0, "every digest came from the cache");
    second.digests.save();
    // One file's data changes: its digest is computed again, and is the one without a cache.
    const [changedFile, changedText] = [...files].find(([, text]) => String(text).includes('"data"')) ?? [];
    if (changedFile === undefined || changedText === undefined) throw new Error("no envelope file");
    files.set(changedFile, String(changedText).replace('"data": {', '"data": {\n    "added": 1,'));
    const third = counting(file);
    const changed = buildManifest(dir, portfolioApi, model, files, third.digests);
    assert.is(third.computed(), 1, "only the changed file is digested again");
    assert.equal(changed, buildManifest(dir, portfolioApi, model, files));
    assert.not.equal(changed.contentSha256, without.contentSha256);
  }),
);

test(
  "should keep only the digests this build used",
  withTempFolder("digests", (dir) => {
    const file = join(dir, "content-digests.json");
    const first = new ContentDigests(file);
    first.of("a".repeat(64), () => "b".repeat(64));
    first.of("c".repeat(64), () => "d".repeat(64));
    first.save();
    const second = new ContentDigests(file);
    second.of("c".repeat(64), () => "0".repeat(64));
    second.save();
    const kept = JSON.parse(readFileSync(file, "utf8").split("\n")[1] ?? "") as { digests: Record<string, string> };
    assert.equal(kept.digests, { ["c".repeat(64)]: "d".repeat(64) });
  }),
);

test(
  "should discard a damaged or foreign cache with one warning and compute every digest afresh",
  withTempFolder("digests", (dir) => {
    const cases: [string, string][] = [
      ["cut short", checksummed({ format: "x", digests: {} }).slice(0, 70)],
      [
        "an entry that is not a digest",
        checksummed({ format: "content-digests/1 jcs envelope-data", digests: { ["a".repeat(64)]: "<script>" } }),
      ],
      [
        "a key that is not a digest",
        checksummed({ format: "content-digests/1 jcs envelope-data", digests: { "../x": "a".repeat(64) } }),
      ],
    ];
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => warnings.push(line);
    try {
      for (const [name, text] of cases) {
        const file = join(dir, `${name.replaceAll(" ", "-")}.json`);
        writeFileSync(file, text);
        const digests = new ContentDigests(file);
        let computed = 0;
        const digest = digests.of("a".repeat(64), () => {
          computed += 1;
          return "e".repeat(64);
        });
        assert.is(computed, 1, name);
        assert.is(digest, "e".repeat(64), name);
      }
    } finally {
      console.warn = warn;
    }
    assert.is(warnings.length, 3, warnings.join("\n"));
    for (const line of warnings)
      assert.match(line, /content-digest cache .* it is discarded and every digest is computed afresh/);
  }),
);

test.run();
