import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { imageSize } from "image-size";
import { existingPart } from "./fs-fault.ts";
import { escapeControlCharacters } from "./terminal-text.ts";

/*
 * The one cache mechanism, which every kind keeps what it derives through. The cache is an input
 * like any other: its rules are docs/robustness.md's "The build cache", each stated again below.
 */

/** Above any entry a build keeps (an image rendition is made from a source of at most 64 MiB). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;
const KEY = /^[0-9a-f]{64}$/;

let root: string | undefined;
/** Each folder's verdict: its path, or undefined when it cannot be used. */
const verdicts = new Map<string, string | undefined>();

/**
 * `npm start`'s entries as read in its last build and in this one, by file: a preview rebuilding
 * on every edit reads each once, not once a build (1,000 posts: about 0.2 s an edit). Only
 * bytes that matched their digest; an entry neither build read is let go. With the bytes, the
 * value a decoder made of them, handed again to the same decoder: a decoder is a module's
 * constant when its values are never changed by those who read them.
 */
type Read = { bytes: Buffer; decode?: unknown; decoded?: unknown };
let reads: { now: Map<string, Read>; last: Map<string, Read> } | undefined;

/** Starts a build that keeps what it reads for the next (`npm start`; see `reads`), or that keeps nothing. */
export function keepReadsForNextBuild(on = true): void {
  reads = on ? { now: new Map(), last: reads?.now ?? new Map() } : undefined;
}

/** Whether this build keeps what it reads for the next (`npm start`). */
export const keepsReads = (): boolean => reads !== undefined;

/** Sets the build cache's folder (FOLIO_CACHE_DIR); undefined, as in unit tests, keeps nothing. */
export function useBuildCache(dir: string | undefined): void {
  root = dir;
  verdicts.clear();
}

/** A kind's folder of the build cache (`og`); undefined when there is no cache or it cannot be used. */
export function buildCacheDir(name: string): string | undefined {
  return root === undefined ? undefined : cacheFolder(resolve(root, name), root);
}

/** `dir`, created if need be, when it can hold entries; else undefined, said once. `top`: the folder set. */
export function cacheFolder(dir: string, top: string = dir): string | undefined {
  const path = resolve(dir);
  if (!verdicts.has(path)) {
    const problem = folderProblem(path, resolve(top));
    if (problem) {
      const line = `The build cache ${shown(problem.path)} ${problem.reason}: it is ignored and this build computes everything afresh.`;
      warnOnce(problem.topic ?? problem.path, line);
    }
    verdicts.set(path, problem ? undefined : path);
  }
  return verdicts.get(path);
}

/** The key of a value made from `inputs`, its maker's version among them (JSON values; bytes by digest). */
export function contentKey(...inputs: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex");
}

const digestOf = (key: string, value: Uint8Array): string =>
  createHash("sha256").update(key).update("\0").update(value).digest("hex");

/**
 * The value kept under `key` in `dir` as `decode` makes it (undefined, or a throw, for a value
 * its kind refuses); undefined when none checks: such an entry is said (one line per folder) and
 * removed. Reading it marks it used.
 */
export function readEntry<T = Buffer>(
  dir: string | undefined,
  key: string,
  decode: (value: Buffer) => T | undefined = (value) => value as T,
): T | undefined {
  if (dir === undefined) return undefined;
  const file = entryFile(dir, key);
  const kept = reads?.now.get(file) ?? reads?.last.get(file);
  if (kept && kept.decode === decode) {
    reads?.now.set(file, kept);
    return kept.decoded as T;
  }
  const read = kept?.bytes ?? readCacheFile(file);
  if (read === undefined) return undefined;
  let why = typeof read === "string" ? read : "does not match its digest";
  const value = Buffer.isBuffer(read) ? read.subarray(65) : undefined;
  if (value && (kept || (read[64] === 0x0a && read.toString("latin1", 0, 64) === digestOf(key, value)))) {
    why = "holds a value its kind refuses";
    try {
      const decoded = decode(value);
      if (decoded !== undefined) {
        reads?.now.set(file, { bytes: read as Buffer, decode, decoded });
        return decoded;
      }
    } catch {}
  }
  forgetRead(file);
  const line = `The build cache entry ${shown(file)} ${why}: it is made again, as is any other of its folder that does not check.`;
  warnOnce(`${resolve(dir)}\0entries`, line);
  remove(file);
  return undefined;
}

/**
 * Keeps `value` under `key` in `dir`: written under a temporary name beside the entry, then
 * renamed over whatever stood there. A write that fails (a full disk) is one line per folder.
 */
export function keepEntry(dir: string | undefined, key: string, value: string | Uint8Array): void {
  if (!dir) return;
  const bytes = typeof value === "string" ? Buffer.from(value) : value;
  const file = entryFile(dir, key);
  forgetRead(file);
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(partial, Buffer.concat([Buffer.from(`${digestOf(key, bytes)}\n`), bytes]), { flag: "wx" });
    try {
      fs.renameSync(partial, file);
    } catch {
      remove(file); // A folder: renaming onto one fails.
      fs.renameSync(partial, file);
    }
  } catch (error) {
    remove(partial);
    const why = `cannot be written (${codeOf(error)}): this build goes on without keeping its entries there`;
    warnOnce(dir, `The build cache ${shown(dir)} ${why}, and the next build computes them again.`);
  }
}

