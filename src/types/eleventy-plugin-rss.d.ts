// @11ty/eleventy-plugin-rss ships no types; this declares the exports of its package entry that
// we call as plain functions (3.0.0). Its plugin and its virtual feed templates are not
// registered: the feeds are built from objects (src/api/blog/feeds.ts says why).
declare module "@11ty/eleventy-plugin-rss" {
  /**
   * RSS's RFC 822 date, `Tue, 10 Mar 2026 09:30:00 +0100`, written in `timeZone` (a zone name
   * or offset as Intl takes it; default: the process's zone). A new Intl formatter per call.
   */
  export function dateToRfc822(value: Date | number | string, timeZone?: string): string;
  /** RFC 3339 in UTC, whole seconds: `2026-03-10T08:30:00Z`. Throws on an invalid date. */
  export function dateToRfc3339(date: Date): string;
  /** `url` resolved against `base` by the URL parser (and normalized by it); `url` as it is when that fails. */
  export function absoluteUrl(url: string, base: string | URL): string;
  /** The HTML with every URL resolved against `base` by `absoluteUrl` (posthtml parses and re-serializes it). */
  export function convertHtmlToAbsoluteUrls(
    html: string,
    base: string,
    processOptions?: Record<string, unknown>,
  ): Promise<string>;
}
