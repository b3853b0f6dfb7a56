/** Longest summary before it is cut: a post's in lists and the API's, and a feed item's. */
const SUMMARY_LENGTH = 280;

/**
 * The opening of a text as one plain line: its first paragraph, cut at a word near 280
 * characters. The one summary rule, for a post's rendered text and a feed item's description.
 */
export function summarize(text: string): string {
  const first =
    text
      .split("\n\n")
      .find((block) => block.trim() !== "")
      ?.replace(/\s+/g, " ")
      .trim() ?? "";
  if (first.length <= SUMMARY_LENGTH) return first;
  const cut = first.slice(0, SUMMARY_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : SUMMARY_LENGTH).replace(/[\s,.;:]+$/, "")}…`;
}
