import slugify from "@sindresorhus/slugify";
import { withoutHiddenCharacters } from "../util/redact.ts";
import type { ContentProblem } from "./content-error.ts";

// A few dozen names spread over thousands of files: each one is slugified once per process.
const slugs = new Map<string, string>();

/** The URL slug of a name (a tag); empty when the name has no letters or digits. */
export function slugOf(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) {
    slug = slugify(name);
    slugs.set(name, slug);
  }
  return slug;
}

/** One place a name is written: the file, the field that holds it, the name as written. */
export interface NameUse {
  where: string;
  field: string;
  name: string;
}

/** What the names are, for the message: `tag` and `every post`. */
export interface SpellingRule {
  /** What one name is: `tag`, `language`. */
  thing: string;
  /** Where the owner must write it the same way: `every post`. */
  across: string;
  /** The key two spellings of one name share; `slugOf` (the default) when names become URLs. */
  keyOf?: (name: string) => string;
  /** Most names (keys) there may be; the use that brings the first past it is the problem. */
  most?: number;
}

interface Spelling {
  /** In the order met; a set, since one tag is used by thousands of posts. */
  files: Set<string>;
  /** Where the spelling first appears in its first file. */
  field: string;
}

/**
 * Two spellings of one name (`ZIG` and `zig`) are an error naming both and the files using each,
 * not merged: the owner decides. Names without a key (no letters or digits) are the caller's.
 * One with a character that prints as nothing (`ru\u200bst`) is refused: it printed as another.
 */
export function spellingProblems(uses: Iterable<NameUse>, rule: SpellingRule): ContentProblem[] {
  const keyOf = rule.keyOf ?? slugOf;
  const byKey = new Map<string, Map<string, Spelling>>();
  let past: NameUse | undefined;
  const problems: ContentProblem[] = [];
  for (const use of uses) {
    const visible = withoutHiddenCharacters(use.name);
    if (visible !== use.name) {
      let at = 0;
      while (visible[at] === use.name[at]) at += 1;
      const code = `U+${use.name.charCodeAt(at).toString(16).toUpperCase().padStart(4, "0")}`;
      const expected = `a ${rule.thing} without characters that print as nothing (found ${code} at character ${at + 1})`;
      problems.push({ file: use.where, field: use.field, expected, actual: use.name });
      continue;
    }
    const key = keyOf(use.name);
    if (!key) continue;
    const spellings = byKey.get(key) ?? new Map<string, Spelling>();
    if (byKey.set(key, spellings).size === (rule.most ?? Infinity) + 1) past ??= use;
    const spelling = spellings.get(use.name);
    if (!spelling) spellings.set(use.name, { files: new Set([use.where]), field: use.field });
    else spelling.files.add(use.where);
  }
  const over = `at most ${rule.most?.toLocaleString("en")} different ${rule.thing}s, counting ${rule.across} (there are ${byKey.size.toLocaleString("en")}; this is the first past the limit)`;
  if (past) problems.push({ file: past.where, field: past.field, expected: over, actual: past.name });
  for (const [key, spellings] of byKey) {
    const [first, ...others] = [...spellings];
    if (!first) continue;
    for (const [name, use] of others) {
      // Spellings that look alike are told apart in words: "é" may be one character or two.
      const why =
        name.toLowerCase() === first[0].toLowerCase()
          ? "differ only in case"
          : name.normalize() === first[0].normalize()
            ? "look alike but differ in how an accented letter is encoded (one character or a letter and its accent)"
            : `both become the ${rule.thing} "${key}"`;
      const expected = `one spelling per ${rule.thing}: "${first[0]}" (${fileList(first[1].files)}) and "${name}" (${fileList(use.files)}) ${why}; write it the same way in ${rule.across}`;
      problems.push({ file: use.files.values().next().value ?? "", field: use.field, expected, actual: name });
    }
  }
  return problems;
}

/** Up to three files, then how many more. */
function fileList(files: ReadonlySet<string>): string {
  const shown = [...files].slice(0, 3).join(", ");
  return files.size > 3 ? `${shown} and ${files.size - 3} more` : shown;
}
