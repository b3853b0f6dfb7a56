/**
 * The offset of the first byte that starts no valid UTF-8 sequence (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or -1 when every byte is valid. TextDecoder
 * only says "invalid"; the owner needs to know where to look.
 */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] ?? 0;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return index;
    // The second byte's range is narrower after some leads: that is what rules out overlong
    // forms (E0, F0), surrogates (ED) and code points past U+10FFFF (F4).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k += 1) {
      const byte = bytes[index + k];
      if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return index;
    }
    index += length;
  }
  return -1;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The index of the first lone surrogate in `text`, or -1. Decoded UTF-8 never holds one, but an
 * escape can write one (YAML's `"\uD800"`): it is half of a character, which no UTF-8 file, JSON
 * text or page can carry (encoders turn it into U+FFFD or fail).
 */
export function firstLoneSurrogate(text: string): number {
  return LONE_SURROGATE.exec(text)?.index ?? -1;
}
