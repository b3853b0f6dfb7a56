import { existsSync } from "node:fs";
import { Type, type Static } from "@sinclair/typebox";
import { checkShape } from "../content/check-shape.ts";
import { ProblemList } from "../content/content-error.ts";
import { displayPath, readJson } from "../content/read-files.ts";
import { findControlCharacter } from "../util/control-characters.ts";
import { expectedUrl } from "../util/safe-url.ts";
import { MAX_STRING_CHARACTERS } from "../content/content-limits.ts";
import { NAME_WITH_OWNER, NAME_WORDS } from "./answer-shape.ts";

/** Last-known GitHub data, committed so that a build without network or token still has real figures. */
export const SnapshotFile = Type.Object(
  {
    fetched_at: Type.String({ format: "date-time", expected: "the time of the fetch, e.g. 2026-11-20T03:12:00Z" }),
    repositories: Type.Record(
      Type.String({ pattern: NAME_WITH_OWNER.source }),
      Type.Object(
        {
          stars: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
          pushed_at: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
        },
        { additionalProperties: false },
      ),
      // The key pattern alone does not refuse keys that miss it (they are simply not checked).
      { propertyNames: { pattern: NAME_WITH_OWNER.source, expected: `a key of the form ${NAME_WORDS}` } },
    ),
    pulls: Type.Array(
      Type.Object(
        {
          repo: Type.String({ pattern: NAME_WITH_OWNER.source, expected: NAME_WORDS }),
          number: Type.Integer({ minimum: 0 }),
          title: Type.String({ maxLength: MAX_STRING_CHARACTERS }),
          state: Type.Union([Type.Literal("open"), Type.Literal("closed"), Type.Literal("merged")], {
            expected: "one of open, closed, merged",
          }),
          // checkShape holds every `format: "uri"` string to isSafeAbsoluteUrl (web).
          url: Type.String({ format: "uri", expected: expectedUrl("web") }),
          created: Type.Union([Type.String({ format: "date" }), Type.Null()]),
          repo_stars: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SnapshotFile = Static<typeof SnapshotFile>;

/**
 * Reads the committed snapshot; null when there is none. A mistake in it (a hand edit: a title
 * with control characters, a key that is no GitHub name) is a content error naming the field.
 */
export function readSnapshot(file: string, root?: string): SnapshotFile | null {
  if (!existsSync(file)) return null;
  const raw: unknown = readJson(file, root);
  const problems = new ProblemList();
  const snapshot = problems.collect(() => checkShape(SnapshotFile, raw, file), null);
  snapshot?.pulls.forEach((pull, index) => {
    const control = findControlCharacter(pull.title);
    if (control) {
      const expected = `a title without control characters (found ${control.codePoint} at character ${control.index + 1})`;
      problems.add({ file: displayPath(file), field: `pulls[${index}].title`, expected });
    }
  });
  problems.throwIfAny();
  return snapshot;
}
