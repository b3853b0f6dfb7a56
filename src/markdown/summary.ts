/** Longest summary before it is cut: a post's in lists and the API's, and a feed item's. */
const SUMMARY_LENGTH = 280;

/**
 * The opening of a text as one plain line: its first paragraph, cut at a word near 280
 * characters. The one summary rule, for a post's rendered text and a feed item's description.
 * Read word by word only as far as the summary goes: a description may be 60 MB of one paragraph.
 */
export function summarize(text: string): string {
  const words = /(\n\n)|\S+/g;
  words.lastIndex = Math.max(text.search(/\S/), 0);
  let first = "";
  for (let word = words.exec(text); word && !word[1] && first.length <= SUMMARY_LENGTH; word = words.exec(text))
    first += first ? ` ${word[0]}` : word[0];
  if (first.length <= SUMMARY_LENGTH) return first;
  const cut = first.slice(0, SUMMARY_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : SUMMARY_LENGTH).replace(/[\s,.;:]+$/, "")}…`;
}
