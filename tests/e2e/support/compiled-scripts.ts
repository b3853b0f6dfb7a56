import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { codeCacheFileOf, readCodeCache } from "../../../src/util/code-cache.mjs";

/*
 * The compiled scripts as the build checks them (src/eleventy/compiled-site.mjs,
 * compiled-eleventy.mjs, src/checks/standalone-validators.ts), for tests that damage or check
 * their code caches (src/util/code-cache.mjs).
 */

/** The script a code cache entry is kept for: its name without `.{v8}-{arch}.code`. */
export function scriptOfCodeCache(file: string): string {
  return file.slice(0, file.length - codeCacheFileOf("").length);
}

/**
 * The digest the build hands the code cache for `script`: a validator set's first line, compiled
 * Eleventy's last line's digest, or the compiled module's digest as its manifest records it.
 */
export function codeDigestOf(script: string): string {
  const bytes = readFileSync(script);
  if (script.includes("/validators/")) return bytes.toString("utf8", 0, bytes.indexOf("\n"));
  const last = /\n\/\/ folio-digest ([0-9a-f]{64})\n$/.exec(bytes.toString("latin1", Math.max(0, bytes.length - 100)));
  if (last) return last[1] ?? "";
  return createHash("sha256").update(bytes).digest("hex").slice(0, 20);
}

/** Whether the code cache beside `script` holds an entry that checks for it. */
export function codeCacheChecks(script: string): boolean {
  return readCodeCache(codeCacheFileOf(script), codeDigestOf(script)) !== undefined;
}
