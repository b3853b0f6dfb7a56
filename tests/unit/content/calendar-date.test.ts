import { test } from "uvu";
import * as assert from "uvu/assert";
import { calendarDateProblem, type DateForm } from "../../../src/content/calendar-date.ts";

/*
 * The content's one date rule: a real day, a real time of day, an offset some place uses, a
 * year from 1970 to 9999. Every date field of every content file goes through it.
 */

const ACCEPTED: [string, DateForm][] = [
  ["2024-02-29", "date"],
  ["2000-02-29", "partial date"],
  ["2026-04-30", "date"],
  ["2019", "partial date"],
  ["2019-04", "partial date"],
  ["1970-01-01", "date or date-time"],
  ["9999-12-31", "date or date-time"],
  ["2026-03-10 09:30", "date or date-time"],
  ["2026-03-10T23:59:59.999+14:00", "date or date-time"],
  ["2026-03-10T00:00:00-12:00", "date or date-time"],
  ["2026-03-10T09:30+0100", "date or date-time"],
];

const REFUSED: [string, DateForm, string][] = [
  ["2025-02-29", "date", "a real calendar date such as 2026-03-10"],
  ["1900-02-29", "date", "a year from 1970 to 9999"],
  ["2025-02-30", "partial date", "a real calendar date such as 2026-03-10"],
  ["2026-04-31", "date or date-time", "a real calendar date such as 2026-03-10"],
  ["2026-13", "partial date", "a real calendar date such as 2026-03-10"],
  ["2026-00-10", "date", "a real calendar date such as 2026-03-10"],
  ["2026-03-00", "date", "a real calendar date such as 2026-03-10"],
  ["1969-12-31", "date", "a year from 1970 to 9999"],
  ["2026-03-10T24:00", "date or date-time", "a real time of day, from 00:00:00 to 23:59:59"],
  ["2026-03-10T10:60", "date or date-time", "a real time of day, from 00:00:00 to 23:59:59"],
  ["2026-03-10T23:59:60Z", "date or date-time", "a real time of day, from 00:00:00 to 23:59:59"],
  ["2026-03-10T10:00+25:00", "date or date-time", "an offset from -12:00 to +14:00"],
  ["2026-03-10T10:00-12:30", "date or date-time", "an offset from -12:00 to +14:00"],
  ["2026-03-10T10:00+01:75", "date or date-time", "an offset from -12:00 to +14:00"],
  ["2026-03", "date", "a real calendar date such as 2026-03-10"],
  ["2026-03-10T10:00", "date", "a real calendar date such as 2026-03-10"],
  ["2026-03-10T10:00", "partial date", "a real calendar date such as 2026-03-10"],
  ["March 3rd", "date or date-time", "a real calendar date such as 2026-03-10"],
];

for (const [text, form] of ACCEPTED) {
  test(`should accept ${text} as a ${form}`, () => {
    assert.is(calendarDateProblem(text, form), null);
  });
}

for (const [text, form, expected] of REFUSED) {
  test(`should refuse ${text} as a ${form}, expecting ${expected}`, () => {
    assert.is(calendarDateProblem(text, form), expected);
  });
}

test.run();
