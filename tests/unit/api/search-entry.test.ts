import { test } from "uvu";
import * as assert from "uvu/assert";
import { sitePaths } from "../../../src/config/site-paths.ts";
import { searchEntries } from "../../../src/api/search-entry.ts";
import { siteConfig } from "../support/model.ts";

const FOLIO = siteConfig({ baseUrl: "https://fixture.example/folio" });

test("should give a site path as the entry's path and its absolute URL as url", () => {
  const entry = searchEntries(FOLIO)("project", "A b", "Tagline", sitePaths(FOLIO).project("a b"), ["x"]);

  assert.equal(entry, {
    kind: "project",
    title: "A b",
    subtitle: "Tagline",
    path: "/folio/projects/a%20b/",
    url: "https://fixture.example/folio/projects/a%20b/",
    keywords: ["x"],
  });
});

test("should give a URL of this origin that came as data its path, and keep any other URL whole", () => {
  const entry = searchEntries(FOLIO);
  const here = entry("post", "Here", "", "https://fixture.example/folio/blog/posts/a/#top", []);
  const away = entry("post", "Away", "", "https://elsewhere.example/posts/a/", []);

  assert.is(here.path, "/folio/blog/posts/a/#top");
  assert.is(here.url, "https://fixture.example/folio/blog/posts/a/#top");
  assert.is(away.path, "https://elsewhere.example/posts/a/");
  assert.is(away.url, "https://elsewhere.example/posts/a/");
});

test.run();
