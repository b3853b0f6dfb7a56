// @ts-check
/*
 * The one definition of the control characters no published text may carry, in plain
 * JavaScript so that src/eleventy/compiled-site.mjs (run before our TypeScript is compiled) and
 * src/util/control-characters.ts (which re-exports it, with the other text checks) share it.
 * src/util/control-characters.ts says which characters and why.
 */

/** Matches one control character that no published text may carry (tab, LF and CR are fine). */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");

/**
 * Removes every forbidden control character (for output that must stay safe whatever came in).
 * @param {string} text
 * @returns {string}
 */
export function withoutControlCharacters(text) {
  return text.replace(CONTROL_CHARACTERS, "");
}
