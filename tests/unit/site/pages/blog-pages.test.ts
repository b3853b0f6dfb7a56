import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BlogModel } from "../../../../src/blog/blog-model.ts";
import { mf2 } from "microformats-parser";
import { postSummary } from "../../../../src/api/blog/resources.ts";
import { blogIndexPage, postPage, tagPage } from "../../../../src/site/pages/blog-pages.ts";
import { homePage } from "../../../../src/site/pages/portfolio-pages.ts";
import { blogModelOf, meta, postFile } from "../../blog/support/blog-tree.ts";
import { handModel } from "../../support/model.ts";

// The post page's reading aids: the table of contents, the heading anchors, related posts.

function pageOf(model: BlogModel, slug: string): string {
  const post = model.postBySlug.get(slug);
  if (!post) throw new Error(`no post ${slug}`);
  return postPage(model, post);
}

/** The table of contents' links, as `href text`, nested ones indented. */
function tocLinks(page: string): string[] | null {
  const toc = /<nav class="toc"[^>]*>([\s\S]*?)<\/nav>/.exec(page)?.[1];
  if (toc === undefined) return null;
  const links: string[] = [];
  let depth = 0;
  for (const [tag, close, href, text] of toc.matchAll(/<(\/?)ol>|<a href="([^"]+)">([^<]*)<\/a>/g)) {
    if (tag.endsWith("ol>")) depth += close ? -1 : 1;
    else links.push(`${"  ".repeat(depth - 1)}${href} ${text}`);
  }
  return links;
}

const LONG = "## Why & how\n\nText.\n\n### A detail\n\nMore.\n\n#### Too deep\n\n## What next\n\nEnd.\n";
const SHORT = "## One\n\nText.\n\n### Two\n\nMore.\n\n#### Three is too deep to count\n";

test("should give a post with three or more h2 and h3 headings a table of contents that links each", () => {
  const model = blogModelOf({ "long.md": postFile(meta({ title: "Long" }), LONG) });
  const page = pageOf(model, "long");

  assert.equal(tocLinks(page), ["#why-and-how Why &amp; how", "  #a-detail A detail", "#what-next What next"]);
  assert.match(page, '<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">Contents</h2>');
});

test("should give a post with fewer than three h2 and h3 headings no table of contents", () => {
  const model = blogModelOf({ "short.md": postFile(meta({ title: "Short" }), SHORT) });

  assert.is(tocLinks(pageOf(model, "short")), null);
  assert.not.match(pageOf(model, "short"), "toc-title");
});

test("should make every heading of the text a link to its own id, and leave the API's HTML as it is", () => {
  const model = blogModelOf({
    "long.md": postFile(meta({ title: "Long" }), `${LONG}\n## See [the docs](https://example.org/)\n`),
  });
  const page = pageOf(model, "long");

  assert.match(page, '<h2 id="why-and-how"><a class="anchor" href="#why-and-how">Why &amp; how</a></h2>');
  assert.match(page, '<h4 id="too-deep"><a class="anchor" href="#too-deep">Too deep</a></h4>');
  // A heading that holds a link gets a link of its own beside it, never one inside another.
  assert.match(
    page,
    '<h2 id="see-the-docs">See <a href="https://example.org/">the docs</a> <a class="anchor" href="#see-the-docs" aria-label="Link to this section"></a></h2>',
  );
  assert.not.match(model.postBySlug.get("long")?.html ?? "", "anchor");
});

