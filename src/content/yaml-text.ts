import { CORE_SCHEMA, type LoadOptions, load as loadYaml, type Mark, type State, YAMLException } from "js-yaml";
import { findControlCharacter } from "../util/control-characters.ts";
import { ContentError, type ContentProblem } from "./content-error.ts";
import { MAX_YAML_CHARACTERS, MAX_YAML_DEPTH, overStringLimit } from "./content-limits.ts";

// YAML text as content (read-files.ts reads the file): parsed, and every value checked.

/** What is wrong with one string or key of YAML, in words: control characters, a lone surrogate. */
function textFaults(text: string, what: "text" | "a key"): string[] {
  const faults: string[] = [];
  const control = findControlCharacter(text);
  if (control)
    faults.push(
      what === "text"
        ? `text without control characters (found ${control.codePoint} at character ${control.index + 1})`
        : `a key without control characters (found ${control.codePoint})`,
    );
  // In a `u` pattern a pair is one code point: only a lone half (YAML's "\uD800") is a surrogate.
  const lone = text.search(/\p{Surrogate}/u);
  if (lone !== -1) {
    const code = text.charCodeAt(lone).toString(16).toUpperCase();
    faults.push(
      `${what} without a lone surrogate (found U+${code} at character ${lone + 1}, half of a character: write the character itself)`,
    );
  }
  return faults;
}

/**
 * What is wrong with parsed YAML's values, by dotted field: a string or key with a control
 * character or a lone surrogate, or over MAX_STRING_CHARACTERS; a document over
 * MAX_YAML_CHARACTERS with its aliases expanded (each aliased string counted each time); and any
 * alias of a list or map ("billion laughs": nine nested lines of ten make a billion values).
 */
function valueProblems(value: unknown, where: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const add = (field: string, expected: string) => problems.push({ file: where, field, expected });
  const seen = new Set<object>();
  // What is wrong with each text, by text: an alias repeats a string, whose text is read once.
  const faults = { text: new Map<string, string[]>(), "a key": new Map<string, string[]>() };
  let characters = 0;
  const checkText = (text: string, field: string, what: "text" | "a key"): void => {
    characters += text.length;
    const long = overStringLimit(text, what === "text" ? "a string" : "a key");
    if (long) {
      add(field, long);
      return;
    }
    // Past the document's limit (reported below), nothing more is read.
    if (characters > MAX_YAML_CHARACTERS) return;
    let found = faults[what].get(text);
    if (found === undefined) {
      found = textFaults(text, what);
      faults[what].set(text, found);
    }
    for (const expected of found) add(field, expected);
  };
  const visit = (node: unknown, field: string): void => {
    if (node !== null && typeof node === "object") {
      if (seen.has(node)) {
        add(field || "(top level)", "a value written out, not a YAML alias (*name) of a list or map");
        return;
      }
      seen.add(node);
    }
    if (typeof node === "string") checkText(node, field || "(top level)", "text");
    else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, `${field}[${index}]`);
    } else if (node !== null && typeof node === "object") {
      for (const [key, item] of Object.entries(node)) {
        const child = field === "" ? key : `${field}.${key}`;
        checkText(key, child, "a key");
        visit(item, child);
      }
    }
  };
  visit(value, "");
  if (characters > MAX_YAML_CHARACTERS) {
    const [most, found] = [MAX_YAML_CHARACTERS, characters].map((count) => count.toLocaleString("en"));
    const expected = `YAML of at most ${most} characters once its aliases (*name) are expanded (this one has ${found})`;
    problems.unshift({ file: where, field: "(file)", expected });
  }
  // An alias repeats its value's problem wherever it is used: a hundred thousand aliases would
  // be a hundred thousand lines. The first ones say what to fix.
  if (problems.length <= MAX_LISTED_PROBLEMS) return problems;
  const more = (problems.length - MAX_LISTED_PROBLEMS).toLocaleString("en");
  problems.splice(MAX_LISTED_PROBLEMS);
  add("(file)", `no more problems (${more} more like the ones above are not listed)`);
  return problems;
}

/** Most problems the values of one YAML document list; the rest are counted. */
const MAX_LISTED_PROBLEMS = 100;

/**
 * Refuses a list or map as a key, which js-yaml turns into text no message could name ("a,b",
 * "[object Object]"): a node just after an explicit `?`, or a flow collection or alias `:` follows.
 */
function refuseCollectionKeys(): (event: "open" | "close", state: State) => void {
  const explicitKeys: (Mark | null)[] = [];
  return (event, { input, position: at, line, lineStart, kind, result }) => {
    const mark = (): Mark => ({ line, column: at - lineStart }) as Mark;
    if (event === "open")
      return void explicitKeys.push(input[at - 1] === "?" && /^\s?$/.test(input[at - 2] ?? "") ? mark() : null);
    const explicit = explicitKeys.pop();
    if (result === null || typeof result !== "object") return;
    const flow = kind === null || input[at - 1] === "]" || input[at - 1] === "}";
    if (explicit || (flow && Object.assign(/[ \t]*:/y, { lastIndex: at }).test(input)))
      throw new YAMLException("a list or map used as a key", explicit ?? mark());
  };
}

// The core schema keeps dates as strings, so `2026-11-02` stays a date string, not a Date.
// maxDepth is js-yaml 4.3's (its default, stated as ours); @types/js-yaml does not know it yet.
const YAML_OPTIONS: LoadOptions & { maxDepth: number } = { schema: CORE_SCHEMA, maxDepth: MAX_YAML_DEPTH };

/**
 * Parses YAML text that starts on line `firstLine` of the file messages name `where`: a syntax
 * error names the line and column, a bad value its field. js-yaml, not `yaml`: it parses front
 * matter five times faster.
 */
export function parseYamlText(text: string, where: string, firstLine = 1): unknown {
  let data: unknown;
  try {
    // An empty document is null, as an empty front matter block should read.
    data = loadYaml(text, { ...YAML_OPTIONS, listener: refuseCollectionKeys() }) ?? null;
  } catch (error) {
    const mark = error instanceof YAMLException ? error.mark : undefined;
    const reason = mark
      ? `${(error as YAMLException).reason} at line ${firstLine + mark.line}, column ${mark.column + 1}`
      : error instanceof Error
        ? error.message.split("\n")[0]
        : String(error);
    // The mistake owners make most: a text value holding `: ` unquoted (`title: Rust: a tour`).
    const hint = String(reason).includes("mapping entry") ? '; a value holding ": " needs quotes' : "";
    throw new ContentError([{ file: where, field: "(file)", expected: `valid YAML (${reason}${hint})` }]);
  }
  const problems = valueProblems(data, where);
  if (problems.length > 0) throw new ContentError(problems);
  return data;
}
