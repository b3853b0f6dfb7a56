import realTransliterate from "@sindresorhus/transliterate";
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

test.run();
