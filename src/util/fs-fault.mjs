// @ts-check
import { lstatSync } from "node:fs";
import { dirname, resolve } from "node:path";

/*
 * File-system faults of the output folder, in one sentence for the site owner: which path,
 * what went wrong, what to do. Plain JavaScript so that scripts/build.mjs, which runs before
 * our TypeScript is compiled, can use it too. The paths it names are the owner's own --output
 * and files under it, whose names src/util/output-path.ts has checked (no control characters).
 */

/** The codes that mean "the output folder cannot be written as asked", not a bug of ours. */
const ADVICE = /** @type {const} */ ({
  EACCES: ["permission denied", "give the user running the build write access to it, or pass --output=<a folder you can write>"],
  EPERM: ["the operation is not permitted (an immutable or locked file or folder)", "unlock it (chattr -i, or close the program holding it), or pass --output=<another folder>"],
  ENOTDIR: ["a file stands where a folder is needed", "move that file away, or pass --output=<a folder path>"],
  EISDIR: ["a folder stands where a file is needed", "move that folder away, or pass --output=<another folder>"],
  ENAMETOOLONG: ["the path is longer than the file system allows", "pass --output=<a shorter path>"],
  ENOSPC: ["the disk is full", "free some space on that disk, then build again"],
  EROFS: ["the file system is read-only", "pass --output=<a folder on a writable disk>"],
  EEXIST: ["something already exists there", "move it away, then build again"],
});

/**
 * @typedef {{ code: keyof typeof ADVICE, path: string | undefined, dest: string | undefined }} FsFault
 */

/**
 * The file-system fault behind an error, walking the errors Eleventy wraps around it
 * (`originalError`, then `cause`); undefined when there is none.
 * @param {unknown} error
 * @returns {FsFault | undefined}
 */
export function fsFaultOf(error) {
  const seen = new Set();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const { code, path, dest } = /** @type {NodeJS.ErrnoException & { dest?: unknown }} */ (current);
    if (typeof code === "string" && Object.hasOwn(ADVICE, code)) {
      return {
        code: /** @type {keyof typeof ADVICE} */ (code),
        path: typeof path === "string" ? path : undefined,
        dest: typeof dest === "string" ? dest : undefined,
      };
    }
    const inner = /** @type {{ originalError?: unknown }} */ (current).originalError ?? current.cause;
    current = inner;
  }
  return undefined;
}

/**
 * One sentence for a file-system fault: `Cannot write /srv/site/x: permission denied; give…`.
 * @param {FsFault} fault
 * @param {string} [fallbackPath] the path to name when the error carries none (the output folder)
 * @returns {string}
 */
export function describeFsFault(fault, fallbackPath) {
  const [what, todo] = ADVICE[fault.code];
  const path = fault.path ?? fault.dest ?? fallbackPath ?? "the output folder";
  const blocker = fault.code === "ENOTDIR" ? fileOnTheWay(path) : undefined;
  const where = blocker && blocker !== path ? `${path} (${blocker} is a file)` : path;
  return `Cannot write ${where}: ${what} (${fault.code}); ${todo}.`;
}

/**
 * The file that stands where a folder of `path` is needed: the deepest part of the path that
 * exists, when it is not a folder.
 * @param {string} path
 * @returns {string | undefined}
 */
function fileOnTheWay(path) {
  for (let current = resolve(path); dirname(current) !== current; current = dirname(current)) {
    try {
      return lstatSync(current).isDirectory() ? undefined : current;
    } catch {
      // Missing, or under the file we are looking for: one level up.
    }
  }
  return undefined;
}
