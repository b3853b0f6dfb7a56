import { test } from "uvu";
import * as assert from "uvu/assert";
import { rssChannel, rssFeed } from "../../../src/api/blog/feeds.ts";
import type { BlogModel } from "../../../src/blog/blog-model.ts";
import { parseRssPosts, postsFromRss } from "../../../src/feeds/read-rss-posts.ts";
import { blogModelOf, meta, postFile } from "../blog/support/blog-tree.ts";

/** A blog whose titles and descriptions carry everything XML must escape. */
function trickyBlog(): BlogModel {
  return blogModelOf({
    "amp.md": postFile(
      meta({
        title: `Fish & chips: "quoted" <not a tag> it's`,
        description: "A &amp; B, 1 < 2 > 0, &nbsp; as text.",
        date: "2026-03-10",
      }),
    ),
    "unicode.md": postFile(
      meta({ title: "Überhang — 登山 🧗", description: "  Spaces   and\nnewlines  ", date: "2025-12-31" }),
      "Body with <em>HTML</em>.\n",
    ),
  });
}

test("should read the same posts from the blog's channel as from its written RSS", () => {
  const model = trickyBlog();

  const fromChannel = postsFromRss(rssChannel(model), "the blog's RSS feed");
  const fromXml = parseRssPosts(rssFeed(model), "blog/index.xml");

  assert.is(fromChannel.length, 2);
  assert.equal(fromChannel, fromXml);
});

test.run();
