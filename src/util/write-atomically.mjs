// @ts-check
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes a file under another name and renames it into place, creating its folder: parallel
 * builds (the tests run several) sharing a cache never read half a file. A folder standing
 * where the file belongs (a damaged cache) is removed first, since renaming a file onto a
 * folder fails; the half-written file of a failed write is removed. Plain JavaScript so that
 * src/eleventy/compiled-site.mjs, which runs before our TypeScript is compiled, uses it too.
 * @param {string} file
 * @param {string | Uint8Array} data
 * @returns {void}
 */
export function writeFileAtomically(file, data) {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(partial, data);
    try {
      renameSync(partial, file);
    } catch (error) {
      if (statSync(file, { throwIfNoEntry: false })?.isDirectory() !== true) throw error;
      rmSync(file, { recursive: true, force: true });
      renameSync(partial, file);
    }
  } finally {
    rmSync(partial, { force: true });
  }
}
