import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCompiledSite } from "../../../src/eleventy/compiled-site.mjs";

interface Manifest {
  module: string;
  entries: string[];
}

/** A tiny project: the plugins' entry, one data file, one template. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), "folio-compiled-"));
  write(root, "src/eleventy/site.ts", `import { where } from "./where.ts";\nexport const answer: number = 1;\nexport const whereAmI = where;\n`);
  write(root, "src/eleventy/where.ts", `export const where = import.meta.url;\n`);
  write(root, "_data/numbers.ts", `export default (): number[] => [1, 2];\n`);
  write(root, "pages/a.11ty.ts", `export const data = { permalink: "a.txt" };\nexport const render = (): string => "A";\n`);
  return root;
}

function write(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

function manifest(root: string): Manifest {
  return JSON.parse(readFileSync(join(root, ".cache/compiled/manifest.json"), "utf8")) as Manifest;
}

function withProject(run: (root: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const root = project();
    try {
      await run(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
}

test(
  "should compile the entry, the data files and the templates into one module",
  withProject(async (root) => {
    const site = await loadCompiledSite(root);
    assert.is(site.answer, 1);
    assert.equal(Object.keys(site.templates), ["pages/a.11ty.ts"]);
    const numbers = site.data["_data/numbers.ts"] as { default: () => number[] };
    assert.equal(numbers.default(), [1, 2]);
    const template = site.templates["pages/a.11ty.ts"] as { render: () => string };
    assert.is(template.render(), "A");
  }),
);

test(
  "should keep each module's own import.meta.url",
  withProject(async (root) => {
    const site = await loadCompiledSite(root);
    assert.is(site.whereAmI, pathToFileURL(join(root, "src/eleventy/where.ts")).href);
  }),
);

test(
  "should reuse the compiled module while no source changed",
  withProject(async (root) => {
    await loadCompiledSite(root);
    const first = manifest(root).module;
    await loadCompiledSite(root);
    assert.is(manifest(root).module, first);
  }),
);

test(
  "should compile again when an imported source changes",
  withProject(async (root) => {
    await loadCompiledSite(root);
    const first = manifest(root).module;
    write(root, "src/eleventy/site.ts", `export const answer: number = 2;\n`);
    const site = await loadCompiledSite(root);
    assert.is(site.answer, 2);
    assert.is.not(manifest(root).module, first);
  }),
);

test(
  "should pick up a template added since the last compile",
  withProject(async (root) => {
    await loadCompiledSite(root);
    write(root, "pages/b.11ty.ts", `export const data = {};\nexport const render = (): string => "B";\n`);
    const site = await loadCompiledSite(root);
    assert.equal(Object.keys(site.templates).sort(), ["pages/a.11ty.ts", "pages/b.11ty.ts"]);
  }),
);

test(
  "should compile again when the compiled module is gone",
  withProject(async (root) => {
    await loadCompiledSite(root);
    rmSync(join(root, ".cache/compiled", manifest(root).module));
    const site = await loadCompiledSite(root);
    assert.is(site.answer, 1);
  }),
);

test(
  "should name the file and line of a TypeScript error",
  withProject(async (root) => {
    write(root, "src/eleventy/site.ts", `export const answer: number = ;\n`);
    try {
      await loadCompiledSite(root);
      assert.unreachable("a syntax error compiled");
    } catch (error) {
      assert.match(String(error), "src/eleventy/site.ts:1");
    }
  }),
);

test.run();
