import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
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
  write(
    root,
    "src/eleventy/site.ts",
    `import { where } from "./where.ts";\nexport const answer: number = 1;\nexport const whereAmI = where;\n`,
  );
  write(root, "src/eleventy/where.ts", `export const where = import.meta.url;\n`);
  write(root, "_data/numbers.ts", `export default (): number[] => [1, 2];\n`);
  write(
    root,
    "pages/a.11ty.ts",
    `export const data = { permalink: "a.txt" };\nexport const render = (): string => "A";\n`,
  );
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

/** Each way a cache file can be damaged: `file`'s bytes before are `before`. */
const DAMAGES: Record<string, (file: string, before: Buffer) => void> = {
  empty: (file) => writeFileSync(file, ""),
  truncated: (file, before) => writeFileSync(file, before.subarray(0, Math.floor(before.length / 2))),
  garbage: (file, before) => writeFileSync(file, Buffer.alloc(before.length, 0xa5)),
  "a folder": (file) => {
    rmSync(file);
    mkdirSync(join(file, "inside"), { recursive: true });
  },
};

/** A valid module with the site's exports but other values. */
const DECOY = `exports.answer = 2;\nexports.templates = {};\nexports.data = {};\n`;

/*
 * Each load runs the module's text afresh (src/util/code-cache.mjs), so these tests assert both
 * on what the loader returns and on the files it leaves.
 */
const MODULE_DAMAGES: typeof DAMAGES = {
  ...DAMAGES,
  "a valid module of other code": (file) => writeFileSync(file, DECOY),
};
for (const [damage, apply] of Object.entries(MODULE_DAMAGES)) {
  test(
    `should compile again when the compiled module is ${damage}`,
    withProject(async (root) => {
      await loadCompiledSite(root);
      const file = join(root, ".cache/compiled", manifest(root).module);
      const before = readFileSync(file);
      apply(file, before);

      const site = await loadCompiledSite(root);

      assert.is(site.answer, 1);
      assert.ok(statSync(file).isFile() && readFileSync(file).equals(before), "the module is rewritten as it was");
    }),
  );
}

for (const [damage, apply] of Object.entries(DAMAGES)) {
  test(
    `should compile again when the manifest is ${damage}`,
    withProject(async (root) => {
      await loadCompiledSite(root);
      const file = join(root, ".cache/compiled/manifest.json");
      const before = readFileSync(file);
      apply(file, before);

      const site = await loadCompiledSite(root);

      assert.is(site.answer, 1);
      assert.ok(statSync(file).isFile() && readFileSync(file).equals(before), "the manifest is rewritten as it was");
    }),
  );
}

test(
  "should not import a module that a well-formed manifest names but its sources do not make",
  withProject(async (root) => {
    await loadCompiledSite(root);
    const dir = join(root, ".cache/compiled");
    const decoy = "site-00000000000000000000.cjs";
    writeFileSync(join(dir, decoy), DECOY);
    const recorded = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Record<string, unknown>;
    const moduleHash = createHash("sha256").update(DECOY).digest("hex").slice(0, 20);
    writeFileSync(join(dir, "manifest.json"), JSON.stringify({ ...recorded, module: decoy, moduleHash }));

    const site = await loadCompiledSite(root);

    assert.is(site.answer, 1);
    assert.is(manifest(root).module, recorded.module);
  }),
);

test(
  "should compile into FOLIO_COMPILED_DIR, and import the project's packages from there",
  withProject(async (root) => {
    // A stand-in for a package the module leaves as an import (compiled-site.mjs, EXTERNAL).
    write(
      root,
      "node_modules/openpgp/package.json",
      `{ "name": "openpgp", "type": "module", "exports": "./index.js" }\n`,
    );
    write(root, "node_modules/openpgp/index.js", `export const late = "loaded";\n`);
    write(
      root,
      "src/eleventy/site.ts",
      `export const answer: number = 1;\nexport const late = async (): Promise<string> => (await import("openpgp")).late;\n`,
    );
    const elsewhere = mkdtempSync(join(tmpdir(), "folio-compiled-dir-"));
    process.env.FOLIO_COMPILED_DIR = elsewhere;
    try {
      const site = await loadCompiledSite(root);
      assert.ok(existsSync(join(elsewhere, "manifest.json")));
      assert.not.ok(existsSync(join(root, ".cache")));
      assert.is(await (site.late as () => Promise<string>)(), "loaded");
    } finally {
      delete process.env.FOLIO_COMPILED_DIR;
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }),
);

test(
  "should compile into a temporary folder, with one warning, when the cache folder is a file",
  withProject(async (root) => {
    writeFileSync(join(root, ".cache"), "not a folder\n");
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => warnings.push(line);
    try {
      const site = await loadCompiledSite(root);
      assert.is(site.answer, 1);
    } finally {
      console.warn = warn;
    }
    assert.is(readFileSync(join(root, ".cache"), "utf8"), "not a folder\n");
    assert.is(warnings.length, 1);
    assert.match(warnings[0] ?? "", `${JSON.stringify(join(root, ".cache"))} is a file, not a folder`);
  }),
);

test(
  "should compile into a temporary folder, with one warning, when the module cannot be kept",
  withProject(async (root) => {
    // A folder whose path is long enough to be made, but not to hold the module's file: a write
    // that fails after the folder passed its check, even for root (who may write anywhere).
    let cacheDir = join(root, "cache");
    while (cacheDir.length < 4060) cacheDir = join(cacheDir, "d".repeat(Math.min(200, 4060 - cacheDir.length)));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => warnings.push(line);
    try {
      const site = await loadCompiledSite(root, { cacheDir });
      assert.is(site.answer, 1);
    } finally {
      console.warn = warn;
    }
    assert.is(warnings.length, 1, warnings.join("\n"));
    assert.match(
      warnings[0] ?? "",
      "cannot be written (ENAMETOOLONG): this build goes on without keeping its entries there",
    );
    assert.not.ok(existsSync(join(cacheDir, "manifest.json")), "no manifest names a module that was not kept");
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
