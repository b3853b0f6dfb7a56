#!/usr/bin/env node
// Example API client: mirrors one API of this site into a folder using its manifest.json
// (docs/api-clients.md, "A manifest to sync by"). Self-contained (Node 20+, no packages): a
// client can copy it as it is, with the folder scripts/mirror-api/ beside it.
//
//   node scripts/mirror-api.mjs <manifest URL> <folder>
//
// It fetches the manifest, downloads only the files whose content digest (or, for a file it
// has never verified, byte digest) differs from what the folder holds, checks every download
// against the manifest's size and SHA-256, and removes the files it mirrored earlier that the
// manifest no longer lists. What it holds is in `<folder>/.mirror-state.json`.
// The manifest and the server are untrusted (docs/robustness.md, "The mirror client"): a path
// that would leave the folder or clash with another, a URL or a redirect to another origin, a
// server too slow or saying too much, or a download whose digest differs stops the run (exit 1)
// with one line. Downloads go to a staging folder first and the folder changes only once all
// of them are verified, so a failed run leaves the last complete mirror as it was.
import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { boundedGet, MirrorError, quote } from "./mirror-api/bounded-get.mjs";
import { foldersOf, localFile, refuseConflicts, removeEmptyFolders } from "./mirror-api/folder.mjs";

/** @typedef {{ fetched: string[], kept: string[], removed: string[] }} MirrorResult What one run did: paths, in manifest order. */
/** @typedef {{ path: string, url: string, bytes: number, sha256: string, contentSha256: string }} Entry One checked manifest entry. */
/** @typedef {{ sha256: string, contentSha256: string }} Known What the folder holds at a path. */
/** @typedef {import("./mirror-api/bounded-get.mjs").Limits} Limits */
/** @typedef {Partial<Limits>} MirrorOptions Limits other than LIMITS, for one run. */

/**
 * The limits of every run (docs/robustness.md, "The mirror client"; each is described in
 * bounded-get.mjs). A file's own limit is its size in the manifest.
 * @type {Readonly<Limits>}
 */
export const LIMITS = Object.freeze({
  connectTimeoutMs: 10_000,
  readTimeoutMs: 30_000,
  maxRedirects: 5,
  maxManifestBytes: 16 * 1024 * 1024,
});

const STATE_FILE = ".mirror-state.json";
const STAGING = ".mirror-staging";
const HEX64 = /^[0-9a-f]{64}$/;

/** @param {string | Buffer} bytes */
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
/** What the state file keeps of an entry. @param {Entry} entry @returns {Known} */
const digests = (entry) => ({ sha256: entry.sha256, contentSha256: entry.contentSha256 });

/** The manifest's file entries, each checked; throws a MirrorError on the first that is not sound. */
/**
 * @param {any} body the parsed manifest, not yet trusted in any way
 * @param {string} manifestUrl
 * @returns {Entry[]}
 */
function checkedEntries(body, manifestUrl) {
  const files = body?.data?.files;
  if (!Array.isArray(files)) throw new MirrorError(`${manifestUrl} is not a manifest: no data.files list`);
  const origin = new URL(manifestUrl).origin;
  return files.map((/** @type {any} */ entry) => {
    let url;
    try {
      url = new URL(entry?.url);
    } catch {
      throw new MirrorError(`refusing the manifest: ${quote(entry?.path)} has no valid URL`);
    }
    if (url.origin !== origin)
      throw new MirrorError(`refusing the manifest: ${quote(entry.url)} is not on ${origin}, the manifest's origin`);
    if (
      !HEX64.test(entry.sha256) ||
      !HEX64.test(entry.contentSha256) ||
      !Number.isSafeInteger(entry.bytes) ||
      entry.bytes < 0
    ) {
      throw new MirrorError(`refusing the manifest: ${quote(entry.path)} lacks a SHA-256, a content digest or a size`);
    }
    return {
      path: entry.path,
      url: url.href,
      bytes: entry.bytes,
      sha256: entry.sha256,
      contentSha256: entry.contentSha256,
    };
  });
}

/** What the folder held after the last run: by path, the digests of the file written there. */
/**
 * @param {string} folder
 * @returns {Record<string, Known>}
 */
function readState(folder) {
  const file = resolve(folder, STATE_FILE);
  if (!existsSync(file)) return {};
  try {
    const state = JSON.parse(readFileSync(file, "utf8"));
    return state && typeof state.files === "object" && state.files !== null ? state.files : {};
  } catch {
    // A damaged state file only costs a full download, never a wrong file.
    return {};
  }
}

/** Whether the folder holds the file exactly as it was mirrored. */
/**
 * @param {string} file
 * @param {Known | undefined} known
 * @returns {known is Known}
 */
function holds(file, known) {
  return (
    typeof known === "object" &&
    known !== null &&
    lstatSync(file, { throwIfNoEntry: false })?.isFile() === true &&
    sha256(readFileSync(file)) === known.sha256
  );
}

/**
 * Downloads `entry` into the file `staged`, hashing it as it streams, and fails unless its size
 * and SHA-256 are the manifest's; the download stops as soon as it passes the size.
 * @param {Entry} entry @param {string} staged @param {string} origin @param {Limits} limits
 */
