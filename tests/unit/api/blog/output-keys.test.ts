import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BlogModel } from "../../../../src/blog/blog-model.ts";
import type { BlogPost } from "../../../../src/blog/load-blog.ts";
import { postKey, referencesKey, tagKey } from "../../../../src/api/blog/output-keys.ts";
import { siteConfig } from "../../support/model.ts";
import { blogSettings, blogTime, handBlogModel, handPost } from "../../blog/support/hand-blog.ts";

/*
 * The keys by which `npm start` keeps a post's or tag's files unrendered: the same inputs, the
 * same key, whatever the objects; any input a page reads changed, another key. Each model is
 * compared with the one asked before it, as builds follow one another.
 */

const tag = { name: "Radio", slug: "radio" };
const posts = (changes: Record<string, Partial<BlogPost>> = {}) =>
  ["a", "b", "c", "d"].map((slug, i) =>
    handPost(slug, `2026-03-0${i + 1}`, { tags: slug === "d" ? [] : [tag], ...changes[slug] }),
  );
const keysOf = (model: BlogModel) => ({
  posts: model.posts.map((post) => postKey(model, post)),
  tag: tagKey(model, model.tags[0] ?? { ...tag, posts: [] }),
  references: referencesKey(model),
});

test("should give new objects with the same content the same keys, a DateTime's lazy caches aside", () => {
  const first = keysOf(handBlogModel(posts()));
  const again = posts();
  // Formatting fills a DateTime's caches (its locale's, its week data): not a change.
  for (const post of again) post.published.toFormat("kkkk-WW DDDD");
  assert.equal(keysOf(handBlogModel(again)), first);
});

test("should change the keys of a post's page, its neighbours', related posts' and its tag's when it changes", () => {
  const before = keysOf(handBlogModel(posts()));
  const after = keysOf(handBlogModel(posts({ b: { title: "Retitled" } })));
  // Newest first: d, c, b, a. b's neighbours are c and a, which share its tag too; d reads c, not b.
  const changed = ["d", "c", "b", "a"].filter((_, i) => before.posts[i] !== after.posts[i]);
  assert.equal(changed, ["c", "b", "a"]);
  assert.is.not(after.tag, before.tag);
  assert.is.not(after.references, before.references, "the archive and the list of tags show titles");
});

test("should change only the post's own keys and its tag's when its body changes", () => {
  const before = keysOf(handBlogModel(posts()));
  const after = keysOf(handBlogModel(posts({ b: { html: "<p>Longer.</p>\n", wordCount: 40 } })));
  const changed = ["d", "c", "b", "a"].filter((_, i) => before.posts[i] !== after.posts[i]);
  assert.equal(changed, ["b"], "its neighbours and related posts show its title and date only");
  assert.is.not(after.tag, before.tag, "a tag's files show its posts' summaries and word counts");
  assert.is(after.references, before.references);
});

test("should change the archive's and the tag list's key when a tag's posts change", () => {
  const before = keysOf(handBlogModel(posts()));
  const after = keysOf(handBlogModel(posts({ d: { tags: [tag] } })));
  assert.is.not(after.references, before.references);
});

test("should change every key with the configuration, blog.yaml or the history's state, but not with the build's time", () => {
  const before = keysOf(handBlogModel(posts()));
  const later = keysOf(handBlogModel(posts(), { config: siteConfig({ buildTime: new Date("2030-01-01T00:00:00Z") }) }));
  assert.equal(later, before);
  for (const inputs of [
    { config: siteConfig({ baseUrl: "https://elsewhere.example" }) },
    { settings: blogSettings({ title: "Other Notes" }) },
    { historyUnavailable: "git is not installed" },
  ]) {
    handBlogModel(posts());
    const model = keysOf(handBlogModel(posts(), inputs));
    assert.ok(
      model.posts.every((key, i) => key !== before.posts[i]),
      JSON.stringify(Object.keys(inputs)),
    );
    assert.is.not(model.tag, before.tag);
  }
});

test("should see a change in a date's zone, a Map's entry, or an object of another class", () => {
  // Whether post a's key changes from a model of `before`'s posts to the next, of `after`'s.
  const changes = (before: BlogPost[], after: BlogPost[]) => {
    const first = keysOf(handBlogModel(before)).posts[3];
    return keysOf(handBlogModel(after)).posts[3] !== first;
  };
  assert.ok(changes(posts(), posts({ a: { published: blogTime("2026-03-01").setZone("UTC") } })), "zone");
  const plan = (url: string) => ({ source: "x.png", plan: { fallback: { url, width: 1, height: 1 } } });
  const pictured = (url: string) =>
    posts({ a: { pictures: new Map([["/x.png", plan(url)]]) as unknown as BlogPost["pictures"] } });
  assert.not.ok(changes(pictured("/x.1.png"), pictured("/x.1.png")), "the same picture");
  assert.ok(changes(pictured("/x.1.png"), pictured("/x.2.png")), "another picture");
  // Two objects of one class with the same fields: its fields may not say all it holds.
  const classed = () =>
    posts({ a: { cover: Object.assign(new (class Cover {})(), handPost("a", "2026-03-01").cover) } });
  assert.ok(changes(classed(), classed()), "another class");
});

test.run();
