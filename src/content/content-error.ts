import { redact } from "../util/redact.ts";
import { StacklessError } from "../util/stackless-error.ts";

/*
 * Characters a message shows escaped (`\u000a`): C0 (a file named `a\n[11ty] Wrote 0 files.md`
 * would fake a line of the build's own), DEL and C1 (terminal sequences), the line and paragraph
 * separators, the bidi controls that reorder the rest of the line ("Trojan Source"), and what
 * prints as nothing (U+200B, the bidi marks, the BOM); not the joiners, text in 👩‍💻 and in Persian.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** `text` (a file name, a field, a value) as a message may print it: see UNPRINTABLE above. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
}

/** One thing wrong with authored content: where it is, and what was expected there. */
export interface ContentProblem {
  /** Path of the file, relative to the project root where possible. */
  file: string;
  /** Dotted path of the field inside the file (`award.medal`), or `(file)` for the file as a whole. */
  field: string;
  /** What would have been accepted, in words. */
  expected: string;
  /** What was found, when showing it helps. */
  actual?: unknown;
}

/**
 * The one error type for content mistakes: every problem, one per line, and no stack trace,
 * which would point at our loader, not at the owner's file.
 */
export class ContentError extends StacklessError {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(formatProblems(problems));
    this.problems = problems;
  }
}

/**
 * Most problems a message lists, and characters of a line: 54,000 problems quoting 10,000
 * characters each made a message past V8's longest string (a RangeError and its stack trace).
 */
const LISTED = { problems: 1_000, characters: 2_000 };

function formatProblems(problems: readonly ContentProblem[]): string {
  // Each line once: an image two posts show is one problem, found by both.
  const lines = problems.map((p) => {
    // JSON has no NaN or Infinity (YAML's `.nan`, `.inf`): shown as they are, not as `null`.
    const found =
      p.actual === undefined
        ? ""
        : `, found ${JSON.stringify(p.actual, (_, v) => (typeof v === "number" && !Number.isFinite(v) ? `${v}` : v))}`;
    // A URL's password, or a token pasted into the wrong variable, must not reach a CI log; and
    // each problem is one line, whatever its file name, field or value hold.
    return printable(redact(`${p.file}: ${p.field}: expected ${p.expected}${found}`));
  });
  const unique = [...new Set(lines)];
  const listed = unique.slice(0, LISTED.problems).map((line) => {
    if (line.length <= LISTED.characters) return line;
    const end = LISTED.characters - (/[\ud800-\udbff]/.test(line[LISTED.characters - 2] ?? "") ? 2 : 1);
    return `${line.slice(0, end)}…`;
  });
  const more = unique.length - listed.length;
  if (more > 0) listed.push(`… and ${more.toLocaleString("en")} more problems, not listed`);
  // A token or URL set in the environment is no content of the owner's files.
  const what = problems.every((p) => p.field === "(environment)") ? "Invalid setting" : "Invalid content";
  const head = unique.length === 1 ? what : `${what} (${unique.length} problems)`;
  return `${head}:\n  ${listed.join("\n  ")}`;
}

/** Collects problems from many files so the owner sees them all in one build. */
export class ProblemList {
  readonly items: ContentProblem[] = [];

  add(problem: ContentProblem): void {
    this.items.push(problem);
  }

  /** Runs one read; a content error is collected and `fallback` returned, so later reads still run. */
  collect<T>(read: () => T, fallback: T): T {
    try {
      return read();
    } catch (error) {
      return this.collected(error, fallback);
    }
  }

  /** The same for an asynchronous read. */
  async collectAsync<T>(read: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await read();
    } catch (error) {
      return this.collected(error, fallback);
    }
  }

  private collected<T>(error: unknown, fallback: T): T {
    if (!(error instanceof ContentError)) throw error;
    for (const problem of error.problems) this.items.push(problem);
    return fallback;
  }

  /** Throws one ContentError carrying everything collected, if anything was. */
  throwIfAny(): void {
    if (this.items.length > 0) throw new ContentError(this.items);
  }
}
