import { test } from "uvu";
import * as assert from "uvu/assert";
import { renderMarkdown } from "../../../src/markdown/cached-render.ts";
import { UnpublishedPosts } from "../../../src/util/unpublished-posts.ts";

const BLOG = "https://margo.example/blog/";

function posts(warnings: string[] = []): UnpublishedPosts {
  return new UnpublishedPosts(
    [
      { url: `${BLOG}posts/soon/`, file: "content/blog/posts/soon.md", date: "2027-01-12" },
      { url: `${BLOG}posts/draft/`, file: "content/blog/posts/draft.md", date: null },
    ],
    (line) => warnings.push(line),
  );
}

const from = { file: "content/blog/posts/out.md", base: `${BLOG}posts/out/` };

test("should find a scheduled post by any URL of its page", () => {
  const unpublished = posts();

  for (const url of [
    `${BLOG}posts/soon/`,
    `${BLOG}posts/soon`,
    `${BLOG}posts/soon/index.html`,
    `${BLOG}posts/soon/#part-2`,
    `${BLOG}posts/so%6Fn/?ref=x`,
  ]) {
    assert.is(unpublished.find(url)?.file, "content/blog/posts/soon.md", url);
  }
  assert.is(unpublished.find("../soon/", `${BLOG}posts/out/`)?.file, "content/blog/posts/soon.md");
  assert.is(unpublished.find(`${BLOG}posts/soon-after/`), undefined);
  assert.is(unpublished.find("https://elsewhere.example/blog/posts/soon/"), undefined);
});

test("should hold back a link to a scheduled post with one warning naming the file it is in", () => {
  const warnings: string[] = [];

  const href = posts(warnings).publishable("/blog/posts/soon/#part-2", from);

  assert.is(href, null);
  assert.equal(warnings, [
    "[links] content/blog/posts/out.md: the link to /blog/posts/soon/#part-2 is published as plain text until content/blog/posts/soon.md is out (dated 2027-01-12)",
  ]);
});

test("should keep a link to a draft, for the after-build check to refuse", () => {
  const warnings: string[] = [];

  assert.is(posts(warnings).publishable("/blog/posts/draft/", from), "/blog/posts/draft/");
  assert.equal(warnings, []);
});

test("should not warn about the links of a page that is not out itself", () => {
  const warnings: string[] = [];

  assert.is(posts(warnings).publishable("/blog/posts/soon/", { ...from, warn: false }), null);
  assert.equal(warnings, []);
});

test("should render a held-back link as its text, and an autolink's URL not at all", () => {
  const unpublished = posts();
  const rendered = renderMarkdown(
    `Read [the *next* post](${BLOG}posts/soon/), <${BLOG}posts/soon/> and ${BLOG}posts/soon/ or [this](/x/).\n`,
    {
      resolveLink: (href) => unpublished.publishable(href, from),
    },
  );

  assert.is(rendered.html, '<p>Read the <em>next</em> post,  and  or <a href="/x/">this</a>.</p>\n');
  assert.equal(
    rendered.links.map((link) => link.url),
    ["/x/"],
  );
  assert.not.match(rendered.text, "soon");
});

test.run();
