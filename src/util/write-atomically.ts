import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes a file under another name and renames it into place, creating its folder: parallel
 * builds (the tests run several) sharing a cache never read half a file.
 * (src/eleventy/compiled-site.mjs has its own copy: it runs before our TypeScript is compiled.)
 */
export function writeFileAtomically(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}
