import { Type, type Static, type TProperties, type TSchema } from "@sinclair/typebox";
import { Errors } from "@sinclair/typebox/errors";

/*
 * Each part of GitHub's untrusted answers is checked against a TypeBox schema before it is read;
 * only own fields count (`__proto__` is data). A mismatch throws `WrongShape` naming the field
 * and the schema's `expected` words, never the value found.
 */

/** A JSON object as parsed: neither null nor an array. */
export type JsonObject = { readonly [key: string]: unknown };

/** Thrown by `readShape`; `where` is the dotted path of the field inside its answer part. */
export class WrongShape extends Error {
  constructor(where: string, expected: string) {
    super(`${where}: expected ${expected}`);
    this.name = "WrongShape";
  }
}

/** A repository's `owner/name` as GitHub spells names, and the words that say so. */
export const NAME_WITH_OWNER = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
export const NAME_WORDS = "owner/name of letters, digits, `.`, `_` or `-`";

// GitHub's DateTime scalar: ISO 8601 in UTC or with an offset.
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

export { isObject } from "../util/is-object.ts";

/** An own field of `object`; undefined when absent (inherited properties never count). */
export function field(object: JsonObject, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

// The pieces of answer schemas, each with the words its mismatch shows.
export const AnObject = <T extends TProperties>(properties: T) => Type.Object(properties, { expected: "an object" });
export const ListOf = <T extends TSchema>(item: T) => Type.Array(item, { expected: "a list" });
export const OrNull = <T extends TSchema>(schema: T, expected = "an object or null") =>
  Type.Union([schema, Type.Null()], { expected });
export const Text = Type.String({ expected: "a string" });
export const NullableText = OrNull(Type.String(), "a string or null");
export const Flag = Type.Boolean({ expected: "true or false" });
/** A whole number of GraphQL's Int, 0 or more (stars, pull request numbers): a sum of them stays finite. */
export const Count = Type.Integer({
  minimum: 0,
  maximum: 2 ** 31 - 1,
  expected: "a whole number from 0 to 2,147,483,647",
});
export const List = ListOf(Type.Unknown());
// A value of the right type that breaks a rule is described by the rule, any other by its type.
export const NameWithOwner = Type.Intersect([
  Text,
  Type.String({ pattern: NAME_WITH_OWNER.source, expected: NAME_WORDS }),
]);
/** A GitHub DateTime, or null; read as GitHub wrote it. */
export const NullableDateTime = Type.Intersect([
  NullableText,
  OrNull(Type.String({ pattern: DATE_TIME.source }), "an ISO 8601 date-time or null"),
]);

/** `value` typed by `schema`, or WrongShape for its first mismatch (`where` names the part). */
export function readShape<T extends TSchema>(schema: T, value: unknown, where: string): Static<T> {
  const error = Errors(schema, value).First();
  if (error === undefined) return value as Static<T>;
  const path = [where, ...error.path.split("/").slice(1)].filter(Boolean).join(".");
  const expected: unknown = error.schema.expected;
  throw new WrongShape(path || "(answer)", typeof expected === "string" ? expected : "a valid value");
}
