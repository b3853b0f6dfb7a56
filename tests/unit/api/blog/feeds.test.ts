import { SaxesParser } from "saxes";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonFeed, rssFeed } from "../../../../src/api/blog/feeds.ts";
import type { BlogModel } from "../../../../src/blog/blog-model.ts";
import { blogModelOf, meta, postFile } from "../../blog/support/blog-tree.ts";

/** A terminal title (OSC), a screen clear, the C1 CSI, NUL and a character XML never allows (U+FFFE). */
const HOSTILE = "\u001b]0;PWNED\u0007\u001b[2J\u009b2J\u0000\ufffe";
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;

function blog(): BlogModel {
  return blogModelOf({ "a.md": postFile(meta({ title: "A post", tags: ["notes"] })) });
}

/** The blog with hostile text in every text a feed carries, as if it had got past the entry checks. */
function hostileBlog(): BlogModel {
  const model = blog();
  return {
    ...model,
    settings: { ...model.settings, title: `Blog${HOSTILE}`, description: `About${HOSTILE}` },
    posts: model.posts.map((post) => ({
      ...post,
      title: `Title${HOSTILE}`,
      description: `Summary${HOSTILE}`,
      html: `<p>Body${HOSTILE}</p>`,
      tags: post.tags.map((tag) => ({ ...tag, name: `tag${HOSTILE}` })),
    })),
  };
}

function strictXmlError(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  let error: string | null = null;
  parser.on("error", (e) => {
    error ??= e.message;
  });
  parser.write(text).close();
  return error;
}

test("should write an RSS feed a strict XML parser accepts when titles, tags and content carry control characters", () => {
  const xml = rssFeed(hostileBlog());

  assert.is(strictXmlError(xml), null);
  assert.not.match(xml, CONTROL);
  assert.match(xml, "<title>Title]0;PWNED[2J2J</title>");
  assert.match(xml, "<![CDATA[<p>Body]0;PWNED[2J2J</p>]]>");
  assert.match(xml, "<category>tag]0;PWNED[2J2J</category>");
});

test("should give the JSON Feed no control character in any text, as the RSS feed", () => {
  const feed = jsonFeed(hostileBlog());
  const item = feed.items[0];

  assert.not.match(JSON.stringify(feed), /\\u00[01][0-9a-f]|\\u007f|[\u0080-\u009f]/);
  assert.is(feed.title, "Blog]0;PWNED[2J2J\ufffe");
  assert.is(feed.description, "About]0;PWNED[2J2J\ufffe");
  assert.is(item?.title, "Title]0;PWNED[2J2J\ufffe");
  assert.is(item?.summary, "Summary]0;PWNED[2J2J\ufffe");
  assert.is(item?.content_html, "<p>Body]0;PWNED[2J2J\ufffe</p>");
  assert.equal(item?.tags, ["tag]0;PWNED[2J2J\ufffe"]);
});

test.run();
