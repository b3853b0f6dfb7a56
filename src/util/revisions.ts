import { DateTime } from "luxon";

/*
 * Under `npm start`, a build's revision of a value: a number that stays while the value is the
 * same as the last build's of its name, and is never given again once it changes, so two equal
 * revisions mean equal values. What a page reads, as revisions, is the key by which it is kept
 * unrendered (src/eleventy/paginated-output.ts).
 */

const kept = new Map<string, { value: unknown; revision: number }>();
const known = new WeakMap<object, number>();
let counter = 0;

/**
 * Whether two values are the same: plain data deeply, a luxon DateTime by instant, zone and
 * locale. Not node:util's isDeepStrictEqual: a DateTime fills caches of its own when formatted,
 * so a date a page showed never equals the same date read again.
 */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (DateTime.isDateTime(a)) return DateTime.isDateTime(b) && a.equals(b);
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !same(value, b.get(key))) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  // An object of any other class is taken as changed: its fields may not say all it holds.
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(y, key) || !same(x[key], y[key])) return false;
    count += 1;
  }
  return count === Object.keys(y).length;
}

/**
 * The revision of `value`, this build's object for `name`, compared as `compared` (the value
 * itself, or what of it the outputs read): found once per object.
 */
export function revisionOf(name: string, value: object, compared: unknown = value): number {
  let revision = known.get(value);
  if (revision !== undefined) return revision;
  const last = kept.get(name);
  revision = last && same(last.value, compared) ? last.revision : ++counter;
  kept.set(name, { value: compared, revision });
  known.set(value, revision);
  return revision;
}
