import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileScript, pruneOldScripts, withoutDynamicImport } from "../../../src/eleventy/compile-script.mjs";
import { withTempFolder } from "../support/temp-folder.ts";

test("should turn each dynamic import into a call of __load, keeping every column", () => {
  const code = [
    `const a = import("./a.mjs");`,
    `async function b(name) { return (await import(name)).default; }`,
    "const c = cond ? import(`./name.mjs`) : import ( 'x' );",
    "",
  ].join("\n");
  const rewritten = withoutDynamicImport(code);
  assert.is(
    rewritten,
    [
      `const a = __load("./a.mjs");`,
      `async function b(name) { return (await __load(name)).default; }`,
      "const c = cond ? __load(`./name.mjs`) : __load ( 'x' );",
      "",
    ].join("\n"),
  );
  assert.is(rewritten.length, code.length);
});

test("should leave `import(` alone in strings, comments, regular expressions and names", () => {
  const code = [
    `const message = "There was a problem importing via import(esm)";`,
    "const template = `import(1)`;",
    "// import('commented')",
    '/* import("block") */',
    "const pattern = /import\\(x\\)/;",
    "const object = { import(x) { return x; } };",
    "object.import(1);",
    "class Loader { import(x) { return x; } static import() {} }",
    "",
  ].join("\n");
  assert.is(withoutDynamicImport(code), code);
});

test("should refuse a script that has a name __load of its own", () => {
  assert.throws(() => withoutDynamicImport("const __load = 1;\nimport('x');\n"), /already uses the name __load/);
  // The name in a string is not a name.
  assert.is(withoutDynamicImport(`const text = "__load";\n`), `const text = "__load";\n`);
  // Nor is it when used as a variable anywhere else.
  for (const code of [
    "f(__load);",
    "function g(__load) {}",
    "let { __load } = o;",
    "o[__load] = 1;",
    "({ [__load]: 1 });",
  ])
    assert.throws(() => withoutDynamicImport(code), /already uses the name __load/, code);
});

test("should accept __load as the name of a property, which shadows nothing", () => {
  const code = [
    "object.__load = 1;",
    "const o = { __load: 2, method() { return this.__load; } };",
    "class Loader { __load() {} static __load = 3; }",
    "const s = import('x');",
    "",
  ].join("\n");
  assert.is(withoutDynamicImport(code), code.replace("import('x')", "__load('x')"));
});

test(
  "should prune old scripts with their source maps and code caches, an earlier recipe's first",
  withTempFolder("prune-scripts", (dir) => {
    const files = {
      "site-old.cjs": 1_000,
      "site-old.cjs.map": 1_000,
      "site-old.cjs.11.3-x64.code": 1_000,
      "site-old.cjs.13.6-x64.code": 1_000,
      "site-new.cjs": 3_000,
      "site-new.cjs.map": 3_000,
      "site-new.cjs.11.3-x64.code": 3_000,
      "site-mid.cjs": 2_000,
      "site-earlier.mjs": 9_000,
      "site-earlier.mjs.map": 9_000,
      "eleventy-other.cjs": 0,
    };
    for (const [name, seconds] of Object.entries(files)) {
      writeFileSync(join(dir, name), name);
      utimesSync(join(dir, name), seconds, seconds);
    }
    pruneOldScripts(dir, /^site-\w+\.[cm]js$/, 2);
    assert.equal(readdirSync(dir).sort(), [
      "eleventy-other.cjs",
      "site-mid.cjs",
      "site-new.cjs",
      "site-new.cjs.11.3-x64.code",
      "site-new.cjs.map",
    ]);
  }),
);

test(
  "should refuse to compile a module that reads import.meta beyond its URL, which a script would lose",
  withTempFolder("compile-script", async (dir) => {
    const compile = (contents: string) =>
      compileScript({
        root: dir,
        outDir: dir,
        name: "out.cjs",
        entry: { contents, resolveDir: dir, loader: "js", sourcefile: "entry.js" },
        plugins: [],
      });
    const compiled = await compile("export const answer = 42;\n");
    assert.match(compiled.code, "answer");
    try {
      await compile("export const where = import.meta.dirname;\n");
      assert.unreachable("compiled");
    } catch (error) {
      assert.match(String(error), "import.meta");
    }
  }),
);

test.run();
