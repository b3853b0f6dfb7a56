import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { profilePhoto } from "../../../src/blog/post-images.ts";
import { checkShape } from "../../../src/content/check-shape.ts";
import type { ContentProblem } from "../../../src/content/content-error.ts";
import { ProfileFile } from "../../../src/content/content-schemas.ts";
import { readYaml } from "../../../src/content/read-files.ts";
import { contentProblems, problemAt } from "../support/errors.ts";
import { SAMPLE_CONTENT, writeBlogTree, type BlogTree } from "./support/blog-tree.ts";

/** profile.yaml's photo read from a content folder holding `files` (text, or bytes); the problems it added. */
function photoIn(src: string, files: Record<string, string | Buffer> = {}) {
  const tree: BlogTree = writeBlogTree({});
  try {
    for (const [name, bytes] of Object.entries(files)) tree.write(name, bytes as string);
    const problems: ContentProblem[] = [];
    const photo = profilePhoto(tree.config(), { src, alt: "The owner, smiling" }, problems);
    return { photo, problems, contentDir: tree.contentDir };
  } finally {
    tree.cleanup();
  }
}

const PNG = readFileSync(join(SAMPLE_CONTENT, "blog/images/contour-cover.png"));

/** A PNG's signature and header declaring `width` × `height`, with no pixels: what a decompression bomb shows. */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return header;
}

test("should plan a photo anywhere in the content folder, published under /images/ with its alt text", () => {
  const { photo, problems, contentDir } = photoIn("photos/me.png", { "photos/me.png": PNG });

  assert.equal(problems, []);
  assert.is(photo?.source, join(contentDir, "photos/me.png"));
  assert.is(photo?.alt, "The owner, smiling");
  assert.equal(photo?.plan.fallback, {
    url: "https://margo.example/images/photos/me.png",
    width: 1200,
    height: 630,
    format: null,
  });
  assert.ok(photo?.plan.sources.some((source) => source.type === "image/avif"));
});

test("should give no photo and no problem when profile.yaml has none", () => {
  const problems: ContentProblem[] = [];
  const tree = writeBlogTree({});
  try {
    assert.is(profilePhoto(tree.config(), undefined, problems), null);
  } finally {
    tree.cleanup();
  }
  assert.equal(problems, []);
});

for (const [why, src, expected] of [
  ["a missing file", "photos/missing.png", /an existing, readable image file/],
  [
    "a file outside the content folder",
    "../outside.png",
    /an image file in .*content, referenced relative to profile\.yaml/,
  ],
  ["a URL", "https://example.com/me.png", /an image file in .*content, referenced relative to profile\.yaml/],
  ["a text file named .png", "fake.png", /an existing, readable image file/],
] as const) {
  test(`should refuse ${why} as the photo, naming profile.yaml and photo.src`, () => {
    const { photo, problems } = photoIn(src, { "fake.png": "not a PNG at all" });

    assert.is(photo, null);
    const problem = problemAt(problems, "photo.src");
    assert.match(problem.file, /content\/profile\.yaml$/);
    assert.match(problem.expected, expected);
    assert.is(problem.actual, src);
  });
}

test("should refuse a photo reached through a symbolic link, publishing nothing from outside", () => {
  const tree = writeBlogTree({});
  try {
    tree.write("outside.png", PNG as unknown as string);
    symlinkSync(tree.file("outside.png"), tree.file("linked.png"));
    const problems: ContentProblem[] = [];

    assert.is(profilePhoto(tree.config(), { src: "linked.png", alt: "Me" }, problems), null);
    const problem = problemAt(problems, "(file)");
    assert.match(problem.file, /content\/linked\.png$/);
    assert.match(problem.expected, /not a symbolic link/);
  } finally {
    tree.cleanup();
  }
});

test("should refuse a photo over the image limits as a post's image is, naming the image file", () => {
  const { photo, problems } = photoIn("huge.png", { "huge.png": pngHeader(30_000, 30_000) });

  assert.is(photo, null);
  const problem = problemAt(problems, "(content)");
  assert.match(problem.file, /content\/huge\.png$/);
  assert.match(problem.expected, /at most 50 megapixels/);
});

test("should require alt text beside a photo's src in profile.yaml", async () => {
  const profile = readYaml(join(SAMPLE_CONTENT, "profile.yaml"), SAMPLE_CONTENT) as Record<string, unknown>;
  const file = join(SAMPLE_CONTENT, "profile.yaml");

  const problems = await contentProblems(() => checkShape(ProfileFile, { ...profile, photo: { src: "me.png" } }, file));

  assert.match(problemAt(problems, "photo.alt").expected, /required/);
  assert.not.throws(() => checkShape(ProfileFile, { ...profile, photo: { src: "me.png", alt: "Me" } }, file));
});

test.run();
