// @11ty/eleventy-plugin-rss ships no types; this declares the helpers we use. They are imported
// from their own modules: the package's main module also loads its HTML transform (posthtml,
// htmlparser2), which we don't use, for about 50 ms of every build.
declare module "@11ty/eleventy-plugin-rss/src/dateRfc822.js" {
  /** RFC 822 date for RSS, in the given IANA time zone (UTC when omitted). */
  export default function dateToRfc822(value: Date | string | number, timeZone?: string): string;
}
declare module "@11ty/eleventy-plugin-rss/src/dateRfc3339.js" {
  /** RFC 3339 date in UTC, whole seconds. */
  export default function dateToRfc3339(value: Date): string;
}
declare module "@11ty/eleventy-plugin-rss/src/absoluteUrl.js" {
  /** Resolves a URL against a base; returns the input when it cannot. */
  export default function absoluteUrl(url: string, base: string): string;
}
