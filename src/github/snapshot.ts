import { existsSync } from "node:fs";
import { Type, type Static } from "@sinclair/typebox";
import { checkShape } from "../content/check-shape.ts";
import { readJson } from "../content/read-files.ts";

/** Last-known GitHub data, committed so that a build without network or token still has real figures. */
export const SnapshotFile = Type.Object(
  {
    fetched_at: Type.String({ format: "date-time", expected: "the time of the fetch, e.g. 2026-11-20T03:12:00Z" }),
    repositories: Type.Record(
      Type.String({ pattern: "^[^/]+/[^/]+$" }),
      Type.Object(
        {
          stars: Type.Integer({ minimum: 0 }),
          pushed_at: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
        },
        { additionalProperties: false },
      ),
    ),
    pulls: Type.Array(
      Type.Object(
        {
          repo: Type.String({ pattern: "^[^/]+/[^/]+$", expected: "owner/name" }),
          number: Type.Integer({ minimum: 0 }),
          title: Type.String(),
          state: Type.Union([Type.Literal("open"), Type.Literal("closed"), Type.Literal("merged")], { expected: "one of open, closed, merged" }),
          url: Type.String({ format: "uri" }),
          created: Type.Union([Type.String({ format: "date" }), Type.Null()]),
          repo_stars: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SnapshotFile = Static<typeof SnapshotFile>;

/** Reads the committed snapshot; null when the owner has none yet. */
export function readSnapshot(file: string): SnapshotFile | null {
  if (!existsSync(file)) return null;
  return checkShape(SnapshotFile, readJson(file), file);
}
