import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeFsFault, fsFaultOf, placesFromEnvironment } from "../../../src/util/fs-fault.ts";

/** An error as Node's fs functions raise it. */
function fsError(code: string, path?: string, dest?: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, open '${path}'`), { code, path, dest, syscall: "open" });
}

/** The way Eleventy wraps what a template or plugin threw. */
function wrapped(inner: Error): Error {
  const middle = Object.assign(new Error('Having trouble writing to "x" from "y"'), { originalError: inner });
  return Object.assign(new Error("Problem writing Eleventy templates"), { originalError: middle });
}

const places = {
  content: "/srv/repo/content",
  caches: [
    { dir: "/srv/repo/.cache/github", name: "GitHub answer cache", setting: "GITHUB_CACHE_DIR" },
    { dir: "/srv/repo/.cache", name: "build cache", setting: "FOLIO_CACHE_DIR" },
  ],
};

/** The output folder and its staging folder, as scripts/build.mjs passes them. */
const outputs = ["/srv/site", "/srv/.site.staging-7-0badc0de"];

/** `fsFaultOf` as scripts/build.mjs calls it. */
const faultOf = (error: unknown) => fsFaultOf(error, outputs, places);

test("should find the file-system fault under the errors Eleventy wraps around it", () => {
  const fault = faultOf(wrapped(fsError("EACCES", "/srv/site/index.html")));
  assert.equal(fault, { code: "EACCES", path: "/srv/site/index.html", dest: undefined });
});

test("should find a fault given as an error's cause", () => {
  assert.is(faultOf(new Error("copy failed", { cause: fsError("ENOSPC", "/srv/site/a.png") }))?.code, "ENOSPC");
});

test("should find no fault in a content error or a bug", () => {
  assert.is(faultOf(new Error("Invalid content")), undefined);
  assert.is(faultOf(wrapped(new TypeError("x is undefined"))), undefined);
  assert.is(faultOf(fsError("ENOENT", "/srv/site/missing")), undefined, "a missing file is not an output-folder fault");
  assert.is(faultOf("EACCES"), undefined);
});

test("should find a fault in the output folder, its staging folder, its parents, the caches and the content", () => {
  for (const path of [
    "/srv/site/blog/index.html",
    "/srv/.site.staging-7-0badc0de/api/v1/stats.json",
    "/srv/.site.old-9-0badc0de",
    "/srv",
    "/srv/repo/.cache/github/answers/3f2a.json",
    "/srv/repo/.cache/validators/content.js",
    "/srv/repo/content/blog/images/map.png",
  ]) {
    assert.is(faultOf(wrapped(fsError("EACCES", path)))?.path, path, path);
  }
  assert.is(
    faultOf(fsError("EEXIST", "/srv/.site.staging-7-0badc0de", "/srv/site"))?.code,
    "EEXIST",
    "a rename between two of them",
  );
});

test("should leave a failed read of our own files to be printed with its stack", () => {
  for (const path of [
    "/srv/repo/site-assets",
    "/srv/repo/.cache-old/x",
    "/srv/repo/node_modules/@11ty/eleventy/src/Eleventy.js",
    "/srv/site-assets/site.css",
    "/srv/.other.staging-7-0badc0de",
  ]) {
    assert.is(faultOf(wrapped(fsError("EACCES", path))), undefined, path);
  }
  assert.is(
    faultOf(fsError("EISDIR", "/srv/repo/content/x.md", "/srv/repo/src/x.md")),
    undefined,
    "both paths it names must be the owner's",
  );
  assert.is(faultOf(fsError("EACCES")), undefined, "a fault that names no path");
  assert.is(fsFaultOf(fsError("EACCES", "/srv/site/index.html"), [], places), undefined, "no output folder given");
});

test("should take a full disk as the owner's wherever it is, even without a path", () => {
  assert.is(faultOf(fsError("ENOSPC"))?.code, "ENOSPC");
  assert.is(faultOf(fsError("ENOSPC", "/srv/repo/src/x.ts"))?.code, "ENOSPC");
});

test("should stop at an error that wraps itself", () => {
  const loop: Error & { originalError?: unknown } = new Error("loop");
  loop.originalError = loop;
  assert.is(faultOf(loop), undefined);
});

test("should say in one sentence which path failed, why, and what to do, for every code", () => {
  const advice: Record<string, RegExp> = {
    EACCES: /permission denied.*write access/,
    EPERM: /not permitted.*unlock it/,
    ENOTDIR: /a file stands where a folder is needed.*move that file away/,
    EISDIR: /a folder stands where a file is needed/,
    ENAMETOOLONG: /longer than the file system allows.*shorter path/,
    ENOSPC: /disk is full.*free some space/,
    EROFS: /read-only.*writable disk/,
    EEXIST: /already exists.*move it away/,
  };
  for (const [code, words] of Object.entries(advice)) {
    const sentence = describeFsFault(faultOf(fsError(code, "/srv/site/api/v1/stats.json"))!);
    assert.ok(sentence.startsWith(`Cannot write /srv/site/api/v1/stats.json: `), sentence);
    assert.match(sentence, words);
    assert.match(sentence, `(${code})`);
    assert.not.match(sentence, "\n", "one line");
    assert.ok(sentence.endsWith("."), sentence);
  }
});

test("should name the output folder when the error carries no path", () => {
  const sentence = describeFsFault({ code: "EROFS", path: undefined, dest: undefined }, "/srv/site");
  assert.ok(sentence.startsWith("Cannot write /srv/site: the file system is read-only"), sentence);
});

test("should name the file that stands where a folder is needed", () => {
  const dir = mkdtempSync(join(tmpdir(), "h5-fs-fault-"));
  try {
    writeFileSync(join(dir, "blog"), "a file");
    const sentence = describeFsFault({ code: "ENOTDIR", path: join(dir, "blog/posts/index.html"), dest: undefined });
    assert.match(sentence, `(${join(dir, "blog")} is a file)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("should name the GitHub cache file a folder stands on, and advise deleting the cache or GITHUB_CACHE_DIR", () => {
  const fault = faultOf(wrapped(fsError("EISDIR", "/srv/repo/.cache/github/answers/3f2a.json")))!;
  const sentence = describeFsFault(fault, "/srv/site.staging", places);

  assert.ok(
    sentence.startsWith(
      "Cannot use /srv/repo/.cache/github/answers/3f2a.json, in the GitHub answer cache (/srv/repo/.cache/github): a folder stands where a file is needed (EISDIR)",
    ),
    sentence,
  );
  assert.match(sentence, "delete /srv/repo/.cache/github");
  assert.match(sentence, "set GITHUB_CACHE_DIR=<another folder>");
  assert.not.match(sentence, "--output");
  assert.not.match(sentence, "/srv/site");
});

test("should advise deleting the build cache or FOLIO_CACHE_DIR for a fault in the build cache", () => {
  const sentence = describeFsFault(
    faultOf(fsError("EACCES", "/srv/repo/.cache/validators/content.js"))!,
    "/srv/site",
    places,
  );

  assert.ok(
    sentence.startsWith(
      "Cannot use /srv/repo/.cache/validators/content.js, in the build cache (/srv/repo/.cache): permission denied (EACCES)",
    ),
    sentence,
  );
  assert.match(sentence, "set FOLIO_CACHE_DIR=<another folder>");
  assert.not.match(sentence, "--output");
  assert.not.match(sentence, "GITHUB_CACHE_DIR");
});

test("should name a content file and advise fixing it, not --output, for a fault in the content folder", () => {
  const sentence = describeFsFault(
    faultOf(fsError("EACCES", "/srv/repo/content/blog/images/map.png"))!,
    "/srv/site",
    places,
  );

  assert.is(
    sentence,
    "Cannot read /srv/repo/content/blog/images/map.png, in the content folder (/srv/repo/content): permission denied (EACCES); give the user running the build access to it, then build again.",
  );
});

test("should keep the --output advice for a path in the output folder, or beside it", () => {
  const inside = describeFsFault(faultOf(fsError("EISDIR", "/srv/site/api/v1/stats.json"))!, "/srv/site", places);
  const beside = describeFsFault(faultOf(fsError("EACCES", "/srv/.site.staging-1"))!, "/srv/site", places);

  assert.ok(
    inside.startsWith("Cannot write /srv/site/api/v1/stats.json: a folder stands where a file is needed (EISDIR)"),
    inside,
  );
  assert.match(inside, "pass --output=<another folder>");
  assert.match(beside, "pass --output=<a folder you can write>");
});

test("should tell the output folder from a cache whose name merely starts like it", () => {
  const sentence = describeFsFault(
    { code: "EROFS", path: "/srv/repo/.cache-old/x", dest: undefined },
    "/srv/site",
    places,
  );

  assert.match(sentence, "pass --output=", "`.cache-old` is not inside `.cache`");
});

test("should take the content folder and the caches from the environment, relative paths from the working folder", () => {
  const fromEnv = placesFromEnvironment({
    CONTENT_DIR: " my-content ",
    GITHUB_CACHE_DIR: "",
    FOLIO_CACHE_DIR: "/var/cache/folio",
  });
  assert.equal(fromEnv, {
    content: "my-content",
    caches: [
      { dir: join(".cache", "github"), name: "GitHub answer cache", setting: "GITHUB_CACHE_DIR" },
      { dir: "/var/cache/folio", name: "build cache", setting: "FOLIO_CACHE_DIR" },
    ],
  });
  const fault = fsFaultOf(fsError("EISDIR", join(process.cwd(), ".cache/github/a.json")), [], fromEnv);
  const sentence = describeFsFault(fault!, "/srv/site", fromEnv);
  assert.match(sentence, "in the GitHub answer cache (.cache/github)");
});

test.run();
