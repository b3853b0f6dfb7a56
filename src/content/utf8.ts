const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The offset of the first byte that starts no valid UTF-8 sequence (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or -1 when every byte is valid. TextDecoder
 * only says "invalid"; the owner needs to know where to look. Up to the first error every
 * character decodes as written, so their UTF-8 lengths add up to its offset; the first U+FFFD
 * that was not written as EF BF BD marks it.
 */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let offset = 0;
  for (const char of lenient.decode(bytes)) {
    const written = bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd;
    if (char === "\ufffd" && !written) return offset;
    offset += Buffer.byteLength(char);
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
