import { DateTime } from "luxon";

/**
 * Reads a front-matter date. A date alone, or a time without a zone, is read in the site's
 * time zone (never the build machine's), so `2026-03-10` is the 10th wherever the build runs.
 * Returns null when the text is not a real date (e.g. 2026-02-30).
 */
export function readPostDate(text: string, zone: string): DateTime | null {
  const normalized = text.trim().replace(" ", "T");
  const parsed = DateTime.fromISO(normalized, { zone, setZone: false });
  return parsed.isValid ? parsed.setZone(zone) : null;
}

/** ISO 8601 with the site zone's offset and whole seconds: `2026-03-10T00:00:00+01:00`. */
export function isoInZone(date: DateTime): string {
  return date.toISO({ suppressMilliseconds: true, includeOffset: true }) ?? "";
}
