import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { blogApi } from "../../../src/api/blog/routes.ts";
import { buildBlogModel } from "../../../src/blog/blog-model.ts";
import { readGitHistory } from "../../../src/blog/git-history.ts";
import { loadBlog, type BlogContent } from "../../../src/blog/load-blog.ts";
import { isoInZone } from "../../../src/blog/post-date.ts";
import { commitAll, git, meta, postFile, writeBlogTree, type BlogTree } from "./support/blog-tree.ts";

/*
 * `updated` comes from version control: temp repositories made with `git init`, commits at
 * fixed dates (GIT_AUTHOR_DATE / GIT_COMMITTER_DATE).
 */

const FIRST_COMMIT = "2026-04-01T10:00:00+00:00";
const SECOND_COMMIT = "2026-06-20T16:45:00+00:00";

const trees: BlogTree[] = [];
const extraDirs: string[] = [];

/** A blog with two posts published 2026-03-10 and 2026-03-12 (Berlin), committed once at FIRST_COMMIT. */
function committedBlog(posts: Record<string, string> = {}): BlogTree {
  const tree = writeBlogTree({
    "first.md": postFile(meta({ title: "First", date: "2026-03-10" })),
    "second.md": postFile(meta({ title: "Second", date: "2026-03-12" })),
    ...posts,
  });
  trees.push(tree);
  git(tree.root, ["init", "-q"]);
  commitAll(tree.root, FIRST_COMMIT, "first");
  return tree;
}

function loaded(tree: BlogTree, contentDir?: string): BlogContent {
  const config = contentDir ? { ...tree.config(), contentDir } : tree.config();
  const content = loadBlog(config);
  if (!content) throw new Error("expected a blog");
  return content;
}

function updatedOf(content: BlogContent, slug: string): string | null {
  const post = content.posts.find((p) => p.slug === slug);
  return post ? isoInZone(post.updated) : null;
}

test.after(() => {
  for (const tree of trees) tree.cleanup();
  for (const dir of extraDirs) rmSync(dir, { recursive: true, force: true });
});

test("should report the last commit date of every committed post file when asked for the posts folder", () => {
  const tree = committedBlog();

  const history = readGitHistory(tree.file("blog/posts"));

  assert.is(history.unavailable, null);
  assert.equal([...history.lastCommit.entries()].filter(([file]) => file.endsWith(".md")).sort(), [
    [tree.file("blog/posts/first.md"), FIRST_COMMIT],
    [tree.file("blog/posts/second.md"), FIRST_COMMIT],
  ]);
});

test("should give a committed post its last commit date as updated, in the site zone", () => {
  const tree = committedBlog();

  const content = loaded(tree);

  assert.is(content.historyUnavailable, null);
  assert.is(updatedOf(content, "first"), "2026-04-01T12:00:00+02:00");
});

test("should give a post committed twice the date of the later commit", () => {
  const tree = committedBlog();
  writeFileSync(
    tree.file("blog/posts/first.md"),
    postFile(meta({ title: "First", date: "2026-03-10" }), "Hello, world, edited.\n"),
  );
  commitAll(tree.root, SECOND_COMMIT, "edit first");

  const content = loaded(tree);

  assert.is(updatedOf(content, "first"), "2026-06-20T18:45:00+02:00");
  assert.is(updatedOf(content, "second"), "2026-04-01T12:00:00+02:00");
});

test("should count a commit dated after the build clock (a forged date) as made at the build's time", () => {
  // Before: GIT_COMMITTER_DATE of 5138 was published as `updated` in posts.json, the feeds and the sitemap.
  const tree = committedBlog();
  tree.write("blog/posts/first.md", postFile(meta({ title: "First", date: "2026-03-10" }), "Forged.\n"));
  commitAll(tree.root, "@99999999999 +0000", "from the future (5138)");
  const built = DateTime.fromJSDate(tree.config().buildTime, { zone: "Europe/Berlin" });

  const content = loaded(tree);

  assert.is(updatedOf(content, "first"), isoInZone(built));
  assert.is(updatedOf(content, "second"), "2026-04-01T12:00:00+02:00");
});

test("should keep the publication date of a post that was not committed yet", () => {
  const tree = committedBlog();
  tree.write("blog/posts/third.md", postFile(meta({ title: "Third", date: "2026-03-14" })));

  const content = loaded(tree);

  assert.is(updatedOf(content, "third"), "2026-03-14T00:00:00+01:00");
});

test("should key the history of a file whose name has non-ASCII letters by its real path", () => {
  const tree = committedBlog({ "über-zig.md": postFile(meta({ title: "Über Zig" })) });

  // Asked for the repository root, so only the naming of the file is under test.
  const history = readGitHistory(tree.root);

  assert.is(history.lastCommit.get(tree.file("blog/posts/über-zig.md")), FIRST_COMMIT);
});

test("should read the history when the content folder is reached through a symbolic link", () => {
  const tree = committedBlog();
  const link = join(tmpdir(), `folio-blog-link-${process.pid}-${Date.now()}`);
  symlinkSync(tree.root, link);
  extraDirs.push(link);

  const history = readGitHistory(link);

  assert.is(history.unavailable, null);
  assert.is(history.lastCommit.get(join(link, "content/blog/posts/first.md")), FIRST_COMMIT);
});

test("should fall back to the publication dates and say why outside a git repository", () => {
  const tree = writeBlogTree({ "first.md": postFile(meta({ title: "First", date: "2026-03-10" })) });
  trees.push(tree);

  const content = loaded(tree);

  assert.match(content.historyUnavailable ?? "", /not in a git repository/);
  assert.is(updatedOf(content, "first"), "2026-03-10T00:00:00+01:00");
});

test("should fall back to the publication dates of every post and mention the shallow clone in a shallow clone", () => {
  const tree = committedBlog();
  writeFileSync(tree.file("blog/posts/first.md"), postFile(meta({ title: "First", date: "2026-03-10" }), "Edited.\n"));
  commitAll(tree.root, SECOND_COMMIT, "edit first");
  const clone = `${tree.root}-shallow`;
  extraDirs.push(clone);
  git(tmpdir(), ["clone", "-q", "--depth", "1", `file://${tree.root}`, clone]);

  const content = loaded(tree, join(clone, "content"));

  assert.match(content.historyUnavailable ?? "", /shallow/);
  assert.equal(content.posts.map((post) => [post.slug, isoInZone(post.updated) === isoInZone(post.published)]).sort(), [
    ["first", true],
    ["second", true],
  ]);
});

test("should add a note on the missing history to the blog API context when history is unavailable", () => {
  const tree = writeBlogTree({ "first.md": postFile(meta({ title: "First" })) });
  trees.push(tree);
  const config = tree.config();
  const model = buildBlogModel(config, loaded(tree));

  const notes = blogApi.context(model).notes;

  assert.match(notes.history ?? "", /not in a git repository/);
  assert.match(notes.history ?? "", /updated/);
});

test("should add no history note to the blog API context when history is used", () => {
  const tree = committedBlog();
  const model = buildBlogModel(tree.config(), loaded(tree));

  const notes = blogApi.context(model).notes;

  assert.equal(notes, {});
});

test.run();
