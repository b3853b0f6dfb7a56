import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/*
 * What a build wrote, by absolute path, as Eleventy reports it after the build: the after-build
 * checks and the manifests take each file's text from here instead of reading thousands back
 * from disk.
 */
export type WrittenFiles = ReadonlyMap<string, string>;

/** The text of `file`: what the build wrote, else what is on disk (a file a plugin wrote). */
export function writtenText(written: WrittenFiles | undefined, file: string): string {
  return written?.get(resolve(file)) ?? readFileSync(file, "utf8");
}

/** The bytes of `file`, as `writtenText`. */
export function writtenBytes(written: WrittenFiles | undefined, file: string): Buffer {
  const kept = written?.get(resolve(file));
  return kept === undefined ? readFileSync(file) : Buffer.from(kept);
}
