// @11ty/eleventy-plugin-rss ships no types; this declares the helpers we use.
declare module "@11ty/eleventy-plugin-rss" {
  /** RFC 822 date for RSS, in the given IANA time zone (UTC when omitted). */
  export function dateToRfc822(value: Date | string | number, timeZone?: string): string;
  /** RFC 3339 date in UTC, whole seconds. */
  export function dateToRfc3339(value: Date): string;
  /** Resolves a URL against a base; returns the input when it cannot. */
  export function absoluteUrl(url: string, base: string): string;
}
