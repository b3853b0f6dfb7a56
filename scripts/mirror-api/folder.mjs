// Where scripts/mirror-api.mjs puts a manifest path in its folder (under the name the build
// wrote: the URL path decoded), and the checks that keep every write inside it
// (docs/robustness.md, "The mirror client").
import { lstatSync, mkdirSync, rmdirSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { MirrorError, quote } from "./bounded-get.mjs";

// C0, DEL and C1 controls: never in a file name, never echoed to the terminal.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The names of the folders and file a manifest path stands for, inside the folder: each segment
 * of the URL path decoded, as a static host looks the file up (`/api/v1/languages/C%2B%2B.json`
 * is `api/v1/languages/C++.json`), which is the name the build wrote; or a MirrorError when the
 * path could leave the folder, also once decoded (`%2e%2e`, `%2f`).
 * Names starting with `.mirror-` at the top are the mirror's own (its state, its staging folder).
 * @param {unknown} path
 * @returns {string[]}
 */
function localNames(path) {
  const refuse = () =>
    new MirrorError(`refusing the manifest: the path ${quote(path)} does not name a file inside the folder`);
  if (typeof path !== "string" || !/^\/(?!\/)/.test(path) || CONTROL.test(path) || path.includes("\\")) throw refuse();
  const names = path
    .slice(1)
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw refuse();
      }
    });
  const sound = names.every(
    (name) => name !== "" && name !== "." && name !== ".." && !/[/\\]/.test(name) && !CONTROL.test(name),
  );
  if (!sound || names[0]?.startsWith(".mirror-")) throw refuse();
  return names;
}

/**
 * The local file of a manifest path (see `localNames`), or a MirrorError when the path could
 * leave the folder.
 * @param {string} folder
 * @param {unknown} path
 * @returns {string}
 */
export function localFile(folder, path) {
  const file = resolve(folder, ...localNames(path));
  const rel = relative(folder, file);
  if (rel === "" || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new MirrorError(`refusing the manifest: the path ${quote(path)} does not name a file inside the folder`);
  }
  return file;
}

/**
 * Refuses two paths that would be one file, or a file and the folder of another (`/x` and
 * `/x/y`), before anything is fetched. Paths are compared as the files they name (decoded:
 * `/C%2B%2B.json` and `/C++.json` are one file), ignoring case: on macOS and Windows `/A` is `/a`.
 * @param {string[]} paths
 */
export function refuseConflicts(paths) {
  const keyOf = (/** @type {string} */ path) => localNames(path).join("/").toLowerCase();
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const path of paths) {
    const other = files.get(keyOf(path));
    if (other !== undefined)
      throw new MirrorError(`refusing the manifest: ${quote(other)} and ${quote(path)} would be the same file`);
    files.set(keyOf(path), path);
  }
  for (const path of paths) {
    const names = keyOf(path).split("/");
    for (let end = 1; end < names.length; end++) {
      const file = files.get(names.slice(0, end).join("/"));
      if (file !== undefined)
        throw new MirrorError(`refusing the manifest: ${quote(file)} would be a file and the folder of ${quote(path)}`);
    }
  }
}

/**
 * Checks the folders on the way to `path` inside `root`: each must be a real folder, never a
 * symbolic link, which could lead out of the mirror. Missing ones are made when `make`;
 * otherwise the answer is false.
 * @param {string} root @param {string} path @param {boolean} make
 * @returns {boolean}
 */
export function foldersOf(root, path, make) {
  let dir = root;
  for (const name of localNames(path).slice(0, -1)) {
    dir = join(dir, name);
    const found = lstatSync(dir, { throwIfNoEntry: false });
    if (found?.isDirectory()) continue;
    if (found) {
      const what = found.isSymbolicLink() ? "a symbolic link" : "a file";
      const verb = make ? "write" : "remove";
      throw new MirrorError(`cannot ${verb} ${quote(path)}: ${quote(relative(root, dir))} is ${what}, not a folder`);
    }
    if (!make) return false;
    mkdirSync(dir);
  }
  return true;
}

/** Removes `dir` and its parents up to `root` (never `root`) while they are empty. */
/** @param {string} root @param {string} dir */
export function removeEmptyFolders(root, dir) {
  for (let current = dir; current.startsWith(root + sep); current = dirname(current)) {
    try {
      rmdirSync(current);
    } catch {
      return;
    }
  }
}
