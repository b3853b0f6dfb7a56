import { copyFileSync } from "node:fs";
import { convertHtmlToAbsoluteUrls } from "@11ty/eleventy-plugin-rss";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadBlog, type BlogContent, type BlogPost } from "../../../src/blog/load-blog.ts";
import { contentProblems, problemAt } from "../support/errors.ts";
import { meta, postFile, writeBlogTree } from "./support/blog-tree.ts";

const BLOG = "https://margo.example/blog/";

/** Loads a blog made of the given posts at the given clock (default 2026-11-18); the tree is removed afterwards. */
function load(posts: Record<string, string>, epoch?: string, siteUrl?: string): BlogContent {
  const tree = writeBlogTree(posts);
  try {
    const content = loadBlog(
      tree.config({ ...(epoch ? { SOURCE_DATE_EPOCH: epoch } : {}), ...(siteUrl ? { SITE_URL: siteUrl } : {}) }),
    );
    if (!content) throw new Error("expected a blog");
    return content;
  } finally {
    tree.cleanup();
  }
}

function post(content: BlogContent, slug: string): BlogPost {
  const found = content.posts.find((p) => p.slug === slug);
  if (!found) throw new Error(`no post ${slug} in ${content.posts.map((p) => p.slug).join(", ")}`);
  return found;
}

const LINKS_BODY = `Intro with [an anchor](#second-part), [the other post](../other.md),
[the other post again](other.md#details), [a site path](/blog/posts/other/) and
[an outside page](https://example.org/page).

## First part

Text.

## Second part

![A merge timeline](../images/crdt-merge-timeline.png)
`;

test("should make in-page anchors, .md links and site paths absolute and split them internal and external", () => {
  const content = load({
    "linker.md": postFile(meta({ title: "Linker" }), LINKS_BODY),
    "other.md": postFile(meta({ title: "Other" })),
  });

  const links = post(content, "linker").links;

  assert.equal(
    links.internal.map((link) => link.url),
    [`${BLOG}posts/linker/#second-part`, `${BLOG}posts/other/`, `${BLOG}posts/other/#details`, `${BLOG}posts/other/`],
  );
  assert.equal(
    links.external.map((link) => link.url),
    ["https://example.org/page"],
  );
});

test("should leave no relative href or src in the rendered HTML", () => {
  const content = load({
    "linker.md": postFile(meta({ title: "Linker" }), LINKS_BODY),
    "other.md": postFile(meta({ title: "Other" })),
  });

  const urls = [...post(content, "linker").html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1] ?? "");

  assert.ok(urls.length >= 6, urls.join(" "));
  assert.equal(
    urls.filter((url) => !url.startsWith("https://")),
    [],
  );
});

/** Every kind of link a post may hold that is not another post's Markdown file. */
const URLS_BODY = `[up](../x), [down](notes/a.txt?v=2#top), [an anchor](#second-part), [a site path](/projects/a/),
[mail](mailto:someone@example.org), [absolute](https://example.org/page?q=1#frag), [bare host](https://example.org),
[protocol-relative](//cdn.example/lib.js)

## Second part
`;

