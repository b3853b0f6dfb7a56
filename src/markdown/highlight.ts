import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
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
import { buildCacheDir } from "../util/build-cache.ts";
import { writeFileAtomically } from "../util/write-atomically.ts";

// Only the common languages are registered (the core build), which keeps start-up small; a
// block in any other language is shown plain, escaped by markdown-it.
const languages = { bash, c, cpp, go, ini, javascript, json, kotlin, lua, python, rust, sql, typescript, xml, yaml };
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);
const ALIASES = { bash: ["sh", "shell", "console"], ini: ["toml"] };
for (const [languageName, aliases] of Object.entries(ALIASES)) hljs.registerAliases(aliases, { languageName });

/** markdown-it's `highlight` hook: highlighted HTML, or "" to let markdown-it escape the code as is. */
export function highlightCode(code: string, language: string): string {
  const name = language.trim().toLowerCase();
  if (!name || !hljs.getLanguage(name)) return "";
  const blocks = highlightedBlocks();
  const key = createHash("sha256").update(name).update("\0").update(code).digest("base64url").slice(0, 24);
  let html = blocks.used.get(key) ?? blocks.known.get(key);
  if (html === undefined) {
    html = hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
    blocks.changed = true;
  }
  blocks.used.set(key, html);
  return html;
}

/*
 * Highlighted blocks are kept in the build cache between builds, by language and code: a
 * rebuild highlights only new or edited blocks (highlight.js compiles each language's grammar on
 * first use and then scans every block; both were most of a small site's Markdown time). The
 * file holds the blocks of the last build only, so it never outgrows the site.
 */
interface HighlightedBlocks {
  file: string | undefined;
  /** Blocks found in the cache file. */
  known: Map<string, string>;
  /** Blocks this build used. */
  used: Map<string, string>;
  changed: boolean;
}

let cache: HighlightedBlocks | undefined;

function highlightedBlocks(): HighlightedBlocks {
  if (cache) return cache;
  const dir = buildCacheDir("highlight");
  // Another highlight.js, or other languages registered here, make every block new.
  const setup = createHash("sha256").update(JSON.stringify([hljs.versionString, hljs.listLanguages().sort(), ALIASES])).digest("hex").slice(0, 16);
  const file = dir ? join(dir, `blocks-${setup}.json`) : undefined;
  let known = new Map<string, string>();
  if (file && existsSync(file)) {
    try {
      known = new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>));
    } catch {
      // A damaged cache file is only a slower build: every block is highlighted again.
    }
  }
  cache = { file, known, used: new Map(), changed: false };
  return cache;
}

/** Keeps this build's blocks for the next one; called once the build is done. */
export function saveHighlightedBlocks(): void {
  const blocks = cache;
  cache = undefined;
  if (!blocks?.file || (!blocks.changed && blocks.used.size === blocks.known.size)) return;
  writeFileAtomically(blocks.file, JSON.stringify(Object.fromEntries(blocks.used)));
}
