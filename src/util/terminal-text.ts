import { CONTROL_CHARACTER, withoutControlCharacters } from "./control-characters.ts";

/*
 * The text check for files read in terminals (card.txt, card.ansi, blog/posts.txt): a value must
 * not drive the terminal or disguise the text around it, whatever got past the entry checks.
 *
 * - Control characters are dropped: they start escape sequences (a window title, a cleared screen).
 * - Line breaks of every kind and tabs become a space: a value cannot add a line that looks like
 *   one of ours, nor push a border out of line.
 * - Bidi embeddings, overrides and isolates are dropped: each reorders the rest of the line, our
 *   border and URLs included ("Trojan Source"). The marks (U+200E, U+200F, U+061C), which
 *   right-to-left names need and which reorder nothing beyond their neighbours, are kept.
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
