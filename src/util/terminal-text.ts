import { CONTROL_CHARACTER, withoutControlCharacters } from "./control-characters.ts";

/*
 * The text check for files read in terminals (card.txt, card.ansi, blog/posts.txt): a value must
 * not drive the terminal or disguise the text around it, whatever got past the entry checks.
 *
 * - Control characters (CONTROL_CHARACTER: ESC, BEL, the C1 CSI, ...) are dropped: they start
 *   escape sequences that set the window title, clear the screen, or worse.
 * - Line breaks of every kind (LF, CR, VT, FF, NEL, U+2028, U+2029) and tabs become a space:
 *   each value fills one line (or is wrapped by us), so a value cannot add a line that looks
 *   like one of ours, and a tab cannot push a border out of line.
 * - Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) are dropped: each
 *   opens a state that reorders everything after it up to the end of the line, our border and
 *   URLs included ("Trojan Source"). The marks U+200E, U+200F and U+061C are kept: they are
 *   single zero-width hints that right-to-left names need, and reorder nothing beyond their
 *   neighbours.
 */

const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** One line of text that is safe to print on a terminal: see the rules at the top of this file. */
export function terminalText(text: string): string {
  return withoutControlCharacters(text.replace(LINE_BREAKS, " ")).replace(BIDI_CONTROLS, "");
}

const ESCAPED = new RegExp(`${CONTROL_CHARACTER.source}|${BIDI_CONTROLS.source}`, "g");

/**
 * A message for the terminal that names untrusted things: each control character and bidi
 * control is shown as `\u001b` or `\u202e`, never sent, so the owner still sees what is there
 * (JSON.stringify misses DEL, C1 and bidi controls). terminalText drops them instead.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(ESCAPED, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
}