/** Keeps the `keep` entries of `dir` used last: each changed input is a new key, so a kind would only grow. */
export function pruneEntries(dir: string | undefined, keep: number): void {
  let names: string[] = [];
  try {
    names = dir ? fs.readdirSync(dir).filter((name) => KEY.test(name)) : [];
  } catch {}
  if (!dir || names.length <= keep) return;
  const usedAt = (name: string) => fs.lstatSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const used = names.map((name) => ({ name, at: usedAt(name) }));
  used.sort((a, b) => b.at - a.at || a.name.localeCompare(b.name));
  for (const { name } of used.slice(keep)) remove(join(dir, name));
}

/** The check of an image kind's entries: the bytes when they begin as an image of this type (image-size's name) and exact size. */
export function imageOf(type: string, width: number, height: number): (bytes: Buffer) => Buffer | undefined {
  return (bytes) => {
    const found = imageSize(bytes);
    return found.type === type && found.width === width && found.height === height ? bytes : undefined;
  };
}

function forgetRead(file: string): void {
  reads?.now.delete(file);
  reads?.last.delete(file);
}

function entryFile(dir: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`not a cache key: ${key}`);
  return join(dir, key);
}

/** Removes an entry, or whatever stands in its place; one that cannot be removed never checks either. */
function remove(file: string): void {
  try {
    fs.rmSync(file, { recursive: true, force: true });
  } catch {}
}

/**
 * The bytes of `file`, undefined when there is none, or why not: no regular file, larger than
 * MAX_ENTRY_BYTES, unreadable. Opened without following a link or waiting for a FIFO's writer,
 * checked by what was opened, and dated now (never a link's target) so that pruning keeps it.
 */
function readCacheFile(file: string): Buffer | undefined | string {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    const stats = fs.fstatSync(fd);
    if (!stats.isFile()) return "is not a regular file";
    if (stats.size > MAX_ENTRY_BYTES) return `is larger than ${MAX_ENTRY_BYTES / 1024 / 1024} MiB`;
    const bytes = fs.readFileSync(fd);
    try {
      fs.futimesSync(fd, new Date(), new Date());
    } catch {} // Read-only: pruning is all that is at stake.
    return bytes;
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    return code === "ELOOP" ? "is not a regular file" : `cannot be read (${code})`;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Why a cache folder cannot be used: the path to name, the reason, and what the line is said once for (the path by default). */
interface FolderProblem {
  path: string;
  reason: string;
  topic?: string;
}

/**
 * Why `path` cannot hold entries, or null; creates it and its missing parents one at a time, so
 * that a failure carries its own code: Node's recursive mkdir says ENOENT on a read-only file
 * system. A folder made meanwhile by another build is fine.
 */
function folderProblem(path: string, top: string): FolderProblem | null {
  const missing: string[] = [];
  let at = path;
  for (; !fs.existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  if (!fs.statSync(at).isDirectory()) return { path: at, reason: "is a file, not a folder" };
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder);
    } catch (error) {
      const code = codeOf(error);
      if (code === "EROFS") return readOnly(path, top);
      // Said once for the folder set, not once a kind: /proc/self can hold none of their folders.
      const what = fs.existsSync(top) ? "cannot hold its folders" : "cannot be created";
      if (code !== "EEXIST") return { path: top, reason: `${what} (${code})` };
    }
  }
  try {
    fs.accessSync(path, fs.constants.R_OK | fs.constants.W_OK);
    return null;
  } catch (error) {
    return codeOf(error) === "EROFS" ? readOnly(path, top) : { path, reason: `cannot be written (${codeOf(error)})` };
  }
}

/** A read-only file system, said once for all its folders, naming the configured `top` when it lies on it. */
function readOnly(path: string, top: string): FolderProblem {
  const [here, configured] = [existingPart(path), existingPart(top)];
  const device = fs.statSync(here).dev;
  let mountPoint = here;
  while (dirname(mountPoint) !== mountPoint && fs.statSync(dirname(mountPoint)).dev === device)
    mountPoint = dirname(mountPoint);
  const named = fs.statSync(configured).dev === device ? configured : here;
  return { path: named, reason: "is on a read-only file system (EROFS)", topic: `read-only ${mountPoint}` };
}

/** The topics said in this process: `.cache` being a file is said once. */
const warned = new Set<string>();

function warnOnce(topic: string, line: string): void {
  if (!warned.has(topic)) console.warn(`[folio] ${line}`);
  warned.add(topic);
}

/** A path as said: relative to the working folder when inside it, quoted, without control characters. */
function shown(path: string): string {
  const inside = relative(process.cwd(), path);
  return escapeControlCharacters(JSON.stringify(inside && !inside.startsWith("..") ? inside : path));
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? String(error);
}
