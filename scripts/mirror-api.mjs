#!/usr/bin/env node
// Example API client: mirrors one API of this site into a folder using its manifest.json
// (docs/api-clients.md, "A manifest to sync by"). Self-contained (Node 20+, no packages), so a
// client can copy it as it is.
//
//   node scripts/mirror-api.mjs <manifest URL> <folder>
//
// It fetches the manifest, downloads only the files whose content digest (or, for a file it
// has never verified, byte digest) differs from what the folder holds, checks every download
// against the manifest's SHA-256 before writing it, and removes the files it mirrored earlier
// that the manifest no longer lists. What it holds is in `<folder>/.mirror-state.json`.
// The manifest is untrusted input: a path that would leave the folder, a URL on another
// origin than the manifest's, or a download whose digest differs stops the run (exit 1) with
// nothing written for that file.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

/** @typedef {{ fetched: string[], kept: string[], removed: string[] }} MirrorResult What one run did: paths, in manifest order. */
/** @typedef {{ path: string, url: string, bytes: number, sha256: string, contentSha256: string }} Entry One checked manifest entry. */
/** @typedef {{ sha256: string, contentSha256: string }} Known What the folder holds at a path. */

const STATE_FILE = ".mirror-state.json";
const HEX64 = /^[0-9a-f]{64}$/;
// C0, DEL and C1 controls: never in a file name, never echoed to the terminal.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `message` stops the run: printed once, without a stack. */
class MirrorError extends Error {}

/** @param {string | Buffer} bytes */
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
/** A value from the manifest, quoted so a control character is shown, never sent. */
/** @param {unknown} value */
const quote = (value) => JSON.stringify(String(value));

/** The local file of a manifest path, or a MirrorError when the path could leave the folder. */
/**
 * @param {string} folder
 * @param {unknown} path
 * @returns {string}
 */
function localFile(folder, path) {
  const valid =
    typeof path === "string" &&
    /^\/(?!\/)/.test(path) &&
    !CONTROL.test(path) &&
    !path.includes("\\") &&
    path
      .slice(1)
      .split("/")
      .every((segment) => segment !== "" && segment !== "." && segment !== "..") &&
    path !== `/${STATE_FILE}`;
  const file = valid ? resolve(folder, `.${path}`) : "";
  const rel = valid ? relative(folder, file) : "";
  if (!valid || rel === "" || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new MirrorError(`refusing the manifest: the path ${quote(path)} does not name a file inside the folder`);
  }
  return file;
}

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

/**
 * @param {string} url
 * @returns {Promise<Buffer>}
 */
async function download(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string }, message?: string }} */ (error);
    throw new MirrorError(`${url} could not be fetched (${cause.cause?.code ?? cause.message})`);
  }
  if (!response.ok) throw new MirrorError(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
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
  return typeof known === "object" && known !== null && existsSync(file) && sha256(readFileSync(file)) === known.sha256;
}

/** Writes through a temporary file, so an interrupted run never leaves half a file. */
/**
 * @param {string} file
 * @param {string | Buffer} bytes
 */
function writeAtomically(file, bytes) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.mirror-part`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/**
 * Mirrors the API whose manifest is at `manifestUrl` into `folder`.
 * @param {string} manifestUrl
 * @param {string} folder
 * @returns {Promise<MirrorResult>}
 */
export async function mirror(manifestUrl, folder) {
  const root = resolve(folder);
  mkdirSync(root, { recursive: true });
  let body;
  try {
    body = JSON.parse((await download(manifestUrl)).toString("utf8"));
  } catch (error) {
    throw error instanceof MirrorError ? error : new MirrorError(`${manifestUrl} is not JSON`);
  }
  const entries = checkedEntries(body, manifestUrl);
  const targets = entries.map((entry) => localFile(root, entry.path));
  const state = readState(root);
  /** @type {Record<string, Known>} */
  const next = {};
  /** @type {MirrorResult} */
  const result = { fetched: [], kept: [], removed: [] };
  const saveState = (/** @type {Record<string, Known>} */ files) =>
    writeAtomically(resolve(root, STATE_FILE), `${JSON.stringify({ manifest: manifestUrl, files }, null, 2)}\n`);
  try {
    await fetchChanged(entries, targets, state, next, result);
  } catch (error) {
    // What was written stays known, so the next run does not fetch it again.
    saveState({ ...state, ...next });
    throw error;
  }
  // Only files this script wrote are ever removed: the state file says which.
  for (const path of Object.keys(state)) {
    if (path in next) continue;
    let file;
    try {
      file = localFile(root, path);
    } catch {
      continue;
    }
    rmSync(file, { force: true });
    result.removed.push(path);
  }
  saveState(next);
  return result;
}

/** Downloads the entries whose content the folder does not hold, recording each in `next` and `result`. */
/**
 * @param {Entry[]} entries
 * @param {string[]} targets the local file of each entry
 * @param {Record<string, Known>} state
 * @param {Record<string, Known>} next
 * @param {MirrorResult} result
 */
async function fetchChanged(entries, targets, state, next, result) {
  for (const [index, entry] of entries.entries()) {
    const file = /** @type {string} */ (targets[index]);
    const known = state[entry.path];
    // Same content (or the very same bytes) as the file the folder holds: nothing to fetch.
    if (holds(file, known) && (known.contentSha256 === entry.contentSha256 || known.sha256 === entry.sha256)) {
      next[entry.path] = known;
      result.kept.push(entry.path);
      continue;
    }
    const bytes = await download(entry.url);
    if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256) {
      throw new MirrorError(
        `${entry.url} does not match the manifest (${bytes.length} bytes, SHA-256 ${sha256(bytes)}): not written`,
      );
    }
    writeAtomically(file, bytes);
    next[entry.path] = { sha256: entry.sha256, contentSha256: entry.contentSha256 };
    result.fetched.push(entry.path);
  }
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
    if (!(error instanceof MirrorError)) throw error;
    console.error(`mirror: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
