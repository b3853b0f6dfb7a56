/*
 * The one definition of characters that must never reach a published text as they are: C0
 * controls but tab, LF and CR, DEL, and C1 (ESC and CSI start terminal escape sequences).
 * Authored text is checked where it enters; text for terminals and XML is cleaned where it leaves.
 */

/** Matches one control character that no published text may carry (tab, LF and CR are fine). */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");
/** In a path or a URL, tab and line breaks are control characters too: C0, DEL and C1. */
export const PATH_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Removes every forbidden control character (for output that must stay safe whatever came in). */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "");
}

/** The first forbidden control character in `text` and its index, or null when there is none. */
export function findControlCharacter(text: string): { index: number; codePoint: string } | null {
  const match = CONTROL_CHARACTER.exec(text);
  if (!match) return null;
  const code = match[0].codePointAt(0) ?? 0;
  return { index: match.index, codePoint: `U+${code.toString(16).toUpperCase().padStart(4, "0")}` };
}
