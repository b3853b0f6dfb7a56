import { createHash } from "node:crypto";
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { folderProblem, keepInBuildCache, warnUnusableCache } from "../util/build-cache.ts";
import { field, isObject, type JsonObject } from "./answer-shape.ts";

/*
 * GitHub's complete answers, kept between builds under GITHUB_CACHE_DIR so that rebuilds and
 * `npm start` do not ask again. The folder is an input like any other (docs/robustness.md):
 * each entry is one file, `{key}.json`, holding `{ key, savedAt, digest, data }`, and is used
 * only if it is a regular file that parses, names the key asked for, is younger than the
 * duration and not from the future, and carries the digest of its own key, time and data.
 * Anything else is treated as missing: the request is sent again and its answer replaces the
 * entry. A folder that cannot be used is one warning line (shared with the build cache, so a
 * `.cache` that is a file is said once) and the build goes on without a cache.
 */

/** Units of GITHUB_CACHE_DURATION, in the notation eleventy-fetch used before us (`1d`, `6h`, `0s`). */
const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};

/**
 * How long a cached answer is reused, in milliseconds: `{n}{s|m|h|d|w|y}`, or `*` for ever;
 * null for any other text.
 */
export function parseCacheDuration(notation: string): number | null {
  if (notation === "*") return Number.POSITIVE_INFINITY;
  const match = /^(\d{1,9})([smhdwy])$/.exec(notation);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : null;
}

/** The cached answer for `key`, or undefined when there is none that checks out. */
export function readCachedAnswer(dir: string, key: string, maxAgeMs: number, now: number): JsonObject | undefined {
  if (maxAgeMs <= 0 || !usable(dir)) return undefined;
  const file = entryFile(dir, key);
  let entry: unknown;
  try {
    // A folder, a link or a device where the entry belongs is not an entry.
    if (!lstatSync(file).isFile()) return undefined;
    entry = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  if (!isObject(entry) || field(entry, "key") !== key) return undefined;
  const savedAt = field(entry, "savedAt");
  const data = field(entry, "data");
  if (typeof savedAt !== "number" || !Number.isSafeInteger(savedAt) || !isObject(data)) return undefined;
  const age = now - savedAt;
  if (age < 0 || age >= maxAgeMs) return undefined;
  return field(entry, "digest") === digestOf(key, savedAt, data) ? data : undefined;
}

/**
 * Keeps a complete, already redacted answer for `key`. A write that fails costs only the next
 * build's time: one warning, never a failed build (`keepInBuildCache`).
 */
export function keepAnswer(dir: string, key: string, data: JsonObject, now: number): void {
  if (!usable(dir)) return;
  const entry = { key, savedAt: now, digest: digestOf(key, now, data), data };
  keepInBuildCache(entryFile(dir, key), `${JSON.stringify(entry)}\n`);
}

/** Cache keys are ours (`github-graphql-{hex}`), never text from outside, so they name files safely. */
function entryFile(dir: string, key: string): string {
  return join(dir, `${key}.json`);
}

/** Whether `dir` can hold entries; says once per folder why not. */
function usable(dir: string): boolean {
  const problem = folderProblem(dir);
  if (problem) warnUnusableCache(problem.path, problem.reason);
  return problem === null;
}

/**
 * What an entry's digest must be. Over canonical JSON (sorted keys), so it does not depend on
 * the order in which a parse happens to list an object's fields.
 */
function digestOf(key: string, savedAt: number, data: JsonObject): string {
  return createHash("sha256")
    .update(key)
    .update("\0")
    .update(String(savedAt))
    .update("\0")
    .update(canonicalJson(data))
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((name) => `${JSON.stringify(name)}:${canonicalJson(field(value, name))}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
