import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readJson, type Envelope } from "./support/build-site.ts";
import { SAMPLE_BASE_URL, sampleSiteAtBase } from "./support/sample-site.ts";

/**
 * The run's shared sample build with a base path (support/sample-site.ts), read only: the test
 * also proves files sit at their URL's path relative to SITE_URL.
 */
const SITE_URL = SAMPLE_BASE_URL;

const build = { outDir: "" };

test.before(async () => {
  build.outDir = await sampleSiteAtBase();
});

/** The file an image URL names inside the output folder: its path relative to SITE_URL. */
function fileOf(url: string): string {
  assert.ok(url.startsWith(`${SITE_URL}/`), url);
  return join(build.outDir, decodeURIComponent(url.slice(SITE_URL.length + 1)));
}

/** The IEND chunk every whole PNG ends with: no data, then its CRC. */
const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** Signature, width and height from the IHDR chunk, and whether the file ends whole. */
function pngSize(file: string): { signature: boolean; width: number; height: number; whole: boolean } {
  const png = readFileSync(file);
  if (png.length < 33) return { signature: false, width: 0, height: 0, whole: false };
  return {
    signature: png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    whole: png.subarray(-IEND.length).equals(IEND),
  };
}

test("should build the sample site with exit code 0", () => {
  // sampleSiteAtBase() rejects, with the build's output, unless the build exited with 0.
  assert.ok(existsSync(join(build.outDir, "index.html")), build.outDir);
});

test("should write a whole 1200×630 PNG at every project's og_image URL", () => {
  const projects = readJson<Envelope<{ name: string; urls: { og_image: string } }[]>>(
    build.outDir,
    "api/v1/projects.json",
  ).data;
  assert.ok(projects.length > 0);

  const wrong = projects
    .map((project) => ({ name: project.name, file: fileOf(project.urls.og_image) }))
    .filter(
      ({ file }) =>
        !existsSync(file) ||
        JSON.stringify(pngSize(file)) !== JSON.stringify({ signature: true, width: 1200, height: 630, whole: true }),
    );
  assert.equal(wrong, []);
});

test("should write the site's whole 1200×630 PNG at og/site.png", () => {
  assert.equal(pngSize(join(build.outDir, "og/site.png")), { signature: true, width: 1200, height: 630, whole: true });
});

test.run();
