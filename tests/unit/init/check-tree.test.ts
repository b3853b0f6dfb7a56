import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ContentError } from "../../../src/content/content-error.ts";
import { checkContentTree } from "../../../src/init/check-tree.ts";
import { contentTree } from "../../../src/init/content-tree.ts";

const answers = { name: "Ada Lovelace", login: "ada", siteUrl: "https://ada.example/", timezone: "UTC", blog: true };
const NOW = new Date("2026-11-23T12:00:00Z");

test("should take the tree init writes", async () => {
  await checkContentTree(contentTree(answers, [], new Set(), NOW, null), "content");
});

test("should refuse a tree the build's content checks refuse, naming each file as it will be in the content folder", async () => {
  const tree = contentTree(answers, [], new Set(), NOW, null);
  tree.set("projects/example-project.md", "---\nname: example-project\ndemo: javascript:alert(1)\n---\nText\n");
  tree.set(
    "github/snapshot.json",
    JSON.stringify({ fetched_at: "2026-11-23T12:00:00Z", repositories: {}, pulls: [{ repo: "a/b" }] }),
  );
  let error: unknown;

  try {
    await checkContentTree(tree, "/srv/site/content");
  } catch (caught) {
    error = caught;
  }

  assert.instance(error, ContentError);
  const files = new Set((error as ContentError).problems.map((p) => p.file));
  assert.equal([...files].sort(), [
    join("/srv/site/content", "github/snapshot.json"),
    join("/srv/site/content", "projects/example-project.md"),
  ]);
  assert.not.match((error as Error).message, "folio-init-check");
});

test.run();
