import { cacheFolder, keepEntry, readEntry } from "../util/build-cache.ts";
import { field, isObject, type JsonObject } from "./answer-shape.ts";

/*
 * GitHub's complete answers, kept between builds under GITHUB_CACHE_DIR so that rebuilds and
 * `npm start` do not ask again: entries of the one cache mechanism (src/util/build-cache.ts,
 * checked by their digest), each holding `{ savedAt, data }`. An answer is used only while it is
 * younger than the duration and not from the future; anything else is treated as missing: the
 * request is sent again and its answer replaces the entry. A folder that cannot be used is one
 * warning line and the build goes on without a cache.
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

/** The cached answer for `key` (a `contentKey` without the token), or undefined when there is none that checks out. */
export function readCachedAnswer(dir: string, key: string, maxAgeMs: number, now: number): JsonObject | undefined {
  if (maxAgeMs <= 0) return undefined;
  const entry = readEntry(cacheFolder(dir), key, (bytes) => {
    const value: unknown = JSON.parse(bytes.toString("utf8"));
    const [savedAt, data] = isObject(value) ? [field(value, "savedAt"), field(value, "data")] : [];
    return Number.isSafeInteger(savedAt) && isObject(data) ? { savedAt: savedAt as number, data } : undefined;
  });
  const age = entry ? now - entry.savedAt : -1;
  return age >= 0 && age < maxAgeMs ? entry?.data : undefined;
}

/** Keeps a complete, already redacted answer for `key`; a write that fails is one warning, never a failed build. */
export function keepAnswer(dir: string, key: string, data: JsonObject, now: number): void {
  keepEntry(cacheFolder(dir), key, `${JSON.stringify({ savedAt: now, data })}\n`);
}
