// Makes `npm start` rebuild when a file is deleted, which Eleventy 3 does not do
// (https://github.com/11ty/eleventy/issues/2798), or named so that Eleventy's watcher misses it
// (`UNSEEN`): a watcher of our own changes a marker file that Eleventy watches, in a private
// temporary folder (not one .gitignore makes Eleventy skip).
import { existsSync, mkdtempSync, rmSync, statSync, watch, watchFile, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** The kinds of file the build reads from the watched folders: content, images and assets. */
const READ = /\.(md|ya?ml|json|asc|xml|txt|png|jpe?g|webp|gif|avif|svg|css|js)$/i;
/** In a name, what Eleventy's watcher never reports (its globs' `.` matches no line terminator). */
const UNSEEN = /[\n\r\u2028\u2029]/;

/** The marker, once made (else ""): one per process, reused by reloaded configs; and its changes. */
let marker = "";
let touches = 0;
/** The marker's path, for `npm start` to say what its change stands for ("" before it is made). */
export const deletionMarker = (): string => marker;
/** Folders already watched in this process (absolute). */
const watched = new Set<string>();
/** When the last build began (Date.now()), to tell a deletion it already read. */
let lastBuildBegan = Number.NEGATIVE_INFINITY;
let pending: NodeJS.Timeout | undefined;
/** The folders of the deletions the marker's next change is for; null: it changes whatever. */
let pendingFolders: Set<string> | null = new Set();

/**
 * Changes the marker, so Eleventy rebuilds, 150 ms after the first report of a deletion: once
 * for a burst (a deleted folder), and once for a deletion both watchers report (ours at once,
 * Eleventy's 100 ms later). Not when a build began after each folder last changed (a rename:
 * its new name began one), which read the folder as it is (20 ms: a file system's clock may lag
 * a tick). Without `file` (a folder gone, a name Eleventy never sees), the marker changes.
 */
function rebuildForDeletion(file?: string): void {
  if (file === undefined) pendingFolders = null;
  else pendingFolders?.add(dirname(resolve(file)));
  if (pending) return;
  pending = setTimeout(() => {
    const folders = pendingFolders;
    [pending, pendingFolders] = [undefined, new Set()];
    const read = (folder: string) =>
      (statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? Number.POSITIVE_INFINITY) < lastBuildBegan - 20;
    if (folders === null || ![...folders].every(read)) writeFile(marker, String(++touches)).catch(stopped);
  }, 150);
}

/**
 * `npm start`: each deletion Eleventy's own watcher sees changes the marker too. Node's
 * recursive watcher loses a file an editor saved through a temporary file renamed over it
 * (sed -i), and Eleventy's may miss one right after it starts.
 */
export function takeDeletionsFrom(watcher: { on(event: "unlink", listener: (file: string) => void): unknown }): void {
  watcher.on("unlink", (file) => {
    if (marker && READ.test(file)) rebuildForDeletion(file);
  });
}

/**
 * The system's limit of watched folders, or the marker removed: saves still rebuild, so say so
 * (only the error's code: the paths come from the environment).
 */
function stopped(error: unknown): void {
  const code = error instanceof Error && "code" in error ? String(error.code) : "an error";
  console.warn(`[folio] Deleting a file no longer rebuilds the site (${code}); save any file to rebuild.`);
}

/** Eleventy plugin: under `--serve` or `--watch`, a deletion in `folders` rebuilds the site. */
export default function rebuildOnDeletion(
  eleventyConfig: { addWatchTarget(target: string): void; on(event: "eleventy.before", listener: () => void): unknown },
  /** `folders`: those whose deletions rebuild (the content folder, the assets). */
  options: { folders: readonly string[] },
): void {
  // Set by Eleventy from the command line before it loads the config.
  const mode = process.env.ELEVENTY_RUN_MODE;
  if (mode !== "serve" && mode !== "watch") return;
  marker ||= makeMarker();
  eleventyConfig.addWatchTarget(marker);
  eleventyConfig.on("eleventy.before", () => {
    lastBuildBegan = Date.now();
  });
  for (const folder of options.folders) watchFolder(resolve(folder));
}

/** Creates the marker in a folder of its own (mkdtemp: no name another user can plant first), removed on exit. */
function makeMarker(): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-dev-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // Ctrl-C stops Eleventy's watcher and server, then the process exits.
  process.once("exit", remove);
  // A `kill` or a closed terminal ends it without "exit": remove, then end as the signal would have.
  for (const signal of ["SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      remove();
      process.kill(process.pid, signal);
    });
  }
  const file = join(dir, "deleted-file");
  writeFileSync(file, "0");
  return file;
}

/**
 * Changes the marker when a file of a kind the build reads (`READ`) under `folder` is gone (not
 * an editor's temporary file renamed over the file it saves: Eleventy sees that save), or is
 * touched under a name Eleventy does not see (`UNSEEN`). A burst
 * (a deleted folder) changes the marker once. Once the folder itself went (a checkout), neither
 * Eleventy's watcher nor this one sees it again: a poll of its path sees it back, and a watcher
 * of its every change stands in for both from then on.
 */
function watchFolder(folder: string, everyChange = false): void {
  if (watched.has(folder) || !existsSync(folder)) return;
  watched.add(folder);
  if (everyChange) rebuildForDeletion();
  // Not persistent: it never keeps the process alive, so it ends with Eleventy's server.
  const watcher = watch(folder, { recursive: true, persistent: false }, (event, name) => {
    const gone = name === "" || !existsSync(folder);
    if (gone && watched.delete(folder)) watcher.close();
    const deleted = event === "rename" && (name === null || (READ.test(name) && !existsSync(join(folder, name))));
    const unseen = name !== null && READ.test(name) && UNSEEN.test(name);
    if (gone || everyChange || unseen || (deleted && name === null)) rebuildForDeletion();
    else if (deleted && name !== null) rebuildForDeletion(join(folder, name));
  });
  if (!everyChange) watchFile(folder, { persistent: false, interval: 500 }, () => watchFolder(folder, true));
  watcher.on("error", (error) => {
    watcher.close();
    stopped(error);
  });
}
