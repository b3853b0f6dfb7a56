import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  checkOutputFolder,
  isStagingFolder,
  makeStagingFolder,
  OUTPUT_MARKER,
  OutputFolderError,
  removeLeftovers,
  replaceOutputFolder,
} from "../../../src/eleventy/output-folder.ts";
import { withTempFolder } from "../support/temp-folder.ts";

const refused = (outputDir: string, keep: string[] = [], content?: string): string => {
  try {
    checkOutputFolder(outputDir, keep, content);
  } catch (error) {
    assert.instance(error, OutputFolderError);
    return (error as Error).message;
  }
  return "";
};

test(
  "should accept a missing, an empty and a marked output folder",
  withTempFolder("output", (dir) => {
    assert.is(refused(join(dir, "missing")), "");
    mkdirSync(join(dir, "empty"));
    assert.is(refused(join(dir, "empty")), "");
    mkdirSync(join(dir, "marked"));
    writeFileSync(join(dir, "marked", OUTPUT_MARKER), "");
    writeFileSync(join(dir, "marked", "index.html"), "");
    assert.is(refused(join(dir, "marked")), "");
  }),
);

test(
  "should refuse a folder of someone else's files, a file, a link and a folder holding the project",
  withTempFolder("output", (dir) => {
    mkdirSync(join(dir, "docs"));
    writeFileSync(join(dir, "docs", "guide.md"), "mine");
    assert.match(refused(join(dir, "docs")), "holds files no build of this site wrote");
    writeFileSync(join(dir, "file"), "");
    assert.match(refused(join(dir, "file")), "is a file");
    symlinkSync(join(dir, "docs"), join(dir, "link"));
    assert.match(refused(join(dir, "link")), "is a symbolic link");
    assert.match(refused(dir, [join(dir, "content")]), "holds");
    assert.is(readFileSync(join(dir, "docs", "guide.md"), "utf8"), "mine", "nothing was touched");
  }),
);

test(
  "should refuse an output folder inside the content folder, which a build reads and init replaces",
  withTempFolder("output", (dir) => {
    // Before: `npm run build -- --output=content/site` wrote the site into the content.
    const content = join(dir, "content");
    mkdirSync(content);

    assert.match(refused(join(content, "site"), [dir], content), `is inside the content folder ${content}`);
    assert.match(refused(content, [dir], content), "holds");
    assert.is(refused(join(dir, "_site"), [dir], content), "");
  }),
);

test(
  "should rename a staging folder into place, marked, and keep the output it replaced as the spare",
  withTempFolder("output", (dir) => {
    const out = join(dir, "_site");
    mkdirSync(out);
    writeFileSync(join(out, "old.html"), "old");
    const staging = makeStagingFolder(out);
    assert.ok(isStagingFolder(staging));
    assert.not.ok(isStagingFolder(out));
    assert.equal(readdirSync(staging), [], "no spare yet: a new folder");
    writeFileSync(join(staging, "new.html"), "new");
    replaceOutputFolder(staging, out);
    assert.equal(readdirSync(out).sort(), [OUTPUT_MARKER, "new.html"]);
    assert.equal(readdirSync(dir).sort(), ["._site.spare", "_site"]);
    assert.equal(readdirSync(join(dir, "._site.spare")), ["old.html"]);
  }),
);

test(
  "should take a marked spare as the next staging folder",
  withTempFolder("output", (dir) => {
    const out = join(dir, "_site");
    const spare = join(dir, "._site.spare");
    mkdirSync(join(spare, "blog"), { recursive: true });
    writeFileSync(join(spare, OUTPUT_MARKER), "");
    writeFileSync(join(spare, "blog", "index.html"), "the build before last");
    const staging = makeStagingFolder(out);
    assert.ok(isStagingFolder(staging));
    assert.is(readFileSync(join(staging, "blog", "index.html"), "utf8"), "the build before last");
    assert.not.ok(existsSync(spare));
  }),
);

test(
  "should delete, not take, a spare holding a symbolic link, a second name of a file, or no marker",
  withTempFolder("output", (dir) => {
    const out = join(dir, "_site");
    const spare = join(dir, "._site.spare");
    const elsewhere = join(dir, "elsewhere.txt");
    const plant: Record<string, () => void> = {
      link: () => symlinkSync(elsewhere, join(spare, "index.html")),
      "hard link": () => linkSync(elsewhere, join(spare, "index.html")),
      "no marker": () => rmSync(join(spare, OUTPUT_MARKER)),
    };
    for (const [name, planted] of Object.entries(plant)) {
      writeFileSync(elsewhere, "not the build's");
      mkdirSync(spare);
      writeFileSync(join(spare, OUTPUT_MARKER), "");
      planted();
      const staging = makeStagingFolder(out);
      assert.equal(readdirSync(staging), [], name);
      assert.not.ok(existsSync(spare), name);
      assert.is(readFileSync(elsewhere, "utf8"), "not the build's", name);
      rmSync(staging, { recursive: true });
    }
  }),
);

test(
  "should remove a killed build's staging folder and put back the output it had set aside",
  withTempFolder("output", (dir) => {
    const out = join(dir, "_site");
    // A dead process's id: ours, which `removeLeftovers` counts as a killed build's.
    const staging = join(dir, `._site.staging-${process.pid}-abc`);
    const old = join(dir, `._site.old-${process.pid}-def`);
    mkdirSync(staging);
    mkdirSync(old);
    writeFileSync(join(old, OUTPUT_MARKER), "");
    writeFileSync(join(old, "index.html"), "the last good build");
    removeLeftovers(out);
    assert.not.ok(existsSync(staging));
    assert.is(readFileSync(join(out, "index.html"), "utf8"), "the last good build");
    assert.equal(readdirSync(dir), ["_site"]);
  }),
);

test(
  "should leave alone the staging folder of a build that still runs",
  withTempFolder("output", (dir) => {
    const running = join(dir, `._site.staging-${process.ppid}-abc`);
    mkdirSync(running);
    removeLeftovers(join(dir, "_site"));
    assert.ok(existsSync(running));
  }),
);

test.run();
