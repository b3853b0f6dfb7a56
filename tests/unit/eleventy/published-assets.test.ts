import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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

// No build cache is set (useBuildCache): these tests keep nothing.

let root = "";
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), "h5-assets-"));
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

const config = (contentDir: string) =>
  ({ baseUrl: "https://site.example/base", basePath: "/base", contentDir }) as SiteConfig;

/**
 * A blog model with only what the image list reads: each post's pictures, images published as
 * they are (SVG) by URL, their source in `root`'s blog/images.
 */
function blog(urls: string[][], contentDir = root): BlogModel {
  const prefix = "https://site.example/base/blog/images/";
  const picture = (url: string) => {
    const source = join(contentDir, "blog/images", ...url.slice(prefix.length).split("/").map(decodeURIComponent));
    const plan = planImage({ url, width: 10, height: 10, type: "svg", digest: "0".repeat(64) }, "s");
    return [url, { source, plan }] as const;
  };
  return { posts: urls.map((list) => ({ pictures: new Map(list.map(picture)) })) } as unknown as BlogModel;
}

test("should list each image a published post shows once, from blog/images to its URL's file", () => {
  const assets = postImageAssets(
    blog([
      ["https://site.example/base/blog/images/b.svg"],
      ["https://site.example/base/blog/images/sub/my%20a.svg", "https://site.example/base/blog/images/b.svg"],
    ]),
    config(root),
  );
  assert.equal(assets, [
    { source: join(root, "blog/images/b.svg"), file: "blog/images/b.svg", root },
    { source: join(root, "blog/images/sub/my a.svg"), file: "blog/images/sub/my a.svg", root },
  ]);
});

test("should list a photo's renditions, each with what to make and the source's digest", () => {
  const url = "https://site.example/base/blog/images/p.jpg";
  const plan = planImage({ url, width: 1000, height: 500, type: "jpg", digest: "d".repeat(64) }, "s");
  const model = {
    posts: [{ pictures: new Map([[url, { source: join(root, "p.jpg"), plan }]]) }],
  } as unknown as BlogModel;
  const assets = postImageAssets(model, config(root));
  assert.equal(
    assets.map((asset) => [asset.file.replace(/-[0-9a-f]{16}-/, "-H-"), asset.convert?.width, asset.convert?.digest]),
    [
      ["blog/images/p-H-1000.avif", 1000, "d".repeat(64)],
      ["blog/images/p-H-1000.webp", 1000, "d".repeat(64)],
      ["blog/images/p-H-480.avif", 480, "d".repeat(64)],
      ["blog/images/p-H-480.jpg", 480, "d".repeat(64)],
      ["blog/images/p-H-480.webp", 480, "d".repeat(64)],
      ["blog/images/p-H-960.avif", 960, "d".repeat(64)],
      ["blog/images/p-H-960.jpg", 960, "d".repeat(64)],
      ["blog/images/p-H-960.webp", 960, "d".repeat(64)],
      ["blog/images/p.jpg", undefined, undefined],
    ],
  );
});

test("should list the profile's photo, with or without a blog, beside the posts' images", () => {
  const url = "https://site.example/base/images/me.png";
  const plan = planImage({ url, width: 300, height: 300, type: "png", digest: "e".repeat(64) }, "s");
  const photo = { source: join(root, "me.png"), plan };

  const alone = postImageAssets(null, config(root), photo);
  const beside = postImageAssets(blog([["https://site.example/base/blog/images/b.svg"]]), config(root), photo);

  const files = (assets: PublishedAsset[]) => assets.map((asset) => asset.file.replace(/-[0-9a-f]{16}-/, "-H-"));
  assert.equal(files(alone), ["images/me-H-300.avif", "images/me-H-300.webp", "images/me.png"]);
  assert.equal(files(beside), ["blog/images/b.svg", ...files(alone)]);
  assert.equal(postImageAssets(null, config(root)), []);
});

for (const linked of ["blog", "blog/images"]) {
  test(`should refuse to copy a post image when ${linked} is a symbolic link to a folder elsewhere`, async () => {
    const outside = join(root, "outside");
    mkdirSync(join(outside, "images"), { recursive: true });
    writeFileSync(join(outside, "images/leak.svg"), "<svg/>");
    writeFileSync(join(outside, "leak.svg"), "<svg/>");
    const contentDir = join(root, "content");
    mkdirSync(contentDir);
    if (linked !== "blog") mkdirSync(join(contentDir, "blog"));
    symlinkSync(linked === "blog" ? outside : join(outside, "images"), join(contentDir, linked));
    const out = join(root, "out");
    const assets = postImageAssets(
      blog([["https://site.example/base/blog/images/leak.svg"]], contentDir),
      config(contentDir),
    );
    const error = await copyAssets(assets, out).catch((thrown: unknown) => thrown);
    assert.instance(error, ContentError);
    assert.match(
      (error as ContentError).message,
      new RegExp(`content/${linked}: \\(file\\): expected a file or folder, not a symbolic link`),
    );
    assert.not.ok(existsSync(join(out, "blog/images/leak.svg")));
  });
}