/** The hrefs of a post's HTML, in order. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/\bhref="([^"]*)"/g)].map((match) => match[1] ?? "");
}

test("should resolve relative links, anchors and site paths against a site with a base path, keeping absolute URLs as written", () => {
  const content = load(
    { "linker.md": postFile(meta({ title: "Linker" }), URLS_BODY) },
    undefined,
    "https://host/folio/",
  );

  assert.equal(hrefs(post(content, "linker").html), [
    "https://host/folio/blog/posts/x",
    "https://host/folio/blog/posts/linker/notes/a.txt?v=2#top",
    "https://host/folio/blog/posts/linker/#second-part",
    "https://host/folio/projects/a/",
    "mailto:someone@example.org",
    "https://example.org/page?q=1#frag",
    "https://example.org",
    "https://cdn.example/lib.js",
  ]);
});

test("should leave the RSS plugin's HTML transform nothing to make absolute in a post's HTML", async () => {
  // The bare host is left out: the transform would only normalize it (https://example.org/).
  const body = `${LINKS_BODY}\n${URLS_BODY.replace(", [bare host](https://example.org)", "")}`;
  const content = load(
    { "linker.md": postFile(meta({ title: "Linker" }), body), "other.md": postFile(meta({ title: "Other" })) },
    undefined,
    "https://host/folio/",
  );
  const { html } = post(content, "linker");

  assert.is(await convertHtmlToAbsoluteUrls(html, "https://host/folio/blog/posts/linker/"), html);
  assert.is(hrefs(html).length, 12);
});

test("should name the post and the language of a code block nothing highlights, once, in a warning", () => {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
  try {
    load({ "old.md": postFile(meta({ title: "Old" }), "```cobol\nA.\n```\n\n```cobol\nB.\n```\n") });
  } finally {
    console.warn = warn;
  }
  assert.is(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0] ?? "", /^\[highlight\] \S*posts\/old\.md: no grammar for code in "cobol": shown plain$/);
});

test("should give heading elements the ids listed in headings", () => {
  const content = load({
    "linker.md": postFile(meta({ title: "Linker" }), LINKS_BODY),
    "other.md": postFile(meta({ title: "Other" })),
  });
  const linker = post(content, "linker");

  const ids = [...linker.html.matchAll(/<h[1-6] id="([^"]*)"/g)].map((match) => match[1]);

  assert.equal(
    ids,
    linker.headings.map((heading) => heading.id),
  );
  assert.equal(ids, ["first-part", "second-part"]);
});

test("should give the cover and body images their real pixel sizes and mark the cover", () => {
  const content = load({
    "pictures.md": postFile(
      meta({ title: "Pictures", cover: { src: "../images/contour-cover.png", alt: "Contours" } }),
      "![A jump](../images/gpx-clock-jump.svg)\n",
    ),
  });

  const images = post(content, "pictures").images;

  assert.equal(
    images.map((image) => [image.url, image.width, image.height, image.cover]),
    [
      [`${BLOG}images/contour-cover.png`, 1200, 630, true],
      [`${BLOG}images/gpx-clock-jump.svg`, 720, 360, false],
    ],
  );
});

test("should read a percent-escape in an image's path as the character (%23 as #), and refuse an escaped slash", async () => {
  // CommonMark's destinations are URLs: a file named `chart #1?.png` is written with escapes.
  const tree = writeBlogTree({
    "pictures.md": postFile(meta({ title: "Pictures" }), "![A chart](../images/chart%20%231%3F.png)\n"),
  });
  try {
    copyFileSync(tree.file("blog/images/contour-cover.png"), tree.file("blog/images/chart #1?.png"));
    const content = loadBlog(tree.config());

    assert.equal(
      content?.posts[0]?.images.map((image) => [image.url, image.width]),
      [[`${BLOG}images/chart%20%231%3F.png`, 1200]],
    );
    tree.write(
      "blog/posts/pictures.md",
      postFile(meta({ title: "Pictures" }), "![A chart](../images/x%2F..%2Fchart.png)\n"),
    );
    const problems = await contentProblems(() => loadBlog(tree.config()));
    assert.match(problemAt(problems, "body image ../images/x%2F..%2Fchart.png").expected, /an image file in/);
  } finally {
    tree.cleanup();
  }
});

test("should refuse an image path whose escapes decode to a control character, saying so, not that the file is missing", async () => {
  const tree = writeBlogTree({
    "pictures.md": postFile(meta({ title: "Pictures" }), "![A](../images/a%0Ab.png)\n\n![B](<../images/c\td.png>)\n"),
  });
  try {
    // Even a file of that name: a line break or tab in a published image's name is never meant.
    copyFileSync(tree.file("blog/images/contour-cover.png"), tree.file("blog/images/a\nb.png"));
    const problems = await contentProblems(() => loadBlog(tree.config()));

    assert.equal(
      problems.map((p) => [p.field, p.expected]),
      [
        ["body image ../images/a%0Ab.png", "an image path without control characters (found \\u000a once decoded)"],
        ["body image ../images/c%09d.png", "an image path without control characters (found \\u0009 once decoded)"],
      ],
    );
  } finally {
    tree.cleanup();
  }
});

test("should take a post's first image as its cover when the front matter names none, and the site's social image when it has no image", () => {
  const content = load({
    "figure.md": postFile(
      meta({ title: "Figure" }),
      "Text.\n\n![A jump](../images/gpx-clock-jump.svg)\n\n![Contours](../images/contour-cover.png)\n",
    ),
    "plain.md": postFile(meta({ title: "Plain" }), "Only words.\n"),
  });

  const figure = post(content, "figure");
  const plain = post(content, "plain");

  assert.equal(
    [figure.coverSource, figure.cover],
    ["first image", { url: `${BLOG}images/gpx-clock-jump.svg`, width: 720, height: 360, alt: "A jump" }],
  );
  assert.equal(
    figure.images.map((image) => image.cover),
    [true, false],
  );
  assert.equal(
    [plain.coverSource, plain.cover.url, plain.cover.width, plain.cover.height, plain.cover.alt],
    ["site image", "https://margo.example/og/site.png", 1200, 630, "Portfolio card of Margo Voss"],
  );
  assert.equal(
    plain.images.map((image) => image.url),
    ["https://margo.example/og/site.png"],
  );
});

test("should leave out drafts and posts dated after the build clock", () => {
  const content = load({
    "now.md": postFile(meta({ title: "Now", date: "2026-11-17" })),
    "draft.md": postFile(meta({ title: "Draft", date: "2026-01-01", draft: true })),
    "later.md": postFile(meta({ title: "Later", date: "2027-01-12" })),
  });

  assert.equal(
    content.posts.map((p) => p.slug),
    ["now"],
  );
});

test("should publish a scheduled post at the build on its date, and never a draft", () => {
  // 2027-01-11T23:00:00Z is midnight of 2027-01-12 in Europe/Berlin.
  const content = load(
    {
      "draft.md": postFile(meta({ title: "Draft", date: "2026-01-01", draft: true })),
      "later.md": postFile(meta({ title: "Later", date: "2027-01-12" })),
    },
    "1799708400",
  );

  assert.equal(
    content.posts.map((p) => p.slug),
    ["later"],
  );
});

test("should keep a post dated one second after the build clock scheduled", () => {
  const content = load({ "later.md": postFile(meta({ title: "Later", date: "2027-01-12" })) }, "1799708399");

  assert.equal(content.posts, []);
});

test("should count prose words and list code block languages in order", () => {
  const body = "One two three.\n\n```rust\nfn main() {}\n```\n\n```\nplain\n```\n\nFour five.\n";
  const content = load({ "code.md": postFile(meta({ title: "Code" }), body) });
  const code = post(content, "code");

  assert.is(code.wordCount, 5);
  assert.equal(code.codeLanguages, ["rust", null]);
});

test.run();