async function fetchVerified(entry, staged, origin, limits) {
  const hash = createHash("sha256");
  const handle = await open(staged, "wx");
  let size = 0;
  try {
    for await (const chunk of boundedGet(entry.url, origin, entry.bytes, "the manifest gives", limits)) {
      size += chunk.length;
      hash.update(chunk);
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  const digest = hash.digest("hex");
  if (size !== entry.bytes || digest !== entry.sha256)
    throw new MirrorError(`${entry.url} does not match the manifest (${size} bytes, SHA-256 ${digest}): not written`);
}

/**
 * Mirrors the API whose manifest is at `manifestUrl` into `folder`.
 * @param {string} manifestUrl
 * @param {string} folder
 * @param {MirrorOptions} [options] other limits than LIMITS (the tests' are short)
 * @returns {Promise<MirrorResult>}
 */
export async function mirror(manifestUrl, folder, options = {}) {
  const url = URL.canParse(manifestUrl) ? new URL(manifestUrl) : undefined;
  if (url?.protocol !== "http:" && url?.protocol !== "https:")
    throw new MirrorError(`${quote(manifestUrl)} is not an http or https URL`);
  const root = resolve(folder);
  const staging = join(root, STAGING);
  mkdirSync(root, { recursive: true });
  // What a killed run left there is of no use to anyone.
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  try {
    return await mirrorInto(url.href, root, staging, { ...LIMITS, ...options });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * @param {string} manifestUrl @param {string} root @param {string} staging @param {Limits} limits
 * @returns {Promise<MirrorResult>}
 */
async function mirrorInto(manifestUrl, root, staging, limits) {
  const origin = new URL(manifestUrl).origin;
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of boundedGet(manifestUrl, origin, limits.maxManifestBytes, "a manifest may have", limits))
    chunks.push(chunk);
  let body;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new MirrorError(`${manifestUrl} is not JSON`);
  }
  const entries = checkedEntries(body, manifestUrl);
  const targets = entries.map((entry) => localFile(root, entry.path));
  refuseConflicts(entries.map((entry) => entry.path));
  const state = readState(root);
  /** @type {Record<string, Known>} */
  const next = {};
  /** @type {MirrorResult} */
  const result = { fetched: [], kept: [], removed: [] };

  // First every changed file is downloaded and verified, while the folder stays as it is.
  /** @type {{ entry: Entry, staged: string, file: string }[]} */
  const changed = [];
  for (const [index, entry] of entries.entries()) {
    const file = /** @type {string} */ (targets[index]);
    const known = state[entry.path];
    // Same content (or the very same bytes) as the file the folder holds: nothing to fetch.
    if (holds(file, known) && (known.contentSha256 === entry.contentSha256 || known.sha256 === entry.sha256)) {
      next[entry.path] = known;
      result.kept.push(entry.path);
      continue;
    }
    const staged = join(staging, String(index));
    await fetchVerified(entry, staged, origin, limits);
    changed.push({ entry, staged, file });
  }

  // Then the folder changes, its state saying "not complete" until the last file is in place
  // and naming every file the run may write (a file whose bytes differ from its digest there
  // is fetched again next time, never kept).
  const saveState = (/** @type {Record<string, Known>} */ files, /** @type {boolean} */ complete) => {
    const temporary = join(staging, STATE_FILE);
    writeFileSync(temporary, `${JSON.stringify({ manifest: manifestUrl, complete, files }, null, 2)}\n`);
    renameSync(temporary, join(root, STATE_FILE));
  };
  saveState({ ...state, ...Object.fromEntries(changed.map(({ entry }) => [entry.path, digests(entry)])) }, false);
  // Only files this script wrote are ever removed (the state file says which); removed first,
  // so that a file may become a folder of the same name, or a folder a file.
  const listed = new Set(entries.map((entry) => entry.path));
  for (const path of Object.keys(state)) {
    if (listed.has(path)) continue;
    let file;
    try {
      file = localFile(root, path);
    } catch {
      continue;
    }
    if (!foldersOf(root, path, false)) continue;
    rmSync(file, { force: true });
    removeEmptyFolders(root, dirname(file));
    result.removed.push(path);
  }
  for (const { entry, staged, file } of changed) {
    foldersOf(root, entry.path, true);
    if (lstatSync(file, { throwIfNoEntry: false })?.isDirectory())
      throw new MirrorError(`cannot write ${quote(entry.path)}: a folder of that name is in the way`);
    renameSync(staged, file);
    next[entry.path] = digests(entry);
    result.fetched.push(entry.path);
  }
  saveState(next, true);
  return result;
}

async function main() {
  const [manifestUrl, folder] = process.argv.slice(2);
  if (!manifestUrl || !folder) {
    console.error("usage: node scripts/mirror-api.mjs <manifest URL> <folder>");
    return 2;
  }
  try {
    const { fetched, kept, removed } = await mirror(manifestUrl, folder);
    console.log(`mirror: ${fetched.length} fetched, ${kept.length} unchanged, ${removed.length} removed`);
    return 0;
  } catch (error) {
    // A refusal, or the file system saying no (a full disk, a folder not writable): one line.
    const syscall = /** @type {{ syscall?: unknown }} */ (error)?.syscall;
    if (!(error instanceof MirrorError) && typeof syscall !== "string") throw error;
    const message = /** @type {Error} */ (error).message;
    console.error(`mirror: ${error instanceof MirrorError ? message : quote(message).slice(1, -1)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
