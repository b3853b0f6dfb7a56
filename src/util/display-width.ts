import { createRequire } from "node:module";
import type stringWidthType from "string-width";

/*
 * The columns a terminal gives a text (the text cards). string-width costs 17 ms to load, so
 * printable Latin-1, one column a character, is counted here and string-width loaded for the rest.
 */

/** Printable Latin-1 but the soft hyphen, which terminals do not show: one column each. */
const ONE_COLUMN_EACH = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u00ff]*$/;

let stringWidth: typeof stringWidthType | undefined;

/** The display width of `text` in a terminal, as string-width measures it. */
export function displayWidth(text: string): number {
  if (ONE_COLUMN_EACH.test(text)) return text.length;
  stringWidth ??= (createRequire(import.meta.url)("string-width") as { default: typeof stringWidthType }).default;
  return stringWidth(text);
}
