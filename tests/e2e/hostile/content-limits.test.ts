import { copyFileSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import { buildSite, copyContent, removeDir, type BuildResult } from "../support/build-site.ts";
import { assertRefused } from "../support/hostile.ts";

/*
 * Hostile inputs that the build refuses: content files over their size limits and
 * an image whose name lies about its type. These are found while the content is read, so one
 * build reports all three at once (image decoding, which finds truncated files, comes later and
 * has its own test in images.test.ts). The unit tests check each limit alone; this checks that
 * the owner sees every one in words, in one run, and that nothing is published.
 */

const MARKER = "hostile-s4-xq51";

const dirs: string[] = [];
let oversized: BuildResult;

test.before(async () => {
  const content = copyContent();
  dirs.push(content);
  const images = join(content, "blog/images");
  // Sparse: 65 MiB as the file system reports it, without writing 65 MiB to a shared disk.
  writeFileSync(join(images, "huge.png"), "");
  truncateSync(join(images, "huge.png"), 65 * 1024 * 1024);
  copyFileSync(join(images, "contour-cover.png"), join(images, "drawing.jpg"));
  const key = readFileSync(join(content, "pgp.asc"), "utf8");
  writeFileSync(join(content, "pgp.asc"), `${key}\n${"A".repeat(1_200_000)}\n`);
  writeFileSync(
    join(content, "blog/posts/shows-oversized.md"),
    `---\ntitle: Oversized ${MARKER}\ndescription: Shows files over their limits.\ndate: 2026-05-01\n---\n` +
      `![Huge ${MARKER}](../images/huge.png)\n\n![Lying ${MARKER}](../images/drawing.jpg)\n`,
  );
  oversized = await buildSite({ contentDir: content, epoch: 1_795_000_000 });
  dirs.push(oversized.outDir);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
});

test("should refuse an image over 64 MiB, a PGP key over 1 MiB and a PNG named .jpg in one build", () => {
  assertRefused(oversized, {
    mentions: [
      "Invalid content (3 problems)",
      /blog\/images\/huge\.png: \(file\): expected a file of at most 64 MiB \(this one has 65 MiB\)/,
      /pgp\.asc: \(file\): expected a file of at most 1 MiB \(this one has 1\.1 MiB\)/,
      /blog\/images\/drawing\.jpg: \(file name\): expected a file name ending in \.png, as this PNG image is, found "\.jpg"/,
    ],
    hostile: MARKER,
  });
});

test.run();
