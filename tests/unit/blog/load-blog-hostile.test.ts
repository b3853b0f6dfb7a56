import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadBlog } from "../../../src/blog/load-blog.ts";
import type { ContentProblem } from "../../../src/content/content-error.ts";
import { contentProblems } from "../support/errors.ts";
import { meta, postFile, writeBlogTree, type BlogTree } from "./support/blog-tree.ts";

/*
 * What a post or the files it shows can smuggle in: links out of the content folder, scripts
 * in an SVG, a page disguised as an image, a protocol-relative link.
 */

const LINKED = "expected a file or folder, not a symbolic link";

/** Loads a blog after `arrange` changed its tree; the tree is removed afterwards. */
async function problemsAfter(
  posts: Record<string, string>,
  arrange: (tree: BlogTree) => void,
): Promise<readonly ContentProblem[]> {
  const tree = writeBlogTree(posts);
  try {
    arrange(tree);
    return await contentProblems(() => loadBlog(tree.config()));
  } finally {
    tree.cleanup();
  }
}

function described(problems: readonly ContentProblem[]): string {
  return problems.map((p) => `${p.file}: ${p.field}: expected ${p.expected}`).join("\n");
}

/** Moves `relativePath` of the content folder out of it, leaving a symbolic link to it. */
function linkOut(tree: BlogTree, relativePath: string): void {
  const outside = join(tree.root, "outside", relativePath.replace(/\//g, "-"));
  mkdirSync(join(tree.root, "outside"), { recursive: true });
  renameSync(tree.file(relativePath), outside);
  symlinkSync(outside, tree.file(relativePath));
}

const SHOWS_IMAGE = postFile(meta(), "![A timeline](../images/crdt-merge-timeline.png)\n");

for (const folder of ["blog", "blog/posts", "blog/images"]) {
  test(`should refuse the blog when ${folder} is a symbolic link to a folder elsewhere`, async () => {
    const problems = await problemsAfter({ "shows.md": SHOWS_IMAGE }, (tree) => linkOut(tree, folder));
    assert.match(described(problems), new RegExp(`content/${folder}: \\((file|folder)\\): ${LINKED}`));
  });
}

test("should refuse the blog once when blog/images is a file, not for every image a post shows", async () => {
  const shows = postFile(meta(), "![One](../images/a.png)\n\n![Two](../images/b.png)\n");
  const problems = await problemsAfter({ "shows.md": shows }, (tree) => {
    rmSync(tree.file("blog/images"), { recursive: true });
    writeFileSync(tree.file("blog/images"), "not a folder");
  });
  assert.is(problems.length, 1, described(problems));
  assert.match(described(problems), /content\/blog\/images: \(file\): expected a folder, not a file$/);
});

const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(1)</script></svg>`;

test("should refuse an SVG a post shows when it holds a script, naming the image file", async () => {
  const problems = await problemsAfter({ "shows.md": postFile(meta(), "![A drawing](../images/evil.svg)\n") }, (tree) =>
    tree.write("blog/images/evil.svg", EVIL_SVG),
  );
  assert.is(problems.length, 1, described(problems));
  assert.ok(problems[0]?.file.endsWith("blog/images/evil.svg"));
  assert.match(
    problems[0]?.expected ?? "",
    /an SVG with no script.*found an event handler attribute onload on <svg> at line 1/,
  );
});

test("should refuse a raster image whose name gives a type a browser would run, and a cover alike", async () => {
  const png = (tree: BlogTree) => readFileSync(tree.file("blog/images/contour-cover.png"));
  const problems = await problemsAfter(
    {
      "shows.md": postFile(
        meta({ cover: { src: "../images/page.svg", alt: "A page" } }),
        "![A page](../images/page.html)\n",
      ),
    },
    (tree) => {
      writeFileSync(tree.file("blog/images/page.html"), png(tree));
      writeFileSync(tree.file("blog/images/page.svg"), png(tree));
    },
  );
  assert.equal(
    problems.map((p) => [p.file.replace(/^.*\/blog\//, ""), p.field, p.expected, p.actual]),
    [
      ["images/page.html", "(file name)", "a file name ending in .png, as this PNG image is", ".html"],
      ["images/page.svg", "(file name)", "a file name ending in .png, as this PNG image is", ".svg"],
    ],
  );
});

test("should publish a protocol-relative link as an absolute https URL", () => {
  const tree = writeBlogTree({ "away.md": postFile(meta(), "[f](//evil.example/x) and [g](https://example.org/)\n") });
  try {
    const blog = loadBlog(tree.config());
    const post = blog?.posts.find((p) => p.slug === "away");
    assert.equal(
      post?.links.external.map((link) => link.url),
      ["https://evil.example/x", "https://example.org/"],
    );
    assert.match(post?.html ?? "", /href="https:\/\/evil\.example\/x"/);
  } finally {
    tree.cleanup();
  }
});

test.run();