test("should list the related posts the API gives, linked, and say nothing when there are none", () => {
  const model = blogModelOf({
    "a.md": postFile(meta({ title: "Alpha", tags: ["zig", "risc-v"], date: "2026-03-01" })),
    "b.md": postFile(meta({ title: "Beta & co", tags: ["zig"], date: "2026-03-02" })),
    "c.md": postFile(meta({ title: "Gamma", tags: ["zig", "risc-v"], date: "2026-02-01" })),
    "d.md": postFile(meta({ title: "Delta", tags: ["climbing"], date: "2026-03-03" })),
  });

  const links = [...pageOf(model, "a").matchAll(/<section class="related"[\s\S]*?<\/section>/g)].map(([section]) =>
    [...section.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map(([, href, text]) => `${href} ${text}`),
  );
  assert.equal(links, [["/blog/posts/c/ Gamma", "/blog/posts/b/ Beta &amp; co"]]);
  assert.match(pageOf(model, "a"), '<h2 id="related-title">Related posts</h2>');
  assert.not.match(pageOf(model, "d"), "related-title");
});

test("should give a post whose cover is an SVG the site's social image, which social sites can show", () => {
  // Before: og:image named the SVG, which Facebook, X and LinkedIn do not show.
  const cover = { src: "../images/gpx-clock-jump.svg", alt: "A track whose clock jumps" };
  const page = pageOf(blogModelOf({ "s.md": postFile(meta({ title: "S", cover })) }), "s");

  assert.match(page, /<meta property="og:image" content="[^"]+\/og\/site\.png">/);
  assert.match(
    page,
    '<meta property="og:image:width" content="1200">\n<meta property="og:image:height" content="630">',
  );
});

test("should give the social card its image's own pixel size and alt text, not the site image's", () => {
  const cover = { src: "../images/crdt-merge-timeline.png", alt: "Two timelines merging" };
  const page = pageOf(blogModelOf({ "c.md": postFile(meta({ title: "C", cover })) }), "c");

  assert.match(page, /<meta property="og:image" content="[^"]+\/crdt-merge-timeline\.png">/);
  assert.match(page, '<meta property="og:image:width" content="800">\n<meta property="og:image:height" content="450">');
  assert.match(page, '<meta property="og:image:alt" content="Two timelines merging">');
  assert.match(page, '<meta name="twitter:image:alt" content="Two timelines merging">');
});

test("should mark the blog home up as an h-feed of h-entries that an mf2 parser reads", () => {
  const model = blogModelOf({
    "a.md": postFile(meta({ title: "Alpha", date: "2025-03-01T10:00:00Z", description: "First." })),
  });
  const [first] = model.posts;
  if (!first) throw new Error("no post");
  const post = postSummary(model, first);
  const [feed, ...more] = mf2(blogIndexPage(model), { baseUrl: post.url }).items;

  assert.equal([feed?.type, more.length], [["h-feed"], 0]);
  assert.equal(feed?.properties.name, [model.settings.title]);
  const entries = (feed?.children ?? []).map((entry) => [entry.type, entry.properties]);
  assert.equal(entries, [
    [
      ["h-entry"],
      {
        name: ["Alpha"],
        url: [post.url],
        published: [post.published],
        summary: ["First."],
      },
    ],
  ]);
});

test("should describe a tag page with one post as “1 post”, not “1 posts”", () => {
  const model = blogModelOf({ "a.md": postFile(meta({ tags: ["rust"] })) });
  const [tag] = model.tags;
  if (!tag) throw new Error("no tag");
  const page = tagPage(model, tag);

  assert.match(page, '<meta name="description" content="1 post tagged rust">');
  assert.match(page, "<p>1 post ");
});

test("should mark a post and the blog home with the blog's language, the site's chrome staying English", () => {
  const english = blogModelOf({ "a.md": postFile(meta({ title: "Alpha" })) });
  const model = { ...english, settings: { ...english.settings, language: "de-AT" } };

  const post = pageOf(model, "a");
  assert.match(post, '<html lang="en">');
  assert.match(post, '<article class="post h-entry" lang="de-AT"');
  assert.match(blogIndexPage(model), '<div class="narrow h-feed" lang="de-AT">');
});

test("should link every feed the blog publishes from its home, Atom included", () => {
  // Before: RSS and JSON Feed only; Atom was in the <head> alone. Left out, it is not linked
  // (tests/e2e/leave-out.test.ts: the link check would find it dead).
  const links = /<p class="links">(.*?)<\/p>/.exec(blogIndexPage(blogModelOf({ "a.md": postFile(meta()) })))?.[1];

  assert.match(
    links ?? "",
    '<a href="/blog/index.xml">RSS</a>&nbsp;· <a href="/blog/atom.xml">Atom</a>&nbsp;· <a href="/blog/api/v1/feed.json">JSON Feed</a>',
  );
});

// A tag Intl cannot read (en-US-GB) never reaches a page: blog.yaml's reader refuses it (load-blog-errors.test.ts).
test("should give og:locale from the blog's language, in og:locale's form", () => {
  const english = blogModelOf({ "a.md": postFile(meta({ title: "Alpha" })) });
  const as = (language: string) => ({ ...english, settings: { ...english.settings, language } });
  const locales = (page: string) =>
    [...page.matchAll(/<meta property="og:locale" content="([^"]*)">/g)].map((m) => m[1]);

  assert.equal(locales(pageOf(english, "a")), ["en_US"]);
  assert.equal(locales(blogIndexPage(english)), ["en_US"]);
  assert.equal(locales(pageOf(as("de-AT"), "a")), ["de_AT"]);
  assert.equal(locales(pageOf(as("de"), "a")), ["de_DE"]);
  // The portfolio's pages set no language: the chrome's English is no claim about a locale.
  assert.equal(locales(homePage(handModel())), []);
});

test.run();
