import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  copyContent,
  listFiles,
  makeTempDir,
  removeDir,
  stackTraceLines,
  type BuildResult,
} from "../support/build-site.ts";
import { assertPublishedWithout, assertRefused, filesCarrying } from "../support/hostile.ts";
import { OUTPUT_MARKER } from "../../../src/eleventy/output-folder.ts";

/*
 * Hostile paths: symbolic links in the content folder, names that would leave the output
 * folder, and an output folder that cannot be written. Each is refused in one sentence (no
 * stack trace) or published without its hostile part, and a refused build leaves the previous
 * output as it was.
 */

const SITE_URL = "https://margo.example";
const EPOCH = 1_795_000_000;
const MARKER = `h5-host-secret-${randomBytes(6).toString("hex")}`;

/** A host file outside the content folder: a PNG (so it passes as an image) that carries the marker. */
const hostDir = makeTempDir("host");
const hostImage = join(hostDir, "host.png");
const dirs: string[] = [hostDir];

function content(change: (dir: string) => void): string {
  const dir = copyContent();
  dirs.push(dir);
  change(dir);
  return dir;
}

function post(dir: string, name: string, image: string): void {
  writeFileSync(
    join(dir, "blog/posts", name),
    `---\ntitle: A linked image\ndescription: Shows an image.\ndate: 2025-01-01\ntags: [gis]\n---\n![A contour map](../images/${image})\n`,
  );
}

let unreferencedLink: BuildResult;
let referencedLink: BuildResult;
let backslashName: BuildResult;
let longName: BuildResult;
let longNameBefore: Map<string, string>;

test.before(async () => {
  writeFileSync(
    hostImage,
    Buffer.concat([readFileSync(join("content/blog/images/contour-cover.png")), Buffer.from(MARKER)]),
  );
  // `ln -s <host file> content/blog/images/x.png`, named by no post.
  const unreferenced = content((dir) => symlinkSync(hostImage, join(dir, "blog/images/x.png")));
  // The same link, shown by a published post: refused as the post's images are read.
  const referenced = content((dir) => {
    symlinkSync(hostImage, join(dir, "blog/images/linked.png"));
    post(dir, "linked-image.md", "linked.png");
  });
  // An image whose name holds a backslash (a path separator on Windows hosts), shown by a
  // post: refused when it is copied, which a refused link never reaches, so a build of its own.
  const backslashed = content((dir) => {
    copyFileSync(join(dir, "blog/images/contour-cover.png"), join(dir, "blog/images/up\\..\\x.png"));
    post(dir, "backslash-image.md", "up%5C..%5Cx.png");
  });
  // A tag whose slug is longer than a file name may be: the output folder refuses the write.
  const long = content((dir) => post(dir, "long-tag.md", "contour-cover.png"));
  const longPost = join(long, "blog/posts/long-tag.md");
  writeFileSync(longPost, readFileSync(longPost, "utf8").replace("tags: [gis]", `tags: [${"a".repeat(300)}]`));
  const previous = makeTempDir("previous");
  dirs.push(previous);
  writeFileSync(join(previous, "index.html"), "the previous build");
  writeFileSync(join(previous, OUTPUT_MARKER), "a build's");
  longNameBefore = new Map([
    [OUTPUT_MARKER, "a build's"],
    ["index.html", "the previous build"],
  ]);

  [unreferencedLink, referencedLink, backslashName, longName] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: unreferenced }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: referenced }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: backslashed }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: long, outDir: previous }),
  ]);
  dirs.push(unreferencedLink.outDir, referencedLink.outDir, backslashName.outDir);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
});

test("should not publish a symbolic link no published post shows", () => {
  assertPublishedWithout(unreferencedLink, MARKER);
  assert.not.ok(existsSync(join(unreferencedLink.outDir, "blog/images/x.png")));
});

test("should refuse a symbolic link a published post shows, naming the file", () => {
  assertRefused(referencedLink, {
    mentions: ["blog/images/linked.png", "symbolic links are not followed"],
    hostile: MARKER,
  });
});

test("should refuse an image name that cannot be an output file", () => {
  assertRefused(backslashName, {
    mentions: [
      "blog/images/up\\..\\x.png: (file name): expected a name that can be published as a file (it contains a backslash)",
    ],
    hostile: MARKER,
  });
});

test("should report an output file name that is too long in one sentence and keep the previous output", () => {
  assert.is.not(longName.status, 0, longName.output);
  assert.match(
    longName.output,
    /Cannot write .*\/blog\/(api\/v1\/)?tags\/a{300}.*: the path is longer than the file system allows \(ENAMETOOLONG\)|tags\[0\]/,
  );
  assert.not.match(longName.output, /\.staging-\d+/, "the staging folder is not named: it is gone");
  assert.equal(stackTraceLines(longName.output), []);
  assert.equal(
    new Map(listFiles(longName.outDir).map((file) => [file, readFileSync(join(longName.outDir, file), "utf8")])),
    longNameBefore,
  );
});

test("should refuse a blog.url that would lead out of the output folder, writing nothing there", async () => {
  const outside = `h5-outside-${randomBytes(4).toString("hex")}`;
  const dir = content((d) =>
    writeFileSync(
      join(d, "site.yaml"),
      readFileSync(join(d, "site.yaml"), "utf8").replace(/^( +url: )\/blog\/$/m, `$1../${outside}/`),
    ),
  );
  assert.match(readFileSync(join(dir, "site.yaml"), "utf8"), `../${outside}/`);
  const result = await buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: dir });
  dirs.push(result.outDir);
  // Refused where site.yaml is read, or else where the first page's path is made.
  assertRefused(result, { mentions: [/blog\.url|Refusing to write/], hostile: outside });
  assert.not.ok(existsSync(join(dirname(result.outDir), outside)), "nothing was written beside the output folder");
});

