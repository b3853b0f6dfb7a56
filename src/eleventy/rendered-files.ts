import { resolve } from "node:path";

/** One file Eleventy rendered and wrote, as `eleventy.after` reports it. */
export interface RenderedFile {
  outputPath: string | false;
  content: unknown;
}

/**
 * The files Eleventy rendered, by absolute path: what the after-build checks take instead of
 * reading them back. A template that rendered something other than text or bytes is a bug.
 */
export function renderedFiles(results: readonly RenderedFile[]): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>();
  for (const { outputPath, content } of results) {
    if (!outputPath) continue;
    if (typeof content !== "string" && !Buffer.isBuffer(content))
      throw new Error(`${outputPath} was rendered as ${typeof content}, not text or bytes`);
    files.set(resolve(outputPath), content);
  }
  return files;
}
