import { test } from "uvu";
import * as assert from "uvu/assert";
import { findControlCharacter, withoutControlCharacters } from "../../../src/util/control-characters.ts";

test("should remove C0 controls, DEL and C1 controls, and keep tab, line feed and carriage return", () => {
  assert.is(withoutControlCharacters("a\u0000b\u001b[31mc\u007fd\u009be\tf\ng\rh"), "ab[31mcde\tf\ng\rh");
});

test("should find the first control character and name its code point", () => {
  assert.equal(findControlCharacter("ok\tthen\u009b"), { index: 7, codePoint: "U+009B" });
  assert.is(findControlCharacter("all\tfine\n"), null);
});

test.run();
