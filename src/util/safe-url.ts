/*
 * The one URL check. Every URL that can reach a published file or page (authored content, the
 * GitHub snapshot, live GitHub answers, Markdown links and images) passes through here where it
 * enters the build. Only schemes a browser, feed reader or client can follow without running
 * anything are published: `https:` and `http:`, plus `mailto:` where a contact address is meant.
 * `javascript:`, `data:`, `vbscript:`, `file:` and the rest are refused, however they are spelt
 * (upper case, leading blanks, control characters inside the scheme all count as refused).
 */

/** Schemes a published URL may have, by use. */
export type UrlUse = "web" | "web-or-mail";

const WEB_SCHEMES: ReadonlySet<string> = new Set(["https:", "http:"]);
const MAIL_SCHEMES: ReadonlySet<string> = new Set(["https:", "http:", "mailto:"]);

/**
 * The JSON Schema `pattern` the OpenAPI descriptions put on URL fields, so the after-build
 * validation would also catch a URL of another scheme that slipped past the entry checks.
 */
export const WEB_URL_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]?://";
export const WEB_OR_MAIL_URL_PATTERN = "^([Hh][Tt][Tt][Pp][Ss]?://|[Mm][Aa][Ii][Ll][Tt][Oo]:)";

/** Words for error messages and notes: what a URL of this use may look like. */
export function expectedUrl(use: UrlUse = "web"): string {
  return use === "web"
    ? "an absolute http(s) URL such as https://example.org/"
    : "an absolute http(s) URL or a mailto: address";
}

/**
 * True when `value` is an absolute URL that parses and has one of the schemes allowed for its
 * use. Whitespace or control characters anywhere make it unsafe: browsers strip some of them,
 * which is how `java\tscript:` gets past naive checks.
 */
export function isSafeAbsoluteUrl(value: unknown, use: UrlUse = "web"): value is string {
  if (typeof value !== "string" || value === "" || /[\u0000-\u0020\u007f-\u009f]/.test(value)) return false;
  const url = URL.parse(value);
  const allowed = use === "web" ? WEB_SCHEMES : MAIL_SCHEMES;
  if (!url || !allowed.has(url.protocol)) return false;
  if (url.protocol === "mailto:") return true;
  // An http(s) URL needs a host, written as one: the parser also reads `https:host`,
  // `https:///host` and `https:\\host` as `https://host/`, which no reader of the text expects.
  if (!/^https?:\/\/[^/\\]/i.test(value)) return false;
  // Credentials in a published URL are never intended.
  return url.hostname !== "" && url.username === "" && url.password === "";
}

/**
 * For links written in Markdown, which may also be relative: true when the link is relative
 * (a path, `#fragment` or `?query`, resolved against the site) or an absolute URL of an allowed
 * scheme. Protocol-relative `//host/…` counts as absolute and must pass as https.
 */
export function isSafeLink(value: string, use: UrlUse = "web-or-mail"): boolean {
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  // Browsers read `\` as `/` in http(s) URLs, so `/\host` is protocol-relative like `//host`.
  const trimmed = value.trim().replace(/\\/g, "/");
  if (trimmed.startsWith("//")) return isSafeAbsoluteUrl(`https:${trimmed}`, "web");
  // A scheme is letters, digits, `+`, `-`, `.` before the first `:` that comes before any `/?#`.
  const scheme = /^([^:/?#]*):/.exec(trimmed);
  if (!scheme) return true;
  return isSafeAbsoluteUrl(trimmed, use);
}
