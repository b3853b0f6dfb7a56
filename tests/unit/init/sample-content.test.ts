import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { classifyContent } from "../../../src/init/sample-content.ts";

function sampleCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "k2-sample-")), "content");
  cpSync(fileURLToPath(new URL("../../../content", import.meta.url)), dir, { recursive: true });
  return dir;
}

test("should tell the shipped sample as the sample", () => {
  const dir = sampleCopy();
  assert.equal(classifyContent(dir), { kind: "sample" });
  rmSync(join(dir, ".."), { recursive: true });
});

test("should call content with an added project the owner's own", () => {
  const dir = sampleCopy();
  writeFileSync(join(dir, "projects", "mine.md"), "");
  const kind = classifyContent(dir);
  assert.is(kind.kind, "own");
  assert.match(kind.kind === "own" ? kind.why : "", "projects/mine.md");
  rmSync(join(dir, ".."), { recursive: true });
});

test("should call content whose site.yaml names another login the owner's own", () => {
  const dir = sampleCopy();
  writeFileSync(join(dir, "site.yaml"), "github: someone\n");
  assert.is(classifyContent(dir).kind, "own");
  rmSync(join(dir, ".."), { recursive: true });
});

test("should find nothing to lose in a missing folder", () => {
  assert.equal(classifyContent(join(tmpdir(), "k2-no-such-folder")), { kind: "absent" });
});

test.run();
