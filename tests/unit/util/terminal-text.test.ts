import { test } from "uvu";
import * as assert from "uvu/assert";
import { escapeControlCharacters, terminalText } from "../../../src/util/terminal-text.ts";

test("should drop escape sequences' introducers so a title cannot drive the terminal", () => {
  const text = terminalText("Hi\u001b]0;PWNED\u0007\u001b[2J\u009b31m there");

  assert.is(text, "Hi]0;PWNED[2J31m there");
});

test("should turn every kind of line break and tab into a space, so a value stays on its line", () => {
  const text = terminalText("a\nb\rc\u000bd\u000ce\u0085f\u2028g\u2029h\ti");

  assert.is(text, "a b c d e f g h i");
});

test("should drop bidi embeddings, overrides and isolates but keep the marks right-to-left names need", () => {
  const text = terminalText("\u202aa\u202bb\u202cc\u202dd\u202ee\u2066f\u2067g\u2068h\u2069 \u200fשלום\u200e \u061c");

  assert.is(text, "abcdefgh \u200fשלום\u200e \u061c");
});

test("should leave ordinary text, wide characters and emoji as they are", () => {
  const text = "Überhang — 登山 🧗 <b>&amp;</b>";

  assert.is(terminalText(text), text);
});

test("should show control characters and bidi controls in a message as escapes, never send them", () => {
  const message = escapeControlCharacters(
    'Cannot read "a\u001b[2Jb\u009b\u007f.md", "\u202egnp.exe\u202c", "\u2066x\u2069"',
  );

  assert.is(message, 'Cannot read "a\\u001b[2Jb\\u009b\\u007f.md", "\\u202egnp.exe\\u202c", "\\u2066x\\u2069"');
});

test("should leave the marks right-to-left names need, and ordinary text, in a message as they are", () => {
  const message = "Datei \u200fשלום\u200e.md — 登山 🧗";

  assert.is(escapeControlCharacters(message), message);
});

test.run();
