import { createRequire } from "node:module";
import type transliterateType from "@sindresorhus/transliterate";

/*
 * @sindresorhus/transliterate as @sindresorhus/slugify calls it, in the compiled site module
 * (src/eleventy/compiled-site.mjs points the package's name here). As it loads, the library
 * builds a pattern of its 1,880 replacements for each of its locales: 13 ms of every build's
 * start on Node 24, for slugs whose text is nearly always ASCII (headings, tags). For ASCII text
 * and no locale its work comes down to the custom replacements and dropping the two ASCII
 * characters Unicode counts as diacritics, `^` and the backtick: that is done here. Any other
 * text goes to the library itself, loaded on first need. tests/unit/util/lazy-transliterate.test.ts
 * checks the two agree.
 */

type Options = NonNullable<Parameters<typeof transliterateType>[1]>;

const ASCII = /^[\u0000-\u007f]*$/;
/** The ASCII characters with Unicode's Diacritic property, which the library removes. */
const ASCII_DIACRITICS = /[\u005e\u0060]/g;

let library: typeof transliterateType | undefined;

export default function transliterate(text: string, options?: Options): string {
  if (typeof text === "string" && options?.locale === undefined && ASCII.test(text)) {
    // As the library applies them: longest key first, each everywhere.
    const replacements = [...(options?.customReplacements ?? [])].sort((a, b) => b[0].length - a[0].length);
    let replaced = text;
    for (const [key, value] of replacements) replaced = replaced.replaceAll(key, value);
    if (ASCII.test(replaced)) return replaced.replace(ASCII_DIACRITICS, "");
  }
  library ??= loadLibrary();
  return library(text, options);
}

/**
 * The library slugify itself imports, resolved from slugify's folder: it is slugify's
 * dependency, not ours, and npm may nest it there rather than at the top of node_modules.
 */
function loadLibrary(): typeof transliterateType {
  const slugify = createRequire(import.meta.url).resolve("@sindresorhus/slugify");
  return (createRequire(slugify)("@sindresorhus/transliterate") as { default: typeof transliterateType }).default;
}
