import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeFsFault, fsFaultOf } from "../../../src/util/fs-fault.mjs";

/** An error as Node's fs functions raise it. */
function fsError(code: string, path?: string, dest?: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, open '${path}'`), { code, path, dest, syscall: "open" });
}

/** The way Eleventy wraps what a template or plugin threw. */
function wrapped(inner: Error): Error {
  const middle = Object.assign(new Error("Having trouble writing to \"x\" from \"y\""), { originalError: inner });
  return Object.assign(new Error("Problem writing Eleventy templates"), { originalError: middle });
}

test("should find the file-system fault under the errors Eleventy wraps around it", () => {
  const fault = fsFaultOf(wrapped(fsError("EACCES", "/srv/site/index.html")));
  assert.equal(fault, { code: "EACCES", path: "/srv/site/index.html", dest: undefined });
});

test("should find a fault given as an error's cause", () => {
  assert.is(fsFaultOf(new Error("copy failed", { cause: fsError("ENOSPC", "/srv/site/a.png") }))?.code, "ENOSPC");
});

test("should find no fault in a content error or a bug", () => {
  assert.is(fsFaultOf(new Error("Invalid content")), undefined);
  assert.is(fsFaultOf(wrapped(new TypeError("x is undefined"))), undefined);
  assert.is(fsFaultOf(fsError("ENOENT", "/srv/site/missing")), undefined, "a missing file is not an output-folder fault");
  assert.is(fsFaultOf("EACCES"), undefined);
});

test("should stop at an error that wraps itself", () => {
  const loop: Error & { originalError?: unknown } = new Error("loop");
  loop.originalError = loop;
  assert.is(fsFaultOf(loop), undefined);
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
    const sentence = describeFsFault(fsFaultOf(fsError(code, "/srv/site/api/v1/stats.json"))!);
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

test.run();
