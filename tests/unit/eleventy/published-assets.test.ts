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
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BlogModel } from "../../../src/blog/blog-model.ts";
import type { SiteConfig } from "../../../src/config/site-config.ts";
import { ContentError } from "../../../src/content/content-error.ts";
import { copyAssets, folderAssets, postImageAssets } from "../../../src/eleventy/published-assets.ts";

let root = "";
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), "h5-assets-"));
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

const config = (contentDir: string) => ({ baseUrl: "https://site.example/base", contentDir }) as SiteConfig;

/** A blog model with only what the image list reads: the blog URL and each post's images. */
function blog(urls: string[][]): BlogModel {
  return {
    blogUrl: "https://site.example/base/blog/",
    posts: urls.map((list) => ({ images: list.map((url) => ({ url })) })),
  } as unknown as BlogModel;
}

test("should list each image a published post shows once, from blog/images to its URL's file", () => {
  const assets = postImageAssets(
    blog([
      ["https://site.example/base/blog/images/b.png", "https://site.example/base/og/site.png"],
      ["https://site.example/base/blog/images/sub/my%20a.png", "https://site.example/base/blog/images/b.png"],
    ]),
    config(root),
  );
  assert.equal(assets, [
    { source: join(root, "blog/images/b.png"), file: "blog/images/b.png", root },
    { source: join(root, "blog/images/sub/my a.png"), file: "blog/images/sub/my a.png", root },
  ]);
});

for (const linked of ["blog", "blog/images"]) {
  test(`should refuse to copy a post image when ${linked} is a symbolic link to a folder elsewhere`, () => {
    const outside = join(root, "outside");
    mkdirSync(join(outside, "images"), { recursive: true });
    writeFileSync(join(outside, "images/leak.svg"), "<svg/>");
    writeFileSync(join(outside, "leak.svg"), "<svg/>");
    const contentDir = join(root, "content");
    mkdirSync(contentDir);
    if (linked !== "blog") mkdirSync(join(contentDir, "blog"));
    symlinkSync(linked === "blog" ? outside : join(outside, "images"), join(contentDir, linked));
    const out = join(root, "out");
    const assets = postImageAssets(blog([["https://site.example/base/blog/images/leak.svg"]]), config(contentDir));
    assert.throws(
      () => copyAssets(assets, out),
      (error: unknown) =>
        error instanceof ContentError &&
        new RegExp(`content/${linked}: \\(file\\): expected a file or folder, not a symbolic link`).test(error.message),
    );
    assert.not.ok(existsSync(join(out, "blog/images/leak.svg")));
  });
}

test("should copy the bytes of each asset into the output folder as new files", () => {
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets/site.css"), "body{}");
  const out = join(root, "out");
  copyAssets(folderAssets(join(root, "assets"), "assets"), out);
  assert.is(readFileSync(join(out, "assets/site.css"), "utf8"), "body{}");
});

test("should refuse every symbolic link at once, naming each, and copy no link", () => {
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
    copyAssets(assets, out);
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

test("should refuse, with the symbolic links, every asset whose name cannot be an output file", () => {
  writeFileSync(join(root, "x.png"), "png");
  writeFileSync(join(root, "a\\b.png"), "png");
  symlinkSync(join(root, "x.png"), join(root, "link.png"));
  const assets = [
    { source: join(root, "x.png"), file: "blog/../../x.png", root },
    { source: join(root, "a\\b.png"), file: "blog/images/a\\b.png", root },
    { source: join(root, "link.png"), file: "blog/images/link.png", root },
  ];
  assert.throws(
    () => copyAssets(assets, join(root, "out")),
    (error: unknown) =>
      error instanceof ContentError &&
      /x\.png: \(file name\): expected a name that can be published as a file \(it has a `\.` or `\.\.` segment\)/.test(
        error.message,
      ) &&
      /a\\b\.png: \(file name\): .*\(it contains a backslash\)/.test(error.message) &&
      /link\.png: .*symbolic links are not followed/.test(error.message),
  );
  assert.not.ok(existsSync(join(root, "out/blog/images/a\\b.png")));
});

test.run();
