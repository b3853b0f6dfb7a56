import { test } from "uvu";
import * as assert from "uvu/assert";
import { firstInvalidUtf8Byte } from "../../../src/content/utf8.ts";

const at = (...bytes: number[]) => firstInvalidUtf8Byte(Uint8Array.from(bytes));

test("should find no invalid byte in valid UTF-8 of every length", () => {
  assert.is(firstInvalidUtf8Byte(new TextEncoder().encode("a é € 🧗 \u{10ffff}")), -1);
});

test("should point at the start of each kind of invalid sequence", () => {
  const cases: [number[], number][] = [
    [[0x61, 0xff], 1], // never a UTF-8 byte
    [[0x61, 0x80], 1], // a continuation byte with no lead
    [[0xc0, 0xaf], 0], // overlong two-byte form
    [[0xe0, 0x80, 0xaf], 0], // overlong three-byte form
    [[0xed, 0xa0, 0x80], 0], // a surrogate
    [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
    [[0x61, 0x62, 0xe2, 0x82], 2], // truncated at the end
    [[0xe2, 0x28, 0xa1], 0], // a lead followed by ASCII
  ];

  for (const [bytes, offset] of cases) assert.is(at(...bytes), offset, bytes.map((b) => b.toString(16)).join(" "));
});

test.run();
