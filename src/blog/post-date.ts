import { DateTime, Info } from "luxon";
import { calendarDateProblem, FIRST_YEAR, LAST_YEAR } from "../content/calendar-date.ts";

/** A front-matter date read in the site's zone, or what would have been accepted instead. */
export type PostDate = { date: DateTime; problem?: undefined } | { date?: undefined; problem: string };

// A time written without a zone: the only form whose instant depends on the site's zone rules.
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DAY_MS = 86_400_000;

/**
 * Reads a front-matter date; one without a zone in the site's zone (never the build machine's).
 * A local time the zone skips or passes twice (clocks going forward or back) is refused rather
 * than guessed: the owner adds an offset. A date alone means the day, so it never is.
 */
export function readPostDate(text: string, zone: string): PostDate {
  const normalized = text.trim().replace(" ", "T");
  // The content's one date rule first (calendar-date.ts): luxon would read T24:00 as the next day.
  const refused = calendarDateProblem(normalized, "date or date-time");
  if (refused !== null) return { problem: refused };
  const parsed = DateTime.fromISO(normalized, { zone });
  if (!parsed.isValid) return { problem: "a real calendar date such as 2026-03-10" };
  const date = parsed.setZone(zone);
  const written = Number(normalized.slice(0, 4));
  if ([written, date.year].some((year) => year < FIRST_YEAR || year > LAST_YEAR)) {
    return { problem: `a year from ${FIRST_YEAR} to ${LAST_YEAR}` };
  }
  if (!LOCAL_TIME.test(normalized)) return { date };

  // The written wall-clock time read as if it were UTC; an offset is valid for it when the zone
  // really has that offset at the instant it gives. Offsets a day either side cover the change.
  const wall = DateTime.fromISO(normalized, { zone: "utc" }).toMillis();
  // normalizeZone, not IANAZone: site.yaml may also name a fixed offset such as UTC+3.
  const rules = Info.normalizeZone(zone);
  const before = rules.offset(wall - DAY_MS);
  const after = rules.offset(wall + DAY_MS);
  const valid = [...new Set([before, after])].filter((offset) => rules.offset(wall - offset * 60_000) === offset);
  // `+01:00`: each offset as the zone states it a day before and a day after.
  const [beforeText, afterText] = [wall - DAY_MS, wall + DAY_MS].map((at) => rules.formatOffset(at, "short"));
  if (valid.length === 0) {
    return {
      problem: `a local time that exists in ${zone}: clocks skip it that night (they go forward); write another time, or the offset you mean (${beforeText} or ${afterText})`,
    };
  }
  if (valid.length > 1) {
    return {
      problem: `an unambiguous time: in ${zone} this local time happens twice that night (clocks go back); add the offset you mean, ${beforeText} for the first or ${afterText} for the second`,
    };
  }
  return { date };
}

/** ISO 8601 with the site zone's offset and whole seconds: `2026-03-10T00:00:00+01:00`. */
export function isoInZone(date: DateTime): string {
  return date.toISO({ suppressMilliseconds: true, includeOffset: true }) ?? "";
}
