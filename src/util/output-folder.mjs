// @ts-check
/*
 * The output folder is the output of exactly one successful build (docs/deployment.md, "How the
 * output is written"). A build writes into a staging folder beside it, on the same file system,
 * and only a build that passed every check replaces the output folder, as a whole, by renaming.
 * The output it replaces is kept beside as the spare, which the next build renames into its
 * staging folder and overwrites in place: on this machine's disk creating a file costs 4-20
 * times what overwriting one does (docs/performance.md). Plain JavaScript: scripts/build.mjs
 * uses it before our TypeScript is compiled.
 */
import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** A problem with the output folder itself, said in one sentence (no stack trace). */
export class OutputFolderError extends Error {
  /** Eleventy prints the message without our stack (`npm start`): the sentence is all there is. */
  skipOriginalStack = true;

  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "OutputFolderError";
  }
}

/** `.{name}.staging-{pid}-{hex}` and `.{name}.old-{pid}-{hex}` beside the output folder `{name}`. */
const BESIDE = /^\.(.+)\.(staging|old)-(\d+)-[0-9a-f]+$/;

/**
 * A folder beside `outputDir` named for this process: what `replaceOutputFolder` renames.
 * @param {string} outputDir
 * @param {"staging" | "old"} kind
 */
function besideName(outputDir, kind) {
  return join(dirname(outputDir), `.${basename(outputDir)}.${kind}-${process.pid}-${randomBytes(4).toString("hex")}`);
}

/**
 * True when `dir` is a staging folder made by `makeStagingFolder` (the plugins then know that
 * every file in it is this build's own).
 * @param {string} dir
 */
export function isStagingFolder(dir) {
  return BESIDE.exec(basename(resolve(dir)))?.[2] === "staging";
}

/**
 * Whether `folder` is the output folder or inside it (and so would be replaced or cleaned with it).
 * @param {string} outputDir
 * @param {string} folder
 */
export function outputHolds(outputDir, folder) {
  const rel = relative(resolve(outputDir), resolve(folder));
  return rel === "" || !(rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

/**
 * The file every build writes at the top of its output (scripts/build.mjs into its staging
 * folder once the build passed, src/eleventy/portfolio-plugin.ts for `npm start`): a folder carrying it is one a build
 * of this site wrote, which the next build may replace or clean. It is published with the rest
 * (docs/deployment.md): one line, nothing secret.
 */
export const OUTPUT_MARKER = ".folio-output";

/**
 * Writes the marker into `file` (the `OUTPUT_MARKER` file of an output folder).
 * @param {string} file
 */
export function writeOutputMarker(file) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, "This folder is the output of a build of this site; the next build replaces it.\n");
}

/**
 * Whether a build may replace or clean `dir`: it is missing or empty, or a build of this site
 * wrote it. A build replaces or cleans its output folder as a whole, so `--output=docs` must
 * not delete the docs.
 * @param {string} dir
 * @returns {boolean}
 */
export function isBuildOutput(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return true;
    throw error;
  }
  if (names.length === 0 || names.includes(OUTPUT_MARKER)) return true;
  // A `_site` written before builds left the marker: the two files every build has written
  // at its top since the site had an API. Kept so that the first build after an upgrade
  // replaces the owner's existing output rather than refusing it.
  return (
    names.includes("index.html") &&
    lstatSync(join(dir, "api", "openapi.json"), { throwIfNoEntry: false })?.isFile() === true
  );
}

/**
 * Refuses an output folder that holds files no build of this site wrote (`--output=docs`):
 * the build would delete them.
 * @param {string} outputDir
 */
export function checkBuildOutput(outputDir) {
  const out = resolve(outputDir);
  if (!isBuildOutput(out)) {
    throw new OutputFolderError(
      `The output folder ${out} holds files no build of this site wrote: move them away or pass --output=<an empty or new folder>.`,
    );
  }
}

/**
 * Refuses an output folder the build cannot replace as a whole: a file, a symbolic link (the
 * link, not its target, would be replaced), a folder holding the project or its content, or
 * one holding files no build of this site wrote.
 * @param {string} outputDir
 * @param {readonly string[]} keep folders that must never be inside the output folder (the project, the content)
 */
export function checkOutputFolder(outputDir, keep) {
  const out = resolve(outputDir);
  for (const folder of keep) {
    if (outputHolds(out, folder)) {
      throw new OutputFolderError(
        `The output folder ${out} holds ${resolve(folder)}, and each build replaces it as a whole: pass --output=<a folder of its own, such as _site>.`,
      );
    }
  }
  let found;
  try {
    found = lstatSync(out);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === "ENOENT") return;
    throw error;
  }
  if (found.isSymbolicLink())
    throw new OutputFolderError(
      `The output folder ${out} is a symbolic link, and a build replaces the link, not what it points to: pass --output=<the real folder>.`,
    );
  if (!found.isDirectory())
    throw new OutputFolderError(
      `The output folder ${out} is a file, not a folder: move the file away, or pass --output=<another folder>.`,
    );
  checkBuildOutput(out);
}

