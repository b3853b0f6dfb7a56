import { test } from "uvu";
import * as assert from "uvu/assert";
import { portfolioPosts, rssFeed } from "../../../src/api/blog/feeds.ts";
import { parseRssPosts } from "../../../src/feeds/read-rss-posts.ts";
import { blogModelOf, meta, postFile } from "../blog/support/blog-tree.ts";

test("should list the blog's posts in the portfolio with their titles and summaries as written", () => {
  // Before: read back through the RSS reader, which takes a feed's text for HTML, the portfolio
  // listed "Why  soup & bold matter" and "About and x<y." (tags dropped, entities decoded).
  const model = blogModelOf({
    "markup.md": postFile(
      meta({
        title: "Why <div> soup & <b>bold</b> matter",
        description: "About <main> and x<y, &amp; as typed.",
        date: "2026-03-10T09:30:00",
      }),
    ),
  });

  assert.equal(portfolioPosts(model), [
    {
      title: "Why <div> soup & <b>bold</b> matter",
      url: "https://margo.example/blog/posts/markup/",
      published: "2026-03-10T09:30:00+01:00",
      summary: "About <main> and x<y, &amp; as typed.",
    },
  ]);
});

test("should read the same posts from the blog's written RSS as the portfolio lists, titles as written", () => {
  // Before: the reader took a title for HTML: a folio blog on another site listed "Why  soup".
  const model = blogModelOf({
    "markup.md": postFile(meta({ title: "Why <div> soup & <b>bold</b>", date: "2026-03-11" })),
    "amp.md": postFile(meta({ title: `Fish & chips: "quoted" it's`, description: "Hot & salty.", date: "2026-03-10" })),
    "unicode.md": postFile(
      meta({ title: "Überhang — 登山 🧗", description: "  Spaces   and\nnewlines  ", date: "2025-12-31" }),
      "Body with <em>HTML</em>.\n",
    ),
  });

  const listed = portfolioPosts(model);

  assert.is(listed.length, 3);
  assert.equal(parseRssPosts(rssFeed(model), "blog/index.xml"), listed);
});

test("should write a post's description into RSS as HTML, since feed readers take it for HTML", () => {
  // Before: "About <dialog> & x<y" was written as XML text only; a reader showed "About & x<y".
  const description = "About <dialog> &amp; x<y, typed as text.";
  const model = blogModelOf({ "html.md": postFile(meta({ title: "Dialogs", description, date: "2026-03-10" })) });

  const xml = rssFeed(model);

  assert.match(xml, "<description>About &amp;lt;dialog&amp;gt; &amp;amp;amp; x&amp;lt;y, typed as text.</description>");
  assert.is(parseRssPosts(xml, "blog/index.xml")[0]?.summary, description);
});

test.run();
