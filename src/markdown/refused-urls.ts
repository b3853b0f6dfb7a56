import { withoutControlCharacters } from "../util/control-characters.ts";

/** A link or image URL that isSafeLink refused, found on a line of a Markdown body (0-based). */
export interface RefusedUrl {
  line: number;
  kind: "link" | "image" | "autolink" | "linked URL";
  url: string;
}

/**
 * Something wrong with a rendered document, shaped like a content problem without its file:
 * the renderer knows no files (it sits below the content layer), so its callers, which read
 * the file, add it and report the problem with their others.
 */
export interface RenderProblem {
  /** Where in the document (`line 8, link`, or `body line 3, link` when the file's line is not known). */
  field: string;
  expected: string;
  /** For a refused URL, only the scheme, never the whole URL (it may be a script). */
  actual?: string;
}

const EXPECTED = "a relative link, an http(s) URL with a host (and no user name), or a mailto: address";

/**
 * One refused URL as a problem, on `firstLine + url.line` of its file when the caller told where
 * the body starts (1-based), else on its line of the body.
 */
export function refusedUrlProblem(url: RefusedUrl, firstLine: number | undefined): RenderProblem {
  const line = firstLine === undefined ? `body line ${url.line + 1}` : `line ${firstLine + url.line}`;
  return { field: `${line}, ${url.kind}`, expected: EXPECTED, actual: schemeOf(url.url) };
}

/** One refused URL of a line of inline Markdown (a /now item), which has no lines to name. */
export function refusedInlineUrlProblem(url: RefusedUrl): RenderProblem {
  return { field: url.kind, expected: EXPECTED, actual: schemeOf(url.url) };
}

/** The scheme as written (`javascript:`), or what stands in its place (`//…` for protocol-relative). */
export function schemeOf(url: string): string {
  const trimmed = url.trim();
  if (trimmed.startsWith("//")) return "//…";
  const scheme = /^([^:/?#]*):/.exec(trimmed)?.[1];
  if (scheme === undefined) return "(no scheme)";
  return `${withoutControlCharacters(scheme).slice(0, 40)}:`;
}
