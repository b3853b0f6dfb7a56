import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { ContentError } from "./content-error.ts";

/** How a content file is named in error messages: relative to the working directory. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith("..") ? file : rel;
}

/** Reads a UTF-8 text file, failing with a content error when it is missing. */
export function readText(file: string): string {
  if (!existsSync(file)) {
    throw new ContentError([{ file: displayPath(file), field: "(file)", expected: "this file to exist" }]);
  }
  return readFileSync(file, "utf8");
}

/**
 * Parses YAML text; a syntax error becomes a content error naming the line. js-yaml, not the
 * `yaml` package: front matter of thousands of posts parses about five times faster.
 */
export function parseYamlText(text: string, file: string): unknown {
  try {
    // The core schema keeps dates as strings, so `2026-11-02` stays a date string, not a Date.
    // An empty document is null, as an empty front matter block should read.
    return loadYaml(text, { schema: CORE_SCHEMA }) ?? null;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ContentError([{ file: displayPath(file), field: "(file)", expected: `valid YAML (${reason})` }]);
  }
}

/** Reads and parses a YAML file. */
export function readYaml(file: string): unknown {
  return parseYamlText(readText(file), file);
}

/** Reads and parses a JSON file. */
export function readJson(file: string): unknown {
  const text = readText(file);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContentError([{ file: displayPath(file), field: "(file)", expected: `valid JSON (${reason})` }]);
  }
}

export interface FrontMatterDocument {
  data: unknown;
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits a Markdown file into its YAML front matter and its body. */
export function readFrontMatter(file: string): FrontMatterDocument {
  const text = readText(file).replace(/^\uFEFF/, "");
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    throw new ContentError([
      { file: displayPath(file), field: "(front matter)", expected: "a YAML front matter block between two `---` lines at the top" },
    ]);
  }
  return { data: parseYamlText(match[1] ?? "", file), body: text.slice(match[0].length) };
}

/** Lists the files of a folder with a given extension, sorted so builds are deterministic. */
export function listFiles(dir: string, extension: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => join(dir, name));
}