/**
 * Whether a process with this id is running (a build that is still writing its staging folder).
 * Our own id counts as not running: `removeLeftovers` runs before this build makes anything,
 * so a folder named with it is from a killed build that had the same id (in a container a
 * build often gets the same small id every run).
 * @param {number} pid
 */
function isRunning(pid) {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * Cleans up after builds that were killed: their staging folders are removed, and so is the
 * previous output a finished build had set aside. A build killed between its two renames left
 * no output folder but the previous one set aside: that one is put back.
 * @param {string} outputDir
 */
export function removeLeftovers(outputDir) {
  const out = resolve(outputDir);
  const parent = dirname(out);
  let names;
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names.sort()) {
    const match = BESIDE.exec(name);
    if (!match || match[1] !== basename(out) || isRunning(Number(match[3]))) continue;
    const leftover = join(parent, name);
    // Put back only what a build wrote: anything else so named would become the output, even
    // of a build that then fails.
    if (match[2] === "old" && lstatSync(out, { throwIfNoEntry: false }) === undefined && isMarkedFolder(leftover))
      renameSync(leftover, out);
    else if (match[2] === "old") keepAsSpare(leftover, out);
    else rmSync(leftover, { recursive: true, force: true });
  }
}

/**
 * Whether `dir` is a folder (not a link to one) that a build wrote: it carries the marker, or
 * is an output from before the marker (`isBuildOutput`); not merely empty.
 * @param {string} dir
 */
function isMarkedFolder(dir) {
  return (
    lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() === true &&
    readdirSync(dir).length > 0 &&
    isBuildOutput(dir)
  );
}

/**
 * `.{name}.spare` beside the output folder `{name}`: the output the last successful build
 * replaced, whole, for the next build to overwrite (`takeSpareFolder`).
 * @param {string} outputDir
 */
export function spareFolder(outputDir) {
  const out = resolve(outputDir);
  return join(dirname(out), `.${basename(out)}.spare`);
}

/**
 * Keeps a replaced output as the spare, or deletes it when there is one already (another build
 * finished at the same time). Never throws: the new output is in place whatever happens here,
 * and the next build removes what is left.
 * @param {string} old
 * @param {string} outputDir
 */
function keepAsSpare(old, outputDir) {
  try {
    // A build's output from before the marker is deleted: takeSpareFolder would never take it.
    if (lstatSync(join(old, OUTPUT_MARKER), { throwIfNoEntry: false }) === undefined) throw new Error("unmarked");
    renameSync(old, spareFolder(outputDir));
  } catch {
    try {
      // Deleting would reach through the mount: kept, under its leftover's name.
      if (!holdsMountPoint(old)) rmSync(old, { recursive: true, force: true });
    } catch {
      // Named like a killed build's set-aside output: the next build removes it.
    }
  }
}

/**
 * The spare, renamed into a new staging folder for this build to overwrite in place, or
 * undefined when there is none. Renaming first makes it this build's alone (two builds cannot
 * both take it, and a killed build leaves a staging folder the next one removes); only then is
 * it checked, since every file in it will be written through: a folder without the output
 * marker is left alone (no build of ours set it aside), and one holding anything but plain
 * folders and files of this user that are linked once and of the default mode (a symbolic
 * link, a hard link a backup shares, a file made read-only) is emptied; one holding a mount point
 * is not taken at all (holdsMountPoint). The check reads every
 * entry's metadata, 14,000 at 4,000 posts, on libuv's threads: `checked` says, once the check
 * is over, whether the folder still holds the spare. The build reads and renders meanwhile, and
 * each step that writes into the folder waits for it first (`holdWritesUntil`).
 * @param {string} outputDir
 * @returns {{ folder: string, checked: Promise<boolean> } | undefined}
 */
export function takeSpareFolder(outputDir) {
  const out = resolve(outputDir);
  const spare = spareFolder(out);
  const found = lstatSync(spare, { throwIfNoEntry: false });
  if (!found?.isDirectory() || lstatSync(join(spare, OUTPUT_MARKER), { throwIfNoEntry: false }) === undefined)
    return undefined;
  // Left as it is, never emptied: deleting would reach through the mount.
  if (holdsMountPoint(spare)) return undefined;
  const folder = besideName(out, "staging");
  try {
    renameSync(spare, folder);
  } catch {
    return undefined;
  }
  const checked = onlyPlainEntries(folder)
    // Unreadable in part: not reused either.
    .catch(() => false)
    .then((plain) => {
      if (!plain) {
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(folder);
      }
      return plain;
    });
  return { folder, checked };
}

