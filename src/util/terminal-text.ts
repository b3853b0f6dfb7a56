import { CONTROL_CHARACTER, withoutControlCharacters } from "./control-characters.ts";

/*
 * The text check for files read in terminals (card.txt, card.ansi, blog/posts.txt): `curl` puts
 * their bytes straight on someone's screen, so a value must not be able to drive the terminal
 * or disguise the text around it. Authored text is refused at the entry; this is the second
 * check where it leaves, for whatever got past (GitHub answers, the cache, a future field).
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
 * A message for the terminal that names untrusted things (file names, keys, values, paths):
 * each control character and bidi control is shown as `\u001b` or `\u202e`, never sent, so it
 * cannot rewrite the screen or reorder the line around it, while the owner still sees what is
 * there. JSON.stringify alone escapes C0 but not DEL or C1 (U+009B starts a sequence too), nor
 * bidi controls. Used by messages, which must keep every character visible; terminalText drops
 * them instead, for text that is read, not debugged.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(ESCAPED, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
}
