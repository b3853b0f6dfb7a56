/*
 * A small typed reader for GitHub's JSON answers, which are untrusted: every field is checked
 * for its type before use (no `as` casts), and only own fields are read, so a name such as
 * `__proto__` or `constructor` in an answer is plain data. A mismatch throws `WrongShape`
 * naming the field and what was expected, never the value found (it may be anything).
 */

/** A JSON object as parsed: neither null nor an array. */
export type JsonObject = { readonly [key: string]: unknown };

/** Thrown by the readers below; `where` is the dotted path of the field inside its answer part. */
export class WrongShape extends Error {
  readonly where: string;
  readonly expected: string;

  constructor(where: string, expected: string) {
    super(`${where}: expected ${expected}`);
    this.where = where;
    this.expected = expected;
    this.name = "WrongShape";
  }
}

/** A repository's `owner/name` as GitHub spells names: letters, digits, `.`, `_`, `-`. */
export const NAME_WITH_OWNER = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

// GitHub's DateTime scalar: ISO 8601 in UTC or with an offset.
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An own field of `object`; undefined when absent (inherited properties never count). */
export function field(object: JsonObject, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

const at = (where: string, name: string) => (where ? `${where}.${name}` : name);

export function readObject(value: unknown, where: string): JsonObject {
  if (!isObject(value)) throw new WrongShape(where || "(answer)", "an object");
  return value;
}

export function readObjectField(object: JsonObject, name: string, where: string): JsonObject {
  return readObject(field(object, name), at(where, name));
}

export function readString(object: JsonObject, name: string, where: string): string {
  const value = field(object, name);
  if (typeof value !== "string") throw new WrongShape(at(where, name), "a string");
  return value;
}

export function readNullableString(object: JsonObject, name: string, where: string): string | null {
  const value = field(object, name);
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw new WrongShape(at(where, name), "a string or null");
  return value;
}

/** A whole number of 0 or more (stars, pull request numbers). */
export function readCount(object: JsonObject, name: string, where: string): number {
  const value = field(object, name);
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    throw new WrongShape(at(where, name), "a whole number of 0 or more");
  return value;
}

export function readBoolean(object: JsonObject, name: string, where: string): boolean {
  const value = field(object, name);
  if (typeof value !== "boolean") throw new WrongShape(at(where, name), "true or false");
  return value;
}

export function readArray(object: JsonObject, name: string, where: string): readonly unknown[] {
  const value = field(object, name);
  if (!Array.isArray(value)) throw new WrongShape(at(where, name), "a list");
  return value;
}

export function readNameWithOwner(object: JsonObject, name: string, where: string): string {
  const value = readString(object, name, where);
  if (!NAME_WITH_OWNER.test(value))
    throw new WrongShape(at(where, name), "owner/name of letters, digits, `.`, `_` or `-`");
  return value;
}

/** A GitHub DateTime, or null; returned as GitHub wrote it. */
export function readNullableDateTime(object: JsonObject, name: string, where: string): string | null {
  const value = readNullableString(object, name, where);
  if (value !== null && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))))
    throw new WrongShape(at(where, name), "an ISO 8601 date-time or null");
  return value;
}
