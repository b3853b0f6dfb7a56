import { readFileSync } from "node:fs";
import type { ContentProblem } from "../content/content-error.ts";
import { displayPath } from "../content/read-files.ts";
import { withoutControlCharacters } from "../util/control-characters.ts";

/** A link or image URL that isSafeLink refused, found on a line of a Markdown body (0-based). */
export interface RefusedUrl {
  line: number;
  kind: "link" | "image" | "autolink" | "linked URL";
  url: string;
}

const EXPECTED = "a relative link, an http(s) URL with a host (and no user name), or a mailto: address";

/**
 * The content errors for a document's refused URLs, naming the file's own line numbers. The
 * body's place in its file is known only to the reader that split off the front matter; it is
 * looked up here, on this error path only, so a sound build never reads a file twice.
 */
export function refusedUrlProblems(refused: readonly RefusedUrl[], source: string, file: string | undefined): ContentProblem[] {
  const firstLine = file === undefined ? undefined : bodyLineInFile(file, source);
  const where = file === undefined ? "(Markdown)" : displayPath(file);
  return refused.map((url) => {
    const line = firstLine === undefined ? `body line ${url.line + 1}` : `line ${firstLine + url.line}`;
    return refusedUrlProblem(url, where, `${line}, ${url.kind}`);
  });
}

/** One refused URL as a content error; only its scheme is shown, never the whole URL (it may be a script). */
export function refusedUrlProblem(url: RefusedUrl, file: string, field: string): ContentProblem {
  return { file, field, expected: EXPECTED, actual: schemeOf(url.url) };
}

/** The scheme as written (`javascript:`), or what stands in its place (`//…` for protocol-relative). */
export function schemeOf(url: string): string {
  const trimmed = url.trim();
  if (trimmed.startsWith("//")) return "//…";
  const scheme = /^([^:/?#]*):/.exec(trimmed)?.[1];
  if (scheme === undefined) return "(no scheme)";
  const shown = withoutControlCharacters(scheme).slice(0, 40);
  return `${shown}:`;
}

/** The 1-based line of `file` on which `body` starts, or undefined when it cannot be found. */
function bodyLineInFile(file: string, body: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  } catch {
    return undefined;
  }
  // The body is the end of the file (trimmed, perhaps): its last occurrence is where it starts.
  const start = body === "" ? -1 : text.lastIndexOf(body);
  if (start < 0) return undefined;
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < start; index = text.indexOf("\n", index + 1)) line += 1;
  return line;
}
