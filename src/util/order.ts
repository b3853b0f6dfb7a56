/**
 * Comparators for stable, machine-independent orders. No locale-aware comparison: its
 * results may differ between machines, and builds must be byte-identical.
 */

/** Case-insensitive text order with a case-sensitive tie-break, so `Alpha` < `beta` < `Beta`... deterministically. */
export function byText(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Newest first for ISO date or date-time strings; missing dates last. */
export const newestFirst = newest((a, b) => (a < b ? 1 : -1));

/** Newest first for ISO date-times that may carry different offsets: compared as instants. */
export const newestInstantFirst = newest((a, b) => Date.parse(b) - Date.parse(a));

function newest(compare: (a: string, b: string) => number): (a: string | null, b: string | null) => number {
  return (a, b) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : compare(a, b));
}
