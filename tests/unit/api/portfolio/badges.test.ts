import { test } from "uvu";
import * as assert from "uvu/assert";
import { badgeOf } from "../../../../src/api/badges.ts";
import { portfolioBadges } from "../../../../src/api/portfolio/badges.ts";
import { content, github, handModel, project, pull } from "../../support/model.ts";

const model = handModel({
  content: content({ projects: [project({ name: "a" }), project({ name: "b", cluster: "two" })] }),
  github: github(
    { "fixture-owner/a": { stars: 40, pushedAt: null }, "fixture-owner/b": { stars: 2, pushedAt: null } },
    [
      pull({ repo: "x/y", number: 1, state: "merged" }),
      pull({ repo: "x/y", number: 2, state: "merged" }),
      pull({ repo: "x/z", number: 3 }),
    ],
  ),
  posts: [{ title: "P", url: "https://fixture.example/blog/p/", published: null, summary: "" }],
});

test("should give every metric exactly the four badge keys with schemaVersion 1 and a message", () => {
  const badges = Object.keys(portfolioBadges).map((metric) => badgeOf(portfolioBadges, model.stats, metric));

  for (const b of badges) {
    assert.equal(Object.keys(b), ["schemaVersion", "label", "message", "color"]);
    assert.is(b.schemaVersion, 1);
    assert.ok(b.message.length > 0 && b.label.length > 0 && b.color.length > 0);
  }
});

test("should show the model's figures in the messages", () => {
  const messages = Object.fromEntries(
    Object.keys(portfolioBadges).map((metric) => [metric, badgeOf(portfolioBadges, model.stats, metric).message]),
  );

  assert.equal(messages, {
    catalog: "2 projects · 2 domains",
    projects: "2",
    domains: "2",
    stars: "42",
    pulls: "3",
    merged: "2",
    posts: "1",
  });
});

test("should use the singular for one project and one domain", () => {
  const single = handModel({ content: content({ domains: [{ id: "one", emoji: "1️⃣", title: "One", blurb: "b" }] }) });

  const catalog = badgeOf(portfolioBadges, single.stats, "catalog");

  assert.is(catalog.message, "1 project · 1 domain");
});

test.run();
