import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";

/*
 * A build-cache file that holds one JSON value after a line with the SHA-256 of that JSON:
 * `{64 hex digits}\n{json}`. The line is what makes a damaged file (empty, cut short, edited by
 * hand) known as such instead of misread. Used by the kinds that keep one file of many small
 * entries (highlighted code, the manifests' content digests).
 */

/**
 * Twenty times the largest such file a 4,000-post site keeps (3.3 MiB of highlighted code): a
 * bigger one is refused unread, where reading a planted 1 GiB file took 4 s and its memory.
 */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** The text to write for `value`. */
export function checksummed(value: unknown): string {
  const json = JSON.stringify(value);
  return `${sha256(json)}\n${json}`;
}

/**
 * The JSON value kept in `file`; undefined when there is no file; why it cannot be used when it
 * is not a regular file, cannot be read, does not match its checksum or is not JSON.
 */
export function readChecksummed(file: string): { value: unknown } | undefined | string {
  let text: string;
  let fd: number | undefined;
  try {
    // Not through a symbolic link (ELOOP), and without waiting for a FIFO's writer: what was
    // opened is then checked, so nothing can be swapped in between.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile()) return "is not a regular file";
    if (stats.size > MAX_FILE_BYTES) return `is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`;
    text = readFileSync(fd, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return "is not a regular file";
    return code === "ENOENT" ? undefined : `cannot be read (${code ?? String(error)})`;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const newline = text.indexOf("\n");
  const json = text.slice(newline + 1);
  if (newline !== 64 || sha256(json) !== text.slice(0, newline))
    return "does not match its checksum (empty, cut short or edited)";
  try {
    return { value: JSON.parse(json) as unknown };
  } catch {
    return "is not JSON";
  }
}
