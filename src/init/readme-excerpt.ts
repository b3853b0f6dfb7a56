import { withoutControlCharacters } from "../util/control-characters.ts";

/** Most paragraphs, and characters, taken from a README. */
const MAX_PARAGRAPHS = 2;
const MAX_CHARACTERS = 1500;

/**
 * The README's first paragraphs of prose, as a writeup ("" if none). Every link or image becomes
 * its text: relative to the repository or of any scheme, it would fail the site's link checks.
 */
export function firstParagraphs(readme: string): string {
  const paragraphs = withoutControlCharacters(readme.replace(/\r\n?/g, "\n"))
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== "" && !/^(#|<|!\[|\[!\[|```|~~~|[-*+] |\d+\. |\||>|=|---)/.test(block))
    .map((block) =>
      block
        .replace(/!\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
        .replace(/\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
        .replace(/\[([^[\]]*)\]\[[^[\]]*\]/g, "$1")
        .replace(/<[^<>\n]*>/g, "")
        .replace(/(?<![ \t])[ \t]+\n/g, "\n")
        .trim(),
    )
    .filter((block) => /[\p{L}\p{N}]/u.test(block));
  const kept: string[] = [];
  let length = 0;
  for (const paragraph of paragraphs.slice(0, MAX_PARAGRAPHS)) {
    if (kept.length > 0 && length + paragraph.length > MAX_CHARACTERS) break;
    kept.push(paragraph.slice(0, MAX_CHARACTERS));
    length += paragraph.length;
  }
  return kept.length > 0 ? `${kept.join("\n\n")}\n` : "";
}
