import { test } from "uvu";
import * as assert from "uvu/assert";
import { render } from "../../../../site-templates/not-found.11ty.ts";
import { handModel, siteConfig } from "../../support/model.ts";

// The 404 page speaks to a visitor first (a way home, the newest posts, the search), and to a
// client of the API second.

const posts = ["One", "Two", "Three", "Four"].map((title, i) => ({
  title,
  url: `https://margo.example/blog/posts/${title.toLowerCase()}/`,
  published: `2026-0${9 - i}-01T10:00:00Z`,
  summary: "",
}));
const model = handModel({ posts });
const page = render({ site: model.config, portfolio: model });
const main = page.slice(page.indexOf("<main"), page.indexOf("</main>"));

test("should offer the home page, the newest three posts and the search, before the API", () => {
  assert.match(main, "<h1>Not found</h1>");
  assert.match(main, '<a href="/">');
  const titles = [...main.matchAll(/<a href="[^"]*\/blog\/posts\/[a-z]+\/">([^<]+)<\/a>/g)].map((m) => m[1]);
  assert.equal(titles, ["One", "Two", "Three"]);
  assert.match(main, /<button type="button" class="palette-button" data-palette-open hidden/);
  const api = main.indexOf("/api/v1/index.json");
  assert.ok(api > main.indexOf("Three") && api > main.indexOf("data-palette-open"), "the API hint comes second");
});

test("should name no address of its own, since it answers at any, and ask not to be indexed", () => {
  const head = page.slice(0, page.indexOf("</head>"));

  assert.not.match(head, 'rel="canonical"');
  assert.not.match(head, 'property="og:url"');
  assert.is(head.split('<meta name="robots" content="noindex">').length, 2, "one robots meta");
});

test("should name no posts when there are none", () => {
  const page = render({ site: siteConfig() });
  assert.not.match(page, "Latest posts");
  assert.match(page, "<h1>Not found</h1>");
});

test.run();
