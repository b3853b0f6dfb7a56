import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mayClean, removeUnwritten } from "../../../src/eleventy/dev-output.ts";

let out = "";
test.before.each(() => {
  out = mkdtempSync(join(tmpdir(), "h5-dev-output-"));
});
test.after.each(() => rmSync(out, { recursive: true, force: true }));

function write(path: string): string {
  const file = join(out, path);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, path);
  return file;
}

test("should delete the files this build did not write, and the folders left empty", () => {
  const kept = [write("index.html"), write("blog/posts/kept/index.html"), write("assets/site.css")];
  write("blog/posts/deleted/index.html");
  write("blog/images/deleted.png");
  removeUnwritten(out, new Set(kept));
  assert.equal(readdirSync(out, { recursive: true }).sort(), [
    "assets",
    "assets/site.css",
    "blog",
    "blog/posts",
    "blog/posts/kept",
    "blog/posts/kept/index.html",
    "index.html",
  ]);
  assert.ok(kept.every((file) => existsSync(file)));
  assert.not.ok(existsSync(join(out, "blog/posts/deleted")), "the emptied folder is gone");
  assert.not.ok(existsSync(join(out, "blog/images")));
  assert.ok(existsSync(out), "the output folder itself stays");
});

test("should empty the output folder but keep it", () => {
  write("api/v1/stats.json");
  write("index.html");
  removeUnwritten(out, new Set());
  assert.equal(readdirSync(out), []);
});

test("should not clean a folder that holds the project or its content", () => {
  assert.not.ok(mayClean(out, [join(out, "content")]));
  assert.not.ok(mayClean(out, [out]));
  assert.ok(mayClean(join(out, "_site"), [out, join(out, "content")]));
});

test.run();
