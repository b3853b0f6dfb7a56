import realTransliterate from "@sindresorhus/transliterate";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import transliterate from "../../../src/util/lazy-transliterate.ts";

/** The custom replacements @sindresorhus/slugify hands transliterate by default. */
const SLUGIFY_REPLACEMENTS = new Map([
  ["&", " and "],
  ["🦄", " unicorn "],
  ["♥", " love "],
]);

const agree = (text: string, options?: Parameters<typeof transliterate>[1]) =>
  assert.is(transliterate(text, options), realTransliterate(text, options), JSON.stringify(text));

test("should transliterate every ASCII character as the library does", () => {
  for (let code = 0; code < 0x80; code++) {
    const char = String.fromCharCode(code);
    for (const text of [char, `a${char}b`, `${char}${char}`]) {
      agree(text);
      agree(text, { customReplacements: SLUGIFY_REPLACEMENTS });
    }
  }
});

test("should agree with the library on random ASCII text and on text beyond ASCII", () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let run = 0; run < 2000; run++) {
    const text = Array.from({ length: random() % 40 }, () => String.fromCharCode(random() % 0x80)).join("");
    agree(text, { customReplacements: SLUGIFY_REPLACEMENTS });
  }
  for (const text of ["Zoë & Łukasz", "Ærøskøbing — ½", "日本語", "ü", "x♥y", "a🦄b", "C++ & C#"]) {
    agree(text, { customReplacements: SLUGIFY_REPLACEMENTS });
    agree(text, { customReplacements: SLUGIFY_REPLACEMENTS, locale: "de" });
  }
  agree("Ä & Ö", { locale: "de" });
  // Custom replacements that bring text beyond ASCII in, or overlap: the library's order.
  agree("a&b&&c", {
    customReplacements: [
      ["&", "ü"],
      ["&&", "-"],
    ],
  });
  agree("abc", { customReplacements: [["b", "^"]] });
});

test("should load the library slugify imports when npm nests it under slugify", async () => {
  // A project whose node_modules holds slugify at its top and transliterate only inside it.
  const root = mkdtempSync(join(tmpdir(), "folio-nested-"));
  try {
    const require = createRequire(import.meta.url);
    const slugify = join(root, "node_modules", "@sindresorhus", "slugify");
    mkdirSync(join(slugify, "node_modules", "@sindresorhus"), { recursive: true });
    const published = dirname(require.resolve("@sindresorhus/slugify"));
    for (const file of ["package.json", "index.js"]) copyFileSync(join(published, file), join(slugify, file));
    symlinkSync(
      join(dirname(require.resolve("@sindresorhus/transliterate")), "."),
      join(slugify, "node_modules", "@sindresorhus", "transliterate"),
    );
    const module = join(root, "src", "lazy-transliterate.ts");
    mkdirSync(dirname(module));
    copyFileSync(new URL("../../../src/util/lazy-transliterate.ts", import.meta.url), module);
    const nested = (await import(pathToFileURL(module).href)) as { default: typeof transliterate };
    assert.is(nested.default("Zoë & Łukasz"), realTransliterate("Zoë & Łukasz"));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
