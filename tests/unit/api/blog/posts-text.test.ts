import { test } from "uvu";
import * as assert from "uvu/assert";
import { postsText } from "../../../../src/api/blog/posts-text.ts";
import type { BlogModel } from "../../../../src/blog/blog-model.ts";
import { blogModelOf, meta, postFile } from "../../blog/support/blog-tree.ts";

/** A terminal title (OSC), a screen clear, the one-byte C1 CSI, a line of its own and a bidi override. */
const HOSTILE = "\u001b]0;PWNED\u0007\u001b[2J\u009b2J\nFAKE LINE\u2028\u202e";
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A valid blog of one tagged post, loaded the way a build loads it. */
function blog(): BlogModel {
  return blogModelOf({ "a.md": postFile(meta({ title: "A post", tags: ["notes"] })) });
}

/** The same blog with hostile text in every value posts.txt prints, as if it had got past the entry checks. */
function hostileBlog(): BlogModel {
  const model = blog();
  return {
    ...model,
    settings: { ...model.settings, title: `Blog${HOSTILE}`, tagline: `Tagline${HOSTILE}` },
    posts: model.posts.map((post) => ({
      ...post,
      title: `Title${HOSTILE}`,
      tags: post.tags.map((tag) => ({ ...tag, name: `tag${HOSTILE}` })),
    })),
  };
}

test("should list each post as a date-and-title line and a URL line", () => {
  const text = postsText(blog());

  assert.match(text, /^2026-03-10 {2}A post {2}\[notes\]\n {12}https:\/\/margo\.example\/blog\/posts\/a\/$/m);
});

test("should print no escape, line-break or bidi character from the titles, tags and settings", () => {
  const text = postsText(hostileBlog());

  assert.not.match(text, UNSAFE);
  assert.match(text, "Title]0;PWNED[2J2J FAKE LINE   [tag]0;PWNED[2J2J FAKE LINE ]");
  assert.not.match(text, /^FAKE LINE/m);
});

test("should keep the number of lines whatever the values hold", () => {
  const lines = (text: string) => text.split("\n").length;

  assert.is(lines(postsText(hostileBlog())), lines(postsText(blog())));
});

test.run();
