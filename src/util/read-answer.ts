/** The answer's bytes, or null when it is longer than `maxBytes` (reading stops there). */
export async function readAnswer(response: Response, maxBytes: number): Promise<Buffer | null> {
  if (Number(response.headers.get("content-length")) > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of response.body ?? []) {
    length += chunk.byteLength;
    // Leaving the loop cancels the stream: the rest is never downloaded.
    if (length > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}
