import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { HOST_LIMITS, hostLimitWarnings } from "../../../src/eleventy/host-limits.ts";
import { filesUnder } from "../../../src/util/files-under.ts";
import { withTempFolder } from "../support/temp-folder.ts";

const listed = (dir: string) => filesUnder(dir, (entry) => entry.isFile());

test(
  "should warn of each host limit the output passes, naming the figure, and of none below them",
  withTempFolder("hosts", (dir) => {
    mkdirSync(join(dir, "blog"));
    for (const name of ["index.html", "blog/a.json", "blog/b.json"]) writeFileSync(join(dir, name), "x".repeat(400));
    assert.equal(hostLimitWarnings(dir, listed(dir)), []);
    assert.equal(hostLimitWarnings(dir, listed(dir), new Map(), { files: 3, bytes: 1200, fileBytes: 400 }), []);
    const warnings = hostLimitWarnings(dir, listed(dir), new Map(), { files: 2, bytes: 1000, fileBytes: 1000 });
    assert.is(warnings.length, 2);
    assert.match(warnings[0] ?? "", "the site has 3 files: Cloudflare Pages takes at most 2");
    assert.match(warnings[1] ?? "", "the site is 0.00 GB");
    assert.equal(HOST_LIMITS, { files: 20_000, bytes: 1_000_000_000, fileBytes: 25 * 2 ** 20 });
    // A file the build wrote is sized from its bytes, not asked of the disk (here they differ).
    const written = new Map<string, string | Buffer>([
      [join(dir, "index.html"), "x".repeat(1000)],
      [join(dir, "blog/a.json"), Buffer.alloc(400)],
    ]);
    assert.equal(hostLimitWarnings(dir, listed(dir), new Map(), { files: 3, bytes: 1500, fileBytes: 1000 }), []);
    assert.is(hostLimitWarnings(dir, listed(dir), written, { files: 3, bytes: 1500, fileBytes: 1000 }).length, 1);
  }),
);

test(
  "should warn of the largest file past a host's limit for one file, naming it and its size",
  withTempFolder("hosts", (dir) => {
    mkdirSync(join(dir, "blog"));
    writeFileSync(join(dir, "index.html"), "x".repeat(300));
    writeFileSync(join(dir, "blog/feed.json"), "x".repeat(3 * 2 ** 20));
    writeFileSync(join(dir, "blog/index.xml"), "x".repeat(2 * 2 ** 20));
    const limits = { ...HOST_LIMITS, fileBytes: 2 ** 20 };
    assert.equal(hostLimitWarnings(dir, listed(dir), new Map(), { ...limits, fileBytes: 3 * 2 ** 20 }), []);
    assert.equal(hostLimitWarnings(dir, listed(dir), new Map(), limits), [
      "[build] Host limit: blog/feed.json is 3.0 MiB: Cloudflare Pages takes files of at most 1 MiB (docs/scaling.md says what to do).",
    ]);
  }),
);

test.run();