test("should copy the bytes of each asset into the output folder as new files", async () => {
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets/site.css"), "body{}");
  const out = join(root, "out");
  await copyAssets(
    [{ source: join(root, "assets/site.css"), file: "assets/site.css", root: join(root, "assets") }],
    out,
  );
  assert.is(readFileSync(join(out, "assets/site.css"), "utf8"), "body{}");
});

test("should refuse every symbolic link at once, naming each, and copy no link", async () => {
  const images = join(root, "blog/images");
  mkdirSync(images, { recursive: true });
  writeFileSync(join(root, "host-file"), "secret");
  symlinkSync(join(root, "host-file"), join(images, "a.png"));
  symlinkSync(join(root, "host-file"), join(images, "b.png"));
  writeFileSync(join(images, "c.png"), "png");
  const out = join(root, "out");
  const assets = ["a.png", "b.png", "c.png"].map((name) => ({
    source: join(images, name),
    file: `blog/images/${name}`,
    root: images,
  }));
  try {
    await copyAssets(assets, out);
    assert.unreachable("should refuse");
  } catch (error) {
    assert.instance(error, ContentError);
    const message = (error as ContentError).message;
    assert.match(message, /a\.png.*symbolic links are not followed/);
    assert.match(message, /b\.png.*symbolic links are not followed/);
  }
  assert.equal(readdirSync(join(out, "blog/images")), ["c.png"]);
  assert.ok(lstatSync(join(out, "blog/images/c.png")).isFile());
});

test("should refuse, with the symbolic links, every asset whose name cannot be an output file", async () => {
  writeFileSync(join(root, "x.png"), "png");
  writeFileSync(join(root, "a\\b.png"), "png");
  symlinkSync(join(root, "x.png"), join(root, "link.png"));
  const assets = [
    { source: join(root, "x.png"), file: "blog/../../x.png", root },
    { source: join(root, "a\\b.png"), file: "blog/images/a\\b.png", root },
    { source: join(root, "link.png"), file: "blog/images/link.png", root },
  ];
  const error = await copyAssets(assets, join(root, "out")).catch((thrown: unknown) => thrown);
  assert.instance(error, ContentError);
  const message = (error as ContentError).message;
  assert.match(
    message,
    /x\.png: \(file name\): expected a name that can be published as a file \(it has a `\.` or `\.\.` segment\)/,
  );
  assert.match(message, /a\\b\.png: \(file name\): .*\(it contains a backslash\)/);
  assert.match(message, /link\.png: .*symbolic links are not followed/);
  assert.not.ok(existsSync(join(root, "out/blog/images/a\\b.png")));
});

test("should refuse an image its decoder cannot read to the end, once, naming the file", async () => {
  const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#456" } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(root, "cut.jpg"), whole.subarray(0, Math.floor(whole.length / 2)));
  const url = "https://site.example/base/blog/images/cut.jpg";
  const digest = createHash("sha256")
    .update(readFileSync(join(root, "cut.jpg")))
    .digest("hex");
  const plan = planImage({ url, width: 800, height: 600, type: "jpg", digest }, "s");
  const model = {
    posts: [{ pictures: new Map([[url, { source: join(root, "cut.jpg"), plan }]]) }],
  } as unknown as BlogModel;
  const error = await copyAssets(postImageAssets(model, config(root)), join(root, "out")).catch(
    (thrown: unknown) => thrown,
  );
  assert.instance(error, ContentError);
  const problems = (error as ContentError).problems;
  assert.is(problems.length, 1);
  assert.match(problems[0]?.file ?? "", /cut\.jpg$/);
  assert.is(problems[0]?.expected, "an image that decodes completely (it may be truncated or damaged)");
});

test("should publish a post photo as it is without its comment, and every rendition without it", async () => {
  const plain = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#456" } })
    .jpeg()
    .toBuffer();
  const comment = Buffer.from("taken at home xq64", "latin1");
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
  writeFileSync(join(root, "p.jpg"), Buffer.concat([plain.subarray(0, 2), segment, plain.subarray(2)]));
  const url = "https://site.example/base/blog/images/p.jpg";
  const digest = createHash("sha256")
    .update(readFileSync(join(root, "p.jpg")))
    .digest("hex");
  const plan = planImage({ url, width: 40, height: 30, type: "jpg", digest }, "s");
  const model = {
    posts: [{ pictures: new Map([[url, { source: join(root, "p.jpg"), plan }]]) }],
  } as unknown as BlogModel;
  const out = join(root, "out");
  await copyAssets(postImageAssets(model, config(root)), out);
  const files = readdirSync(join(out, "blog/images"));
  assert.ok(files.includes("p.jpg") && files.length > 1, files.join(", "));
  for (const file of files) assert.not.ok(readFileSync(join(out, "blog/images", file)).includes(comment), file);
  assert.ok(readFileSync(join(out, "blog/images/p.jpg")).equals(plain));
});

test.run();
