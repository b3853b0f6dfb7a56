import hljs from "highlight.js/lib/core";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import go from "highlight.js/lib/languages/go";
import ini from "highlight.js/lib/languages/ini";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import kotlin from "highlight.js/lib/languages/kotlin";
import lua from "highlight.js/lib/languages/lua";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { escapeControlCharacters } from "../util/terminal-text.ts";
import { faust, gdscript, shell, zig } from "./grammars.ts";

// The common languages only (the core build: a small start-up), and our own grammars for those
// highlight.js lacks; a block in any other language is shown plain, with a warning.
const shipped = { c, cpp, go, ini, javascript, json, kotlin, lua, python, rust, sql, typescript, xml, yaml };
const languages = { ...shipped, bash: shell, faust, gdscript, zig };
const ALIASES = { bash: ["sh", "shell", "console"], ini: ["toml"] };
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);
for (const [languageName, aliases] of Object.entries(ALIASES)) hljs.registerAliases(aliases, { languageName });

/**
 * markdown-it's `highlight` hook: highlighted HTML, or "" to let markdown-it escape the code as is.
 * Not cached on its own: a document's render, code included, is (cached-render.ts).
 */
export function highlightCode(code: string, language: string): string {
  const name = language.trim().toLowerCase();
  // A line over 1,000 characters is generated code, shown plain: highlight.js reads a long token
  // in quadratic time (40,000 characters of one identifier: 4.3 s).
  if (!hljs.getLanguage(name) || code.split("\n").some((line) => line.length > 1000)) return "";
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
}

/**
 * Says once for each language of a document's code blocks that nothing here highlights (its
 * blocks are shown plain), naming the file: the renderer knows no files, its callers do.
 */
export function warnUnknownLanguages(file: string, languages: readonly (string | null)[]): void {
  const unknown = new Set(languages.filter((name) => name !== null && !hljs.getLanguage(name)));
  for (const name of unknown)
    console.warn(`[highlight] ${file}: no grammar for code in "${escapeControlCharacters(name ?? "")}": shown plain`);
}
