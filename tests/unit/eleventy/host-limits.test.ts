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
    assert.equal(hostLimitWarnings(dir, { files: 3, bytes: 1200 }), []);
    const warnings = hostLimitWarnings(dir, { files: 2, bytes: 1000 });
    assert.is(warnings.length, 2);
    assert.match(warnings[0] ?? "", "the site has 3 files: Cloudflare Pages takes at most 2");
    assert.match(warnings[1] ?? "", "the site is 0.00 GB");
    assert.equal(HOST_LIMITS, { files: 20_000, bytes: 1_000_000_000 });
  }),
);

test.run();
