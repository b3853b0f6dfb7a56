import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { writeFileAtomically } from "../../../src/util/write-atomically.mjs";

function inTempFolder(run: (dir: string) => void): () => void {
  return () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-atomic-"));
    try {
      run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

test(
  "should write a file, creating its folder, and leave nothing else behind",
  inTempFolder((dir) => {
    const file = join(dir, "a", "b", "entry.json");

    writeFileAtomically(file, "text\n");

    assert.is(readFileSync(file, "utf8"), "text\n");
    assert.equal(readdirSync(join(dir, "a", "b")), ["entry.json"]);
  }),
);

test(
  "should replace a file and write bytes as they are",
  inTempFolder((dir) => {
    const file = join(dir, "entry.png");
    writeFileSync(file, "old");

    writeFileAtomically(file, new Uint8Array([0, 255, 10]));

    assert.equal([...readFileSync(file)], [0, 255, 10]);
  }),
);

test(
  "should remove a folder that stands where the file belongs",
  inTempFolder((dir) => {
    const file = join(dir, "entry.json");
    mkdirSync(join(file, "inside", "deeper"), { recursive: true });

    writeFileAtomically(file, "text");

    assert.is(readFileSync(file, "utf8"), "text");
    assert.equal(readdirSync(dir), ["entry.json"]);
  }),
);

test(
  "should throw when the folder cannot be made, and leave the file standing in its way alone",
  inTempFolder((dir) => {
    writeFileSync(join(dir, "cache"), "not a folder");

    assert.throws(
      () => writeFileAtomically(join(dir, "cache", "entry.json"), "text"),
      (error: NodeJS.ErrnoException) => /^E[A-Z]+$/.test(error.code ?? ""),
    );
    assert.is(readFileSync(join(dir, "cache"), "utf8"), "not a folder");
  }),
);

test.run();
