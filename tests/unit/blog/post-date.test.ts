import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DateTime } from "luxon";
import { isoInZone, readPostDate } from "../../../src/blog/post-date.ts";

const SITE_ZONE = "Europe/Berlin";

/** The date read, failing with the problem when the text was refused. */
function dateOf(text: string, zone = SITE_ZONE): DateTime {
  const read = readPostDate(text, zone);
  if (!read.date) throw new Error(`${text} was refused: ${read.problem}`);
  return read.date;
}

/** The problem `text` is refused with, failing when it was accepted. */
function problemOf(text: string, zone = SITE_ZONE): string {
  const read = readPostDate(text, zone);
  if (read.problem === undefined) throw new Error(`${text} was accepted as ${read.date.toISO() ?? ""}`);
  return read.problem;
}

/** Runs `act` with the process time zone set to `zone`, restoring the previous one afterwards. */
function inProcessZone<T>(zone: string, act: () => T): T {
  const previous = process.env.TZ;
  process.env.TZ = zone;
  try {
    return act();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}

for (const zone of ["Pacific/Kiritimati", "America/Los_Angeles", "UTC"]) {
  test(`should read a date without time as midnight in the site zone when the process zone is ${zone}`, () => {
    const date = inProcessZone(zone, () => dateOf("2026-03-10"));

    assert.is(isoInZone(date), "2026-03-10T00:00:00+01:00");
  });
}

test("should read a date in summer time with the site zone's summer offset", () => {
  const date = dateOf("2026-07-15");

  assert.is(isoInZone(date), "2026-07-15T00:00:00+02:00");
});

test("should read a date and time without a zone in the site zone", () => {
  const date = inProcessZone("America/Los_Angeles", () => dateOf("2026-03-10T09:30"));

  assert.is(isoInZone(date), "2026-03-10T09:30:00+01:00");
});

test("should keep the instant of a date-time that carries its own offset", () => {
  const date = dateOf("2026-03-10T09:30:00-05:00");

  assert.is(date.toMillis(), Date.parse("2026-03-10T14:30:00Z"));
  assert.is(isoInZone(date), "2026-03-10T15:30:00+01:00");
});

test("should keep the instant of a date-time in UTC", () => {
  const date = dateOf("2026-03-17T08:30:00Z");

  assert.is(date.toMillis(), Date.parse("2026-03-17T08:30:00Z"));
});

test("should refuse a date that is not on the calendar", () => {
  const problem = problemOf("2026-02-30");

  assert.match(problem, /real calendar date/);
});

test("should refuse 24:00, which luxon would read as the next day's midnight", () => {
  assert.match(problemOf("2026-03-10T24:00"), /a real time of day/);
});

test("should refuse an offset no place uses, which luxon would read as one", () => {
  assert.match(problemOf("2026-03-10T10:00+25:00"), /an offset from -12:00 to \+14:00/);
});

test("should refuse a date written in words", () => {
  const problem = problemOf("March 3rd");

  assert.match(problem, /real calendar date/);
});

test("should refuse a local time inside the spring-forward gap, saying the clocks skip it", () => {
  const problem = problemOf("2026-03-29T02:30");

  assert.match(problem, /exists in Europe\/Berlin/);
  assert.match(problem, /skip/);
  assert.match(problem, /\+01:00 or \+02:00/);
});

test("should refuse a local time inside the fall-back overlap, saying it happens twice", () => {
  const problem = problemOf("2026-10-25T02:30:00");

  assert.match(problem, /unambiguous/);
  assert.match(problem, /happens twice/);
  assert.match(problem, /\+02:00 for the first or \+01:00 for the second/);
});

test("should accept a time in the gap or the overlap when it carries an offset", () => {
  const first = dateOf("2026-10-25T02:30+02:00");
  const second = dateOf("2026-10-25T02:30+01:00");
  const gap = dateOf("2026-03-29T02:30+01:00");

  assert.is(first.toMillis(), Date.parse("2026-10-25T00:30:00Z"));
  assert.is(second.toMillis(), Date.parse("2026-10-25T01:30:00Z"));
  assert.is(isoInZone(gap), "2026-03-29T03:30:00+02:00");
});

test("should accept the local times just outside the gap and the overlap", () => {
  const times = ["2026-03-29T01:59", "2026-03-29T03:00", "2026-10-25T01:59", "2026-10-25T03:00"].map((text) =>
    isoInZone(dateOf(text)),
  );

  assert.equal(times, [
    "2026-03-29T01:59:00+01:00",
    "2026-03-29T03:00:00+02:00",
    "2026-10-25T01:59:00+02:00",
    "2026-10-25T03:00:00+01:00",
  ]);
});

test("should accept a date alone on a day whose midnight the zone skips, as the day's start", () => {
  // Chile's clocks go from 00:00 to 01:00 on 2026-09-06.
  const date = dateOf("2026-09-06", "America/Santiago");

  assert.is(isoInZone(date), "2026-09-06T01:00:00-03:00");
});

test("should check gaps in the site zone given, not the build machine's", () => {
  const problem = problemOf("2026-03-08T02:30", "America/New_York");
  const berlin = dateOf("2026-03-08T02:30");

  assert.match(problem, /America\/New_York/);
  assert.is(isoInZone(berlin), "2026-03-08T02:30:00+01:00");
});

test("should read a local time in a fixed-offset site zone, which has no gaps", () => {
  const date = dateOf("2026-03-29T02:30", "UTC+3");

  assert.is(isoInZone(date), "2026-03-29T02:30:00+03:00");
});

for (const text of ["0000-01-01", "1969-12-31", "1969-12-31T23:59:59Z"]) {
  test(`should refuse the year of ${text}, before 1970`, () => {
    assert.match(problemOf(text), /a year from 1970 to 9999/);
  });
}

test("should refuse a date that reads as year 10000 in the site zone", () => {
  assert.match(problemOf("9999-12-31T23:30:00-05:00"), /a year from 1970 to 9999/);
});

test("should accept the first and last days of the allowed years", () => {
  const dates = [dateOf("1970-01-01"), dateOf("9999-12-31")].map(isoInZone);

  assert.equal(dates, ["1970-01-01T00:00:00+01:00", "9999-12-31T00:00:00+01:00"]);
});

test.run();
