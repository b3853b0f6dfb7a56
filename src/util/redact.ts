/*
 * The one redaction step. The process knows a few secrets (the GitHub token, any user name or
 * password written into GITHUB_GRAPHQL_URL); they are registered where the settings are read,
 * and every text that can reach a published file, a note, the cache or the log passes through
 * `redact` first. Texts we did not write (GitHub's error messages, Node's network errors) may
 * echo a secret in any of the forms below, so all of them are removed.
 */

/** What a removed secret reads as: visible, so a reader knows something was there. */
export const REDACTED = "[redacted]";

const secrets = new Set<string>();

// `scheme://userinfo@`: the authority part of a URL up to `@`, before any `/`, `?` or `#`.
const URL_USERINFO = /\b([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^\s/?#@]+@/g;

/**
 * Remembers a secret of this process, with the forms in which a message might carry it:
 * as it is, URL-encoded, and JSON-escaped. Empty values are ignored.
 */
export function registerSecret(value: string): void {
  if (value === "") return;
  secrets.add(value);
  secrets.add(encodeURIComponent(value));
  secrets.add(JSON.stringify(value).slice(1, -1));
}

/**
 * `text` without any registered secret and without the user name or password of any URL in
 * it. Longer secrets are replaced first, so a secret that contains another is removed whole.
 */
export function redact(text: string): string {
  let result = text.replace(URL_USERINFO, `$1${REDACTED}@`);
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  return result;
}

/**
 * A parsed JSON value with `redact` applied to every string in it, keys included; the
 * structure stays as it was. Strings are redacted after JSON decoding, so a secret spelt with
 * `\u` escapes is caught too.
 */
export function redactJson(value: unknown): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map(redactJson);
  if (typeof value === "object" && value !== null) {
    // Null prototype: a key such as `__proto__` stays a plain key.
    const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, inner] of Object.entries(value)) copy[redact(key)] = redactJson(inner);
    return copy;
  }
  return value;
}

/** Forgets every registered secret; for tests, which register their own. */
export function forgetSecrets(): void {
  secrets.clear();
}
