/*
 * The one URL check: every URL that can reach a published file passes here where it enters the
 * build. Only `https:` and `http:` are published, plus `mailto:` where a contact is meant;
 * `javascript:`, `data:` and the rest are refused however they are spelt.
 */

import { PATH_CONTROL_CHARACTER } from "./control-characters.ts";

/** Schemes a published URL may have, by use. */
export type UrlUse = "web" | "web-or-mail";

/** The `pattern` of URL fields in the OpenAPI descriptions: the after-build validation checks schemes too. */
export const WEB_URL_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]?://";
export const WEB_OR_MAIL_URL_PATTERN = "^([Hh][Tt][Tt][Pp][Ss]?://|[Mm][Aa][Ii][Ll][Tt][Oo]:)";

/** Words for error messages and notes: what a URL of this use may look like. */
export function expectedUrl(use: UrlUse = "web"): string {
  return use === "web"
    ? "an absolute http(s) URL such as https://example.org/"
    : "an absolute http(s) URL or a mailto: address (one, with no header but ?subject=)";
}

/**
 * True when `value` is an absolute URL with a scheme allowed for its use. Whitespace or control
 * characters anywhere make it unsafe: browsers strip some, which is how `java\tscript:` passes.
 */
export function isSafeAbsoluteUrl(value: unknown, use: UrlUse = "web"): value is string {
  if (typeof value !== "string" || value === "" || /[\u0000-\u0020\u007f-\u009f]/.test(value)) return false;
  const url = URL.parse(value);
  if (!url) return false;
  // One address and at most a subject: `?bcc=`, `?body=` or `a@x,b@y` would copy reports elsewhere or add words.
  if (url.protocol === "mailto:")
    return use === "web-or-mail" && /^[^,?#@]+@[^,?#@&]+(\?subject=[^&#]*)?$/i.test(safeDecode(value.slice(7)));
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  // An http(s) URL needs a host, written as one: the parser also reads `https:host`,
  // `https:///host` and `https:\\host` as `https://host/`, which no reader of the text expects.
  if (!/^https?:\/\/[^/\\]/i.test(value)) return false;
  // Credentials in a published URL are never intended; port 0 is no port a browser opens.
  return url.hostname !== "" && url.username === "" && url.password === "" && url.port !== "0";
}

/** For Markdown links: true when relative (a path, `#…`, `?…`) or an allowed absolute URL; `//host/…` as https. */
export function isSafeLink(value: string, use: UrlUse = "web-or-mail"): boolean {
  if (PATH_CONTROL_CHARACTER.test(value)) return false;
  // Browsers read `\` as `/` in http(s) URLs, so `/\host` is protocol-relative like `//host`.
  const trimmed = value.trim().replace(/\\/g, "/");
  if (trimmed.startsWith("//")) return isSafeAbsoluteUrl(`https:${trimmed}`, "web");
  // A scheme is letters, digits, `+`, `-`, `.` before the first `:` that comes before any `/?#`.
  return !/^[^:/?#]*:/.test(trimmed) || isSafeAbsoluteUrl(trimmed, use);
}

/** `text` with its %-escapes decoded, or `fallback` (`text` itself unless given) when they are not UTF-8. */
export function safeDecode<T = string>(text: string, fallback: T | string = text): T | string {
  try {
    return decodeURIComponent(text);
  } catch {
    return fallback;
  }
}
