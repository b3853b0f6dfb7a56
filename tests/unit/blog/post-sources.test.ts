import { statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ProblemList } from "../../../src/content/content-error.ts";
import { readPostSources } from "../../../src/blog/post-sources.ts";
import { keepReadsForNextBuild } from "../../../src/util/build-cache.ts";
import { meta, postFile, writeBlogTree } from "./support/blog-tree.ts";

/*
 * `npm start` (a build that keeps its reads for the next) takes an unchanged post file's source from its last build; a build
 * reads every file; a file written since, even to the same size and time, is read again.
 */

test("should take an unchanged post's source from the last read under npm start, and read a changed one", () => {
  const tree = writeBlogTree({ "a.md": postFile(meta({ title: "Aaa" })), "b.md": postFile(meta({ title: "Bbb" })) });
  try {
    keepReadsForNextBuild();
    const config = tree.config();
    const folder = join(tree.contentDir, "blog/posts");
    const read = () => readPostSources(folder, config, new ProblemList());
    const file = tree.file("blog/posts/b.md");
    const time = new Date("2026-01-01T00:00:00Z");
    utimesSync(file, time, time);
    const first = read();
    const second = read();
    assert.is(second[0], first[0], "the same source, not read again");
    // Written again to the same size, its time set back: its ctime still tells.
    tree.write("blog/posts/b.md", postFile(meta({ title: "Ccc" })));
    utimesSync(file, time, time);
    assert.is(statSync(file).mtimeMs, time.getTime());
    const third = read();
    assert.is(third[0], first[0]);
    assert.is(third[1]?.meta.title, "Ccc");
    // A build reads every file.
    keepReadsForNextBuild(false);
    const built = readPostSources(folder, config, new ProblemList());
    assert.is.not(built[0], first[0]);
  } finally {
    keepReadsForNextBuild(false);
    tree.cleanup();
  }
});

test("should read again a post file whose last read found a problem, and say it again", () => {
  const tree = writeBlogTree({ "a.md": postFile(meta({ date: "2026-02-30" })) });
  try {
    keepReadsForNextBuild();
    const folder = join(tree.contentDir, "blog/posts");
    for (const _ of [1, 2]) {
      const problems = new ProblemList();
      readPostSources(folder, tree.config(), problems);
      assert.equal(
        problems.items.map((problem) => problem.field),
        ["date"],
      );
    }
  } finally {
    keepReadsForNextBuild(false);
    tree.cleanup();
  }
});

test.run();
