import * as assert from "uvu/assert";
import { ContentError, type ContentProblem } from "../../../src/content/content-error.ts";

/** Runs `act` and returns the problems of the ContentError it must throw. */
export async function contentProblems(act: () => unknown): Promise<readonly ContentProblem[]> {
  try {
    await act();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  assert.unreachable("expected a ContentError");
  return [];
}

/** The one problem about `field`, failing with the whole list when there is not exactly one. */
export function problemAt(problems: readonly ContentProblem[], field: string): ContentProblem {
  const found = problems.filter((p) => p.field === field);
  assert.is(found.length, 1, `expected one problem at ${field}, got ${JSON.stringify(problems)}`);
  return found[0] as ContentProblem;
}
