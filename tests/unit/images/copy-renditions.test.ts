import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BlogModel } from "../../../src/blog/blog-model.ts";
import type { SiteConfig } from "../../../src/config/site-config.ts";
import { ContentError } from "../../../src/content/content-error.ts";
import { copyAssets, type PublishedAsset, postImageAssets } from "../../../src/eleventy/published-assets.ts";
import { planImage } from "../../../src/images/rendition-plan.ts";
import { useBuildCache } from "../../../src/util/build-cache.ts";
import { childProcesses } from "../support/child-processes.ts";

/*
 * copyAssets with the image encoder's process: what the build publishes when a source is not
 * what it planned with, in which order it reports, and that no process outlives the copy.
 */

let root = "";
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), "img-copy-"));
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

const digestOf = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

const photo = (background: string): Promise<Buffer> =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** The encoder processes that are this test's children. */
const encoderProcesses = (): number[] => childProcesses("encode-process.mjs");

async function noEncoderLeft(): Promise<void> {
  for (let waited = 0; encoderProcesses().length > 0; waited += 20) {
    if (waited > 10_000) assert.unreachable("the encoder's process outlived the copy");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("should refuse a photo changed after it was planned, publishing none of it and keeping nothing", async () => {
  const planned = await photo("#345");
  const swapped = await photo("#f00");
  const source = join(root, "content/blog/images/p.jpg");
  mkdirSync(join(root, "content/blog/images"), { recursive: true });
  writeFileSync(source, planned);
  const url = "https://site.example/blog/images/p.jpg";
  const plan = planImage({ url, width: 120, height: 80, type: "jpg", digest: digestOf(planned) }, "s");
  const model = { posts: [{ pictures: new Map([[url, { source, plan }]]) }] } as unknown as BlogModel;
  const config = { baseUrl: "https://site.example", basePath: "", contentDir: join(root, "content") } as SiteConfig;
  const assets = postImageAssets(model, config);
  // Another picture in its place between the plan and the copy: its pixels must not be
  // published under the planned names, nor kept in the cache under the planned key.
  writeFileSync(source, swapped);
  const out = join(root, "out");
  const cacheDir = join(root, "cache", "images");
  useBuildCache(join(root, "cache"));

  const error = await copyAssets(assets, out)
    .catch((thrown: unknown) => thrown)
    .finally(() => useBuildCache(undefined));

  assert.instance(error, ContentError);
  assert.equal((error as ContentError).problems, [
    {
      file: source,
      field: "(content)",
      expected: "the file the build read at its start (it changed while the site was built: build again)",
      actual: "its bytes changed after the build read it",
    },
  ]);
  assert.not.ok(existsSync(join(out, "blog")), "nothing of the photo is published");
  assert.equal(existsSync(cacheDir) ? readdirSync(cacheDir, { recursive: true }) : [], []);
  await noEncoderLeft();
});

test("should report the encoder's problems and the others in the assets' order, and leave no process", async () => {
  const whole = await photo("#345");
  const cut = whole.subarray(0, whole.length / 2);
  writeFileSync(join(root, "cut.jpg"), cut);
  writeFileSync(join(root, "x.png"), "png");
  const assets: PublishedAsset[] = [
    {
      source: join(root, "cut.jpg"),
      file: "blog/images/cut-1-60.webp",
      root,
      convert: { format: "webp", width: 60, height: 40, drawing: false, digest: digestOf(cut) },
    },
    { source: join(root, "x.png"), file: "blog/../../x.png", root },
  ];

  const error = await copyAssets(assets, join(root, "out")).catch((thrown: unknown) => thrown);

  assert.instance(error, ContentError);
  assert.equal(
    (error as ContentError).problems.map((problem) => [problem.file, problem.field]),
    [
      [join(root, "cut.jpg"), "(content)"],
      [join(root, "x.png"), "(file name)"],
    ],
  );
  await noEncoderLeft();
});

test.run();
