import { fullFormats } from "ajv-formats/dist/formats.js";
import { UriString } from "../schemas/common.ts";
import { redact, withoutHiddenCharacters } from "../util/redact.ts";
import { isSafeAbsoluteUrl } from "../util/safe-url.ts";
import type { PullFacts } from "./facts.ts";

/*
 * The one entry check for GitHub's values of the right shape that published files may still not
 * carry, whoever asked (build, snapshot, init, the committed snapshot). Nothing throws: a value
 * that fails is replaced or dropped and the caller says so, so one bad value fails no build.
 *
 * - Text loses control and invisible characters, then is redacted, as it will be shown.
 * - A URL must pass the APIs' rule for URL fields (`UriString("web")`) and the one URL check.
 * - A date is an instant from 1970 to the end of 9999, written in UTC, so dates sort as instants.
 * - Of entries that are the same (by repository and number, or owner/name, ignoring case), the
 *   first is kept.
 */

/** The schema of every published URL field: the rule below is read from it, not restated. */
const PUBLISHED_URL = UriString("web");
const URL_PATTERN = new RegExp(PUBLISHED_URL.pattern ?? "");
const urlFormat = fullFormats.uri;

/** Whether a URL from GitHub may be published as it is (see the rules above). */
export function isPublishableUrl(value: string): boolean {
  return (
    isSafeAbsoluteUrl(value, "web") &&
    URL_PATTERN.test(value) &&
    typeof urlFormat === "function" &&
    urlFormat(value) === true
  );
}

/** GitHub's text as it may be published: without control and invisible characters, then redacted. */
export function entryText(text: string): string {
  return redact(withoutHiddenCharacters(text));
}

const FIRST_INSTANT = Date.UTC(1970, 0, 1);
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The range, as notes say it. */
export const DATE_RANGE = "1970-9999";

/**
 * A date-time (already of GitHub's DateTime form) as the same instant in UTC, `…Z` (with
 * milliseconds only when there are some); null when it falls outside 1970-9999 in UTC.
 */
export function entryInstant(dateTime: string): string | null {
  const time = Date.parse(dateTime);
  if (!(time >= FIRST_INSTANT && time <= LAST_INSTANT)) return null;
  return new Date(time).toISOString().replace(".000Z", "Z");
}

/** A day (`YYYY-MM-DD`) or a date-time as the UTC day, or null outside 1970-9999. */
export function entryDay(value: string): string | null {
  const instant = entryInstant(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return instant === null ? null : instant.slice(0, 10);
}

/** `items` without the later ones whose `key` an earlier one has, and the kept items that had copies. */
export function withoutDuplicates<T>(items: readonly T[], key: (item: T) => string): { kept: T[]; repeated: T[] } {
  const first = new Map<string, T>();
  const repeated = new Set<T>();
  for (const item of items) {
    const seen = first.get(key(item));
    if (seen === undefined) first.set(key(item), item);
    else repeated.add(seen);
  }
  return { kept: [...first.values()], repeated: [...repeated] };
}

/**
 * Pull requests as they may be published, and a sentence for each kind of change: a copy
 * dropped, a title cleaned, a link replaced by its github.com address, a date out of range left
 * out. `created` (GitHub's date-time, or a snapshot's day) comes out as the UTC day.
 */
export function checkPulls(entries: readonly PullFacts[]): { pulls: PullFacts[]; notes: string[] } {
  const name = (pull: PullFacts) => `${pull.repo}#${pull.number}`;
  const { kept, repeated } = withoutDuplicates(entries, (pull) => `${pull.repo.toLowerCase()}#${pull.number}`);
  const changed = { links: [] as string[], titles: [] as string[], dates: [] as string[] };
  const pulls = kept.map((entry): PullFacts => {
    const cleanTitle = withoutHiddenCharacters(entry.title);
    if (cleanTitle !== entry.title) changed.titles.push(name(entry));
    const url = isPublishableUrl(entry.url) ? entry.url : `https://github.com/${entry.repo}/pull/${entry.number}`;
    if (url !== entry.url) changed.links.push(name(entry));
    const created = entry.created === null ? null : entryDay(entry.created);
    if (entry.created !== null && created === null) changed.dates.push(name(entry));
    return { ...entry, title: redact(cleanTitle), url, created };
  });
  // Each kind of change is one sentence naming its pull requests; a kind that none had says nothing.
  const [links, titles, dates, copies] = [changed.links, changed.titles, changed.dates, repeated.map(name)].map(
    (names) => names.join(", "),
  );
  const notes = [
    links && `GitHub gave links that are not http(s) URLs for ${links}: their github.com addresses are shown instead.`,
    titles && `Control characters were removed from the titles of ${titles}.`,
    dates && `GitHub gave dates outside ${DATE_RANGE} for ${dates}: they are shown without one.`,
    copies && `GitHub listed ${copies} more than once: ${repeated.length === 1 ? "it is" : "each is"} shown once.`,
  ].filter((note): note is string => Boolean(note));
  return { pulls, notes };
}
