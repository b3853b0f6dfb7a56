import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadEleventy } from "../../../src/eleventy/compiled-eleventy.mjs";
import { withTempFolder } from "../support/temp-folder.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
/** Named, not written out: Eleventy ships no type declarations for TypeScript to find. */
const ELEVENTY = "@11ty/eleventy";

type EleventyClass = new (
  input: string,
  output: string,
  options: { quietMode: boolean; configPath: string },
) => { toJSON(): Promise<{ url: string; content: string }[]> };

/** What Eleventy renders of a one-page project, with the module `loadEleventy` gave. */
async function renderWith(module: Record<string, unknown>, dir: string): Promise<{ url: string; content: string }[]> {
  writeFileSync(join(dir, "index.md"), "# Hello\n");
  // A configuration of its own: the project's .eleventy.js would build the whole site.
  writeFileSync(join(dir, "config.mjs"), "export default () => ({});\n");
  const Eleventy = module.Eleventy as EleventyClass;
  const eleventy = new Eleventy(dir, join(dir, "out"), { quietMode: true, configPath: join(dir, "config.mjs") });
  return (await eleventy.toJSON()).map(({ url, content }) => ({ url, content: content.trim() }));
}

const scriptOf = (cacheDir: string): string => {
  const name = readdirSync(cacheDir).find((file) => /^eleventy-\w+\.cjs$/.test(file));
  if (!name) throw new Error("no compiled Eleventy");
  return join(cacheDir, name);
};

test(
  "should compile Eleventy once into one script that renders as Eleventy does, and reuse it",
  withTempFolder("compiled-eleventy", async (dir) => {
    const cacheDir = join(dir, "compiled");
    const compiled = await loadEleventy(ROOT, { cacheDir });
    const script = scriptOf(cacheDir);
    assert.match(readFileSync(script, "utf8"), /\n\/\/ folio-digest [0-9a-f]{64}\n$/);
    assert.ok(statSync(`${script}.map`).isFile(), "its source map beside it");
    const plain = (await import(ELEVENTY)) as Record<string, unknown>;
    assert.is.not(compiled.Eleventy, plain.Eleventy, "not the installed module");
    assert.equal(await renderWith(compiled, dir), await renderWith(plain, dir));
    assert.equal(await renderWith(compiled, dir), [{ url: "/", content: `<h1>Hello</h1>` }]);

    const keptAt = statSync(script).mtimeMs;
    await loadEleventy(ROOT, { cacheDir });
    assert.is(statSync(script).mtimeMs, keptAt, "read, not compiled again");
  }),
);

test(
  "should compile again a script that is damaged or another install's",
  withTempFolder("compiled-eleventy", async (dir) => {
    const cacheDir = join(dir, "compiled");
    await loadEleventy(ROOT, { cacheDir });
    const script = scriptOf(cacheDir);
    const good = readFileSync(script);
    const text = good.toString("utf8");
    const damages: [string, Buffer][] = [
      ["cut short", good.subarray(0, good.length >> 1)],
      ["a changed byte", Buffer.from(text.replace("Eleventy", "Eleventz"))],
      // Another script with a digest line right for its own name, not for this one.
      ["another name's digest", Buffer.from(text.replace(/[0-9a-f]{64}\n$/, `${"0".repeat(64)}\n`))],
      ["empty", Buffer.alloc(0)],
    ];
    for (const [how, bytes] of damages) {
      writeFileSync(script, bytes);
      const module = await loadEleventy(ROOT, { cacheDir });
      assert.equal(await renderWith(module, dir), [{ url: "/", content: `<h1>Hello</h1>` }], how);
      assert.ok(readFileSync(script).equals(good), `${how}: compiled again, as it was`);
    }
  }),
);

test(
  "should import Eleventy as it is when the folder cannot be used",
  withTempFolder("compiled-eleventy", async (dir) => {
    const cacheDir = join(dir, "compiled");
    writeFileSync(cacheDir, "a file where the folder belongs\n");
    const module = await loadEleventy(ROOT, { cacheDir });
    const plain = (await import(ELEVENTY)) as Record<string, unknown>;
    assert.is(module.Eleventy, plain.Eleventy);
    assert.is(readFileSync(cacheDir, "utf8"), "a file where the folder belongs\n");
  }),
);

test(
  "should import Eleventy as it is, with one clean warning line, when it cannot be compiled",
  withTempFolder("compiled-eleventy", async (dir) => {
    // A project folder with no node_modules of its own, whose name carries an escape sequence.
    const root = join(dir, "project\u001b[31m");
    mkdirSync(root);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
    try {
      const module = await loadEleventy(root, { cacheDir: join(dir, "compiled") });
      assert.is(module.Eleventy, ((await import(ELEVENTY)) as Record<string, unknown>).Eleventy);
    } finally {
      console.warn = warn;
    }
    assert.is(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0] ?? "", "could not be compiled");
    assert.match(warnings[0] ?? "", "it is imported as it is");
    assert.not.match(warnings[0] ?? "", /[\u0000-\u001f]/);
  }),
);

test.run();