test("should not search, import or publish what a symbolic link in the project's content/ leads to", async () => {
  // A copy of the project whose content/ (inside Eleventy's input folder, as by default) holds a
  // link to a folder elsewhere with a template in it: a link to / would have Eleventy walk the
  // machine and import every `*.11ty.ts` on it (56 s and 576 MB, then a crash, in one try).
  const project = makeTempDir("project");
  const elsewhere = makeTempDir("elsewhere");
  dirs.push(project, elsewhere);
  for (const name of [".eleventy.js", "_data", "api-templates", "site-templates", "site-assets", "src", "scripts"])
    cpSync(name, join(project, name), { recursive: true });
  for (const name of ["package.json", "content"]) cpSync(name, join(project, name), { recursive: true });
  symlinkSync(resolve("node_modules"), join(project, "node_modules"));
  writeFileSync(
    join(elsewhere, "linked.11ty.ts"),
    `export const data = { permalink: "linked.html" };\nexport const render = () => "${MARKER}";\n`,
  );
  symlinkSync(elsewhere, join(project, "content/blog/images/elsewhere"));
  const result = await buildSite({
    siteUrl: SITE_URL,
    epoch: EPOCH,
    project,
    env: { FOLIO_CACHE_DIR: resolve(".cache") },
  });
  dirs.push(result.outDir);
  assertPublishedWithout(result, MARKER);
  assert.not.ok(existsSync(join(result.outDir, "linked.html")));
});

/** A build that fails before Eleventy starts: the output folder cannot be used. */
async function outputFault(outDir: string): Promise<BuildResult> {
  const result = await buildSite({ siteUrl: SITE_URL, epoch: EPOCH, outDir });
  assert.is.not(result.status, 0, result.output);
  assert.equal(stackTraceLines(result.output), [], result.output);
  assert.is(result.stderr.trim().split("\n").length, 1, `one sentence:\n${result.output}`);
  return result;
}

test("should say in one sentence that the output folder's parent is a file", async () => {
  const dir = makeTempDir("fault");
  dirs.push(dir);
  writeFileSync(join(dir, "file"), "x");
  const result = await outputFault(join(dir, "file/site"));
  assert.match(
    result.stderr,
    `Cannot write ${join(dir, "file/site")} (${join(dir, "file")} is a file): a file stands where a folder is needed (ENOTDIR)`,
  );
  assert.is(readFileSync(join(dir, "file"), "utf8"), "x");
});

test("should say in one sentence that the output folder is a file, and leave the file", async () => {
  const dir = makeTempDir("fault");
  dirs.push(dir);
  writeFileSync(join(dir, "site"), "x");
  const result = await outputFault(join(dir, "site"));
  assert.match(result.stderr, `The output folder ${join(dir, "site")} is a file, not a folder`);
  assert.is(readFileSync(join(dir, "site"), "utf8"), "x");
});

test("should say in one sentence that the output folder's name is too long", async () => {
  const dir = makeTempDir("fault");
  dirs.push(dir);
  const result = await outputFault(join(dir, "s".repeat(300)));
  assert.match(
    result.stderr,
    /: the path is longer than the file system allows \(ENAMETOOLONG\); pass --output=<a shorter path>\./,
  );
});

test("should refuse an output folder that holds the content", async () => {
  const dir = content(() => undefined);
  mkdirSync(join(dir, "x"), { recursive: true });
  copyFileSync(join(dir, "site.yaml"), join(dir, "x/site.yaml"));
  const result = await buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: join(dir, "x"), outDir: dir });
  assert.is.not(result.status, 0);
  assert.match(result.stderr, `The output folder ${dir} holds ${join(dir, "x")}`);
  assert.ok(existsSync(join(dir, "x/site.yaml")), "the content is untouched");
  assert.equal(filesCarrying(dir, "<html"), [], "nothing was built into it");
});

test("should refuse an output folder of files no build wrote (--output=docs), with and without staging, and leave it as it was", async () => {
  const docs = makeTempDir("docs");
  dirs.push(docs);
  cpSync("docs", docs, { recursive: true });
  const before = new Map(listFiles(docs).map((file) => [file, readFileSync(join(docs, file), "base64")]));
  assert.ok(before.size > 3);
  const sentence = `The output folder ${docs} holds files no build of this site wrote: move them away or pass --output=<an empty or new folder>.`;

  const staged = await buildSite({ siteUrl: SITE_URL, epoch: EPOCH, outDir: docs });
  assert.is.not(staged.status, 0, staged.output);
  assert.is(staged.stderr.trim(), sentence);
  // `npx eleventy` (and `npm start`) write in place and clean after: the same rule, before any plugin writes.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "CONTENT_DIR" && !name.startsWith("GITHUB_")),
  );
  const inPlace = spawnSync(process.execPath, ["node_modules/@11ty/eleventy/cmd.cjs", `--output=${docs}`, "--quiet"], {
    encoding: "utf8",
    env: { ...env, SITE_URL, SOURCE_DATE_EPOCH: String(EPOCH), NO_COLOR: "1" },
    timeout: 60_000,
  });
  assert.is.not(inPlace.status, 0, inPlace.stderr);
  assert.ok(inPlace.stderr.includes(sentence), inPlace.stderr);
  assert.equal(stackTraceLines(`${inPlace.stdout}\n${inPlace.stderr}`), [], inPlace.stderr);

  // Byte-identical: no file was added (no page, no social image, no marker), changed or deleted.
  assert.equal(new Map(listFiles(docs).map((file) => [file, readFileSync(join(docs, file), "base64")])), before);
});

test.run();
