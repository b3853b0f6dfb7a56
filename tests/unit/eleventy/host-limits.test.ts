import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { HOST_LIMITS, hostLimitWarnings } from "../../../src/eleventy/host-limits.ts";
import { withTempFolder } from "../support/temp-folder.ts";

test(
  "should warn of each host limit the output passes, naming the figure, and of none below them",
  withTempFolder("hosts", (dir) => {
    mkdirSync(join(dir, "blog"));
    for (const name of ["index.html", "blog/a.json", "blog/b.json"]) writeFileSync(join(dir, name), "x".repeat(400));
    assert.equal(hostLimitWarnings(dir), []);
    assert.equal(hostLimitWarnings(dir, new Map(), { files: 3, bytes: 1200 }), []);
    const warnings = hostLimitWarnings(dir, new Map(), { files: 2, bytes: 1000 });
    assert.is(warnings.length, 2);
    assert.match(warnings[0] ?? "", "the site has 3 files: Cloudflare Pages takes at most 2");
    assert.match(warnings[1] ?? "", "the site is 0.00 GB");
    assert.equal(HOST_LIMITS, { files: 20_000, bytes: 1_000_000_000 });
    // A file the build wrote is sized from its bytes, not asked of the disk (here they differ).
    const written = new Map<string, string | Buffer>([
      [join(dir, "index.html"), "x".repeat(1000)],
      [join(dir, "blog/a.json"), Buffer.alloc(400)],
    ]);
    assert.equal(hostLimitWarnings(dir, new Map(), { files: 3, bytes: 1500 }), []);
    assert.is(hostLimitWarnings(dir, written, { files: 3, bytes: 1500 }).length, 1);
  }),
);

test.run();
