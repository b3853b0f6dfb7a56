import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import type { ContentProblem } from "../content/content-error.ts";
import { byText } from "../util/order.ts";
import { hasSecrets, secretsIn } from "../util/redact.ts";
import type { WrittenFiles } from "../util/written-files.ts";

/*
 * The last line of defence against publishing a secret: every file the build wrote is searched
 * for every secret the process registered, disguised or not (util/redact.ts). It catches what
 * redaction is not asked to look at, such as a token the owner wrote into content/. A found
 * secret fails the build, naming the file and the setting (`GITHUB_TOKEN`), never the value.
 */

/**
 * Every file of the build that carries a registered secret, as one problem each: `written` as
 * Eleventy wrote it (by absolute path), `made` (assets, social images) read from disk. With no
 * secret registered (a build without a token) nothing is read at all.
 */
export function checkSecrets(
  outputDir: string,
  written: WrittenFiles,
  made: ReadonlySet<string> = new Set(),
): ContentProblem[] {
  if (!hasSecrets()) return [];
  const found = new Map<string, string[]>();
  const scan = (file: string, text: string): void => {
    const sources = secretsIn(text);
    if (sources.length > 0) found.set(file, sources);
  };
  for (const [file, content] of written) scan(file, content.toString());
  const unreadable: string[] = [];
  for (const file of made) {
    if (written.has(file)) continue;
    const text = readText(file);
    if (typeof text === "string") scan(file, text);
    else if (text.unreadable) unreadable.push(file);
  }
  const problem = (file: string, expected: string): ContentProblem => ({
    file: relative(outputDir, file).split(sep).join("/"),
    field: "(built file)",
    expected,
  });
  const unchecked = "a file this check can read, so that it can be searched for secrets";
  return [...found.entries()]
    .map(([file, sources]) =>
      problem(
        file,
        `no secret, but it carries the value of ${sources.join(" and ")} (not shown): remove it from content/ or the GitHub snapshot`,
      ),
    )
    .sort((a, b) => byText(a.file, b.file))
    .concat(unreadable.map((file) => problem(file, unchecked)));
}

/**
 * A built file's text. Binary files are searched too, since a secret is text wherever it sits
 * (a JPEG's comment, a PNG's text chunk): as Latin-1, one character per byte, which keeps an
 * ASCII secret intact and is about ten times faster than decoding bytes that are not UTF-8 (the
 * social images would take most of the check's time). A file that is gone was removed by a
 * build step and is not published; one that is there but cannot be read cannot be vouched for.
 */
function readText(file: string): string | { unreadable: boolean } {
  try {
    const bytes = readFileSync(file);
    return bytes.toString(isUtf8(bytes) ? "utf8" : "latin1");
  } catch (error) {
    return { unreadable: (error as NodeJS.ErrnoException).code !== "ENOENT" };
  }
}
