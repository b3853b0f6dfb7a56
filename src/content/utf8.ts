const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The offset of the first byte that starts no valid UTF-8 sequence (RFC 3629), or -1: where
 * TextDecoder's "invalid" is. Up to it, the decoded characters' UTF-8 lengths add up to its
 * offset; the first U+FFFD not written as EF BF BD marks it.
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
 * The index of the first lone surrogate in `text`, or -1: an escape can write one (YAML's
 * `"\uD800"`), half of a character that no UTF-8 file, JSON text or page can carry.
 */
export function firstLoneSurrogate(text: string): number {
  return LONE_SURROGATE.exec(text)?.index ?? -1;
}
