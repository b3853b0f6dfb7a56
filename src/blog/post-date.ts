import { DateTime } from "luxon";
import { calendarDateProblem, FIRST_YEAR, LAST_YEAR } from "../content/calendar-date.ts";

/** A front-matter date read in the site's zone, or what would have been accepted instead. */
export type PostDate = { date: DateTime; problem?: undefined } | { date?: undefined; problem: string };

// A time written without a zone: the only form whose instant depends on the site's zone rules.
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

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
  // The written year passed above; in the site's zone an offset may move it out (9999-12-31T23:00-05:00).
  if (date.year < FIRST_YEAR || date.year > LAST_YEAR) return { problem: `a year from ${FIRST_YEAR} to ${LAST_YEAR}` };
  if (!LOCAL_TIME.test(normalized)) return { date };

  // The written wall-clock time: luxon moves a local time the zone skips (clocks going forward)
  // past the gap, and gives a time it passes twice (clocks going back) both of its offsets.
  const wall = DateTime.fromISO(normalized, { zone: "utc" }).toMillis();
  const [earlier, later] = [date.minus({ days: 1 }), date.plus({ days: 1 })].map((day) => day.toFormat("ZZ"));
  if (date.setZone("utc", { keepLocalTime: true }).toMillis() !== wall)
    return {
      problem: `a local time that exists in ${zone}: clocks skip it that night (they go forward); write another time, or the offset you mean (${earlier} or ${later})`,
    };
  if (date.getPossibleOffsets().length > 1)
    return {
      problem: `an unambiguous time: in ${zone} this local time happens twice that night (clocks go back); add the offset you mean, ${earlier} for the first or ${later} for the second`,
    };
  return { date };
}

/** ISO 8601 with the site zone's offset and whole seconds: `2026-03-10T00:00:00+01:00`. */
export function isoInZone(date: DateTime): string {
  return date.toISO({ suppressMilliseconds: true, includeOffset: true }) ?? "";
}
