import { createHash } from "node:crypto";
import { join } from "node:path";
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
import { escapeHtml } from "../util/html.ts";
import { escapeControlCharacters } from "../util/terminal-text.ts";
import { faust, gdscript, shell, zig } from "./grammars.ts";
import { buildCacheDir, contentKey, keepEntry, pruneEntries, readEntry, warnCacheOnce } from "../util/build-cache.ts";

// The common languages only (the core build: a small start-up), and our own grammars for those
// highlight.js lacks; a block in any other language is shown plain, with a warning.
const ownGrammars = { bash: shell, faust, gdscript, zig };
const shipped = { c, cpp, go, ini, javascript, json, kotlin, lua, python, rust, sql, typescript, xml, yaml };
const languages = { ...shipped, ...ownGrammars };
const ALIASES = { bash: ["sh", "shell", "console"], ini: ["toml"] };
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);
for (const [languageName, aliases] of Object.entries(ALIASES)) hljs.registerAliases(aliases, { languageName });

/** markdown-it's `highlight` hook: highlighted HTML, or "" to let markdown-it escape the code as is. */
export function highlightCode(code: string, language: string): string {
  const name = language.trim().toLowerCase();
  // Asked first: a block from the cache is used only for a language this build highlights. A
  // line over 1,000 characters is generated code, shown plain: highlight.js reads a long token in
  // quadratic time (40,000 characters of one identifier: 4.3 s).
  if (!hljs.getLanguage(name) || code.split("\n").some((line) => line.length > 1000)) return "";
  const blocks = highlightedBlocks();
  const key = createHash("sha256").update(name).update("\0").update(code).digest("base64url").slice(0, 24);
  let html = blocks.used.get(key);
  if (html === undefined) {
    const known = blocks.known.get(key);
    if (known !== undefined && isHighlightOf(known, code)) html = known;
    else {
      if (known !== undefined && blocks.dir) {
        blocks.known.clear();
        warnCacheOnce(
          join(blocks.dir, blocks.key),
          (name) =>
            `The highlighted-code cache ${name} holds a block that is not its code highlighted: it is discarded and the code is highlighted afresh.`,
        );
      }
      html = hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
      blocks.changed = true;
    }
  }
  blocks.used.set(key, html);
  return html;
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

const SPAN_TAG = /<span class="[A-Za-z0-9 _-]+">|<\/span>/g;

/**
 * True when `html` is `code` escaped as highlight.js escapes it, with nothing added but
 * `<span class="…">` and `</span>`: the only HTML highlighting makes. The cache is an input like
 * any other, so a block read from it is published only when it passes this check (a checksum
 * would catch damage, not a file written with intent).
 */
export function isHighlightOf(html: string, code: string): boolean {
  // highlight.js escapes as escapeHtml does, but writes `'` as `&#x27;`.
  return html.replace(SPAN_TAG, "") === escapeHtml(code).replaceAll("&#39;", "&#x27;");
}

/*
 * Highlighted blocks are kept between builds, by language and code, in one entry keyed by
 * highlight.js's version and our languages, holding the last build's blocks only. An entry that
 * does not check, or holds a block that is not its code highlighted, is discarded whole (said
 * once): the output is a build's without a cache, only slower.
 */
interface HighlightedBlocks {
  dir: string | undefined;
  key: string;
  /** Blocks found in the cache. */
  known: Map<string, string>;
  /** Blocks this build used. */
  used: Map<string, string>;
  changed: boolean;
}

let cache: HighlightedBlocks | undefined;

function highlightedBlocks(): HighlightedBlocks {
  if (cache) return cache;
  const dir = buildCacheDir("highlight");
  // Our grammars' source too: a change to one must not leave blocks highlighted by the old one.
  const key = contentKey(
    "highlight",
    hljs.versionString,
    Object.keys(languages).sort(),
    ALIASES,
    Object.values(ownGrammars).map(String),
  );
  const known = readEntry(dir, key, (bytes) => {
    const blocks = Object.entries(JSON.parse(bytes.toString("utf8")) as Record<string, unknown>);
    return blocks.every(([, html]) => typeof html === "string") ? new Map(blocks as [string, string][]) : undefined;
  });
  cache = { dir, key, known: known ?? new Map(), used: new Map(), changed: false };
  return cache;
}

/** Keeps this build's blocks for the next one; called once the build is done. */
export function saveHighlightedBlocks(): void {
  const blocks = cache;
  cache = undefined;
  if (!blocks?.dir || (!blocks.changed && blocks.used.size === blocks.known.size)) return;
  keepEntry(blocks.dir, blocks.key, JSON.stringify(Object.fromEntries(blocks.used)));
  pruneEntries(blocks.dir, 4);
}
