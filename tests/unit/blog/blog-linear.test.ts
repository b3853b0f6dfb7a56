import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import { buildBlogModel } from "../../../src/blog/blog-model.ts";
import { loadBlog } from "../../../src/blog/load-blog.ts";
import { assertLinear } from "../support/linear-time.ts";
import { SAMPLE_CONTENT, writeBlogTree, type BlogTree } from "./support/blog-tree.ts";

/*
 * Reading, checking, rendering and modelling a blog is one pass over its posts: ten times the
 * posts cost at most twelve times as much. 1× is 20 posts, the sample blog's size, their bodies
 * the sample's own; 10× is 200. Every post is dated in one month (at distinct times), the
 * shape that once made the archive copy its month's list for every post.
 */

const POSTS = 20;
// The sample posts that show no image and link to no other post: any number of copies checks.
const BODIES = [
  "faust-for-programmers",
  "fhirpath-in-the-browser",
  "fuzzing-parsers-with-a-shared-corpus",
  "half-written-thoughts-on-zig",
  "maintaining-alone-without-burning-out",
  "what-hl7-v2-taught-me",
  "who-signed-that-commit",
  "winter-mesh-report",
].map((name) => readFileSync(join(SAMPLE_CONTENT, `blog/posts/${name}.md`), "utf8").replace(/^---[\s\S]*?\n---\n/, ""));

function postText(index: number): string {
  const minutes = Math.floor(index / 28);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const date = `2026-03-${String((index % 28) + 1).padStart(2, "0")}T${time}:00+01:00`;
  const tags = [0, 1, 2, 3].map((t) => `topic-${(index + t * 7) % 30}`).join(", ");
  return `---\ntitle: Post ${index}\ndescription: What post ${index} is about.\ndate: ${date}\ntags: [${tags}]\n---\n${BODIES[index % BODIES.length]}`;
}

const trees: BlogTree[] = [];

test.after(() => {
  for (const tree of trees) tree.cleanup();
});

test("should load and model a blog in time linear in its number of posts", () => {
  assertLinear("blog", (scale) => {
    const tree = writeBlogTree(
      Object.fromEntries(Array.from({ length: POSTS * scale }, (_, index) => [`post-${index}.md`, postText(index)])),
    );
    trees.push(tree);
    const config = tree.config();
    // No git: its history is asked once per build, and a child process's time is not ours.
    const history = { unavailable: "not asked in this test", lastCommit: new Map<string, string>() };
    return () => {
      const content = loadBlog(config, history);
      if (!content) throw new Error("expected a blog");
      return buildBlogModel(config, content);
    };
  });
});

test.run();
