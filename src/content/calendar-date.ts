/*
 * The one rule for every date in content: a real day (not 2025-02-29), a real time (no 24:00, no
 * leap second), an offset some place uses (-12:00 to +14:00), a year from 1970 to 9999. Parsers
 * differ on each (luxon reads T24:00 as the next day), so this decides before any parser reads it.
 */

/** Years a date may carry: RFC 3339's four digits, nothing before the build clock's epoch. */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 9999;

/**
 * What a field holds: a day (`2026-03-10`); a day, a month or a year as JSON Resume allows
 * (`2026-03`, `2026`); or a day with an optional time and offset, as a post's date.
 */
export type DateForm = "date" | "partial date" | "date or date-time";

// Syntax is the schemas' to check (RFC 3339 lets `t` and `z` be lowercase); this reads the parts.
const WRITTEN =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|([+-])(\d{2}):?(\d{2}))?)?)?)?$/i;

/** Days in a month of a year of the Gregorian calendar: day 0 of the next month is its last. */
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Why `text` is not a date of this form under the rule above, in words; null when it is one. */
export function calendarDateProblem(text: string, form: DateForm): string | null {
  const parts = WRITTEN.exec(text);
  const [, year, month, day, hour, minute, second, sign, offsetHours, offsetMinutes] = parts ?? [];
  const written = (value: string | undefined): boolean => value !== undefined;
  const shapeFits =
    parts !== null &&
    (form === "partial date" ? !written(hour) : form === "date" ? written(day) && !written(hour) : written(day));
  if (!shapeFits) return "a real calendar date such as 2026-03-10";
  const y = Number(year);
  if (y < FIRST_YEAR || y > LAST_YEAR) return `a year from ${FIRST_YEAR} to ${LAST_YEAR}`;
  const m = Number(month ?? 1);
  if (m < 1 || m > 12 || Number(day ?? 1) < 1 || Number(day ?? 1) > daysIn(y, m))
    return "a real calendar date such as 2026-03-10";
  if (Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59)
    return "a real time of day, from 00:00:00 to 23:59:59";
  if (sign !== undefined) {
    const offset = (sign === "-" ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
    if (Number(offsetMinutes) > 59 || offset < -12 * 60 || offset > 14 * 60) return "an offset from -12:00 to +14:00";
  }
  return null;
}
