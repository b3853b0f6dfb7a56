import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/*
 * What a build wrote, by absolute path, as Eleventy reports it: the after-build checks take each
 * file from here instead of reading it back. An entry is text, or UTF-8 bytes (plugin.ts says why).
 */
export type WrittenFiles = ReadonlyMap<string, string | Buffer>;

/** The text of `file`: what the build wrote, else what is on disk (a file a plugin wrote). */
export function writtenText(written: WrittenFiles | undefined, file: string): string {
  const kept = written?.get(resolve(file));
  // A Buffer's toString() decodes UTF-8; a string's is the string.
  return kept === undefined ? readFileSync(file, "utf8") : kept.toString();
}

/** The files Eleventy rendered (`results` of `eleventy.after`); anything but text or bytes is a bug. */
export function renderedFiles(
  results: readonly { outputPath: string | false; content: unknown }[],
): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>();
  for (const { outputPath, content } of results) {
    if (!outputPath) continue;
    if (typeof content !== "string" && !Buffer.isBuffer(content))
      throw new Error(`${outputPath} was rendered as ${typeof content}, not text or bytes`);
    files.set(resolve(outputPath), content);
  }
  return files;
}
