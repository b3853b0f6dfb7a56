import { createHash } from "node:crypto";
import { readCacheFile } from "./build-cache.ts";

/*
 * A build-cache file that holds one JSON value after a line with the SHA-256 of that JSON:
 * `{64 hex digits}\n{json}`. The line is what makes a damaged file (empty, cut short, edited by
 * hand) known as such instead of misread. Used by the kinds that keep one file of many small
 * entries (highlighted code, the manifests' content digests).
 */

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
  const read = readCacheFile(file);
  if (read === undefined || typeof read === "string") return read;
  const text = read.toString("utf8");
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