/*
 * The one promise every step that writes into the output folder awaits first: the spare's check
 * (takeSpareFolder), which may still be emptying the folder. Kept on the global object because
 * this module runs twice in a build, as itself in scripts/build.mjs and bundled into the
 * compiled site module, whose plugins write.
 */
const WRITES_HELD = Symbol.for("folio.output-writes-held");

/**
 * Holds every write into the output folder (`outputWritable`) until `check` settles.
 * @param {Promise<unknown>} check
 */
export function holdWritesUntil(check) {
  /** @type {Record<symbol, Promise<unknown>>} */ (/** @type {unknown} */ (globalThis))[WRITES_HELD] = check;
}

/**
 * Settles once the output folder may be written: at once unless a build holds writes.
 * @returns {Promise<void>}
 */
export async function outputWritable() {
  await /** @type {Record<symbol, Promise<unknown> | undefined>} */ (/** @type {unknown} */ (globalThis))[WRITES_HELD];
}

/**
 * The mode bits of a file and a folder this process creates, as a build would have made them.
 * Reading the mask means setting it for a moment, and the mask is the whole process's: so it is
 * read once, when this module loads, before the build starts any thread that creates files.
 */
const DEFAULT_MODES = (() => {
  const mask = process.umask(0);
  process.umask(mask);
  return { file: 0o666 & ~mask, folder: 0o777 & ~mask };
})();

/**
 * Whether every entry under `dir` is a folder or a file this user owns, linked once and of the
 * default mode, so that writing it in place changes nothing outside the folder.
 * @param {string} dir
 * @returns {Promise<boolean>}
 */
async function onlyPlainEntries(dir) {
  const modes = DEFAULT_MODES;
  const uid = process.getuid?.();
  // The folder itself too: an empty spare another user owns would let them write into this build.
  const top = await lstat(dir);
  if ((uid !== undefined && top.uid !== uid) || (top.mode & 0o7777) !== modes.folder) return false;
  /** @param {string} folder @returns {Promise<boolean>} */
  const plain = async (folder) => {
    const verdicts = await Promise.all(
      (await readdir(folder)).map(async (name) => {
        const path = join(folder, name);
        const entry = await lstat(path);
        if (uid !== undefined && entry.uid !== uid) return false;
        if (entry.isDirectory()) return (entry.mode & 0o7777) === modes.folder && (await plain(path));
        return entry.isFile() && entry.nlink === 1 && (entry.mode & 0o7777) === modes.file;
      }),
    );
    return verdicts.every(Boolean);
  };
  return plain(dir);
}

/**
 * Whether a mount point lies in `dir` (Linux's mount table): a folder mounted there, a bind
 * mount of the same disk included, looks like any other, yet writing through it, cleaning it
 * or deleting it would change files outside the output (a container's volume, say).
 * @param {string} dir
 * @returns {boolean}
 */
function holdsMountPoint(dir) {
  let table;
  try {
    table = readFileSync("/proc/self/mountinfo", "utf8");
  } catch {
    return false;
  }
  return table.split("\n").some((line) => {
    // The fifth field, with space, tab, newline and backslash written as octal escapes.
    const point = line
      .split(" ")[4]
      ?.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(Number.parseInt(octal, 8)));
    return point !== undefined && outputHolds(dir, point);
  });
}

/**
 * A new, empty staging folder beside the output folder (creating the output folder's parent).
 * @param {string} outputDir
 * @returns {string}
 */
export function makeStagingFolder(outputDir) {
  const out = resolve(outputDir);
  mkdirSync(dirname(out), { recursive: true });
  const staging = besideName(out, "staging");
  mkdirSync(staging);
  return staging;
}

/**
 * Puts the staging folder in the output folder's place: the old output is renamed away, the
 * staging folder renamed in, and the old one kept as the spare (or deleted when a spare is
 * there already). When the second rename fails the old output is put back, so the folder is
 * always one whole build.
 * @param {string} staging
 * @param {string} outputDir
 */
export function replaceOutputFolder(staging, outputDir) {
  const out = resolve(outputDir);
  const old = lstatSync(out, { throwIfNoEntry: false }) ? besideName(out, "old") : undefined;
  if (old) renameSync(out, old);
  try {
    renameSync(staging, out);
  } catch (error) {
    if (old) renameSync(old, out);
    throw error;
  }
  // Renamed, not deleted (deleting took 0.8-2.4 s at 4,000 posts), and before the build exits:
  // "exit 0" means one output folder, at most one spare, and nothing half-done beside them.
  if (old) keepAsSpare(old, out);
}

/**
 * Removes a staging folder (a failed build's); never throws, since it runs while a failure is reported.
 * @param {string} staging
 */
export function removeStagingFolder(staging) {
  try {
    rmSync(staging, { recursive: true, force: true });
  } catch {
    // The next build removes it.
  }
}
