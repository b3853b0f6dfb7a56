import stringWidth from "string-width";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { displayWidth } from "../../../src/util/display-width.ts";

test("should measure every Latin-1 character as string-width does", () => {
  for (let code = 0; code <= 0xff; code++) {
    const char = String.fromCharCode(code);
    assert.is(displayWidth(char), stringWidth(char), `U+${code.toString(16).padStart(4, "0")}`);
    assert.is(displayWidth(`a${char}b`), stringWidth(`a${char}b`), `between letters: U+${code.toString(16)}`);
  }
});

test("should measure wide, combining and emoji text as string-width does", () => {
  for (const text of [
    "36 projects · 11 domains · 7 merged upstream pull requests",
    "Zoë Müller — systems",
    "日本語のテキスト",
    "e\u0301 combining",
    "family 👨‍👩‍👧 and 🦄",
    "soft\u00adhyphen",
    "tab\there",
    "",
  ]) {
    assert.is(displayWidth(text), stringWidth(text), text);
  }
});

test.run();
