import { test } from "uvu";
import * as assert from "uvu/assert";
import { isoInZone, readPostDate } from "../../../src/blog/post-date.ts";

const SITE_ZONE = "Europe/Berlin";

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
    const date = inProcessZone(zone, () => readPostDate("2026-03-10", SITE_ZONE));

    assert.is(date ? isoInZone(date) : null, "2026-03-10T00:00:00+01:00");
  });
}

test("should read a date in summer time with the site zone's summer offset", () => {
  const date = readPostDate("2026-07-15", SITE_ZONE);

  assert.is(date ? isoInZone(date) : null, "2026-07-15T00:00:00+02:00");
});

test("should read a date and time without a zone in the site zone", () => {
  const date = inProcessZone("America/Los_Angeles", () => readPostDate("2026-03-10T09:30", SITE_ZONE));

  assert.is(date ? isoInZone(date) : null, "2026-03-10T09:30:00+01:00");
});

test("should keep the instant of a date-time that carries its own offset", () => {
  const date = readPostDate("2026-03-10T09:30:00-05:00", SITE_ZONE);

  assert.is(date?.toMillis(), Date.parse("2026-03-10T14:30:00Z"));
  assert.is(date ? isoInZone(date) : null, "2026-03-10T15:30:00+01:00");
});

test("should keep the instant of a date-time in UTC", () => {
  const date = readPostDate("2026-03-17T08:30:00Z", SITE_ZONE);

  assert.is(date?.toMillis(), Date.parse("2026-03-17T08:30:00Z"));
});

test("should return null for a date that is not on the calendar", () => {
  const date = readPostDate("2026-02-30", SITE_ZONE);

  assert.is(date, null);
});

test("should return null for a date written in words", () => {
  const date = readPostDate("March 3rd", SITE_ZONE);

  assert.is(date, null);
});

test.run();
