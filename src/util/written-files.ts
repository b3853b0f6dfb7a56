/*
 * What a build wrote, by absolute path, as Eleventy reports it after the build: the after-build
 * checks and the manifests take each file from here instead of reading thousands back from
 * disk. A one-off build hands Eleventy each file as its UTF-8 bytes rather than a string
 * (src/eleventy/portfolio-plugin.ts says why), so an entry is either.
 */
export type WrittenFiles = ReadonlyMap<string, string | Buffer>;

/** The text of a written file. */
export function textOf(content: string | Buffer): string {
  return typeof content === "string" ? content : content.toString("utf8");
}
