import { test } from "uvu";
import * as assert from "uvu/assert";
import { fullPost } from "../../../src/api/blog/resources.ts";
import { buildBlogModel } from "../../../src/blog/blog-model.ts";
import { loadBlog } from "../../../src/blog/load-blog.ts";
import { meta, postFile, writeBlogTree } from "./support/blog-tree.ts";

/*
 * A post's source links join blog.yaml's `source.path` (any characters but white space) and the
 * file name: each segment is escaped, so a `?` or `#` in the path cannot cut the URL short.
 */

test("should escape each segment of a post's source path in its source URLs", () => {
  const tree = writeBlogTree({ "a-post.md": postFile(meta()) });
  try {
    const config = tree.config();
    const content = loadBlog(config);
    if (!content) throw new Error("expected a blog");
    const settings = {
      ...content.settings,
      source: { repository: "https://code.example/m/site/", branch: "main", path: "notes?v=1/#drafts/é/" },
    };
    const model = buildBlogModel(config, { ...content, settings });
    const post = model.posts[0];
    if (!post) throw new Error("expected a post");

    const source = fullPost(model, post).source;

    assert.equal(source, {
      markdown: "https://code.example/m/site/blob/main/notes%3Fv%3D1/%23drafts/%C3%A9/a-post.md",
      raw: "https://code.example/m/site/raw/main/notes%3Fv%3D1/%23drafts/%C3%A9/a-post.md",
      history: "https://code.example/m/site/commits/main/notes%3Fv%3D1/%23drafts/%C3%A9/a-post.md",
    });
  } finally {
    tree.cleanup();
  }
});

test.run();
