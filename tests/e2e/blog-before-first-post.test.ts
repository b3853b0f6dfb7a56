import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, readJson, readText, removeDir, type BuildResult, type Envelope } from "./support/build-site.ts";

// A blog whose posts are all scheduled (the build clock before the first one) still builds:
// its lists are empty, and its reference page gives no dead example link for a slug or tag
// that does not exist yet.
let build: BuildResult;

test.before(async () => {
  build = await buildSite({ epoch: 0 });
});

test.after(() => removeDir(build.outDir));

test("should build a blog before its first post", () => {
  assert.is(build.status, 0, build.output);
  assert.is(readJson<Envelope<unknown[]>>(build.outDir, "blog/api/v1/posts.json").data.length, 0);
});

test("should show no example link for a parameter without values on the reference page", () => {
  const page = readText(build.outDir, "blog/docs/api/index.html");
  assert.match(page, /Example: none yet, since no slug exists in this build\./);
  assert.not.match(page, /href="[^"]*\/posts\/slug\.json"/);
});

test.run();
