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
