import { withoutControlCharacters } from "./control-characters.ts";

/*
 * The one redaction step. The process's secrets (the GitHub token, any user info in
 * GITHUB_GRAPHQL_URL) are registered where the settings are read, and every text that can reach
 * a published file, a note, the cache or the log passes through `redact` first.
 *
 * A secret may come disguised: split by characters a reader does not see (a zero-width joiner,
 * a bidi control) or that a later cleaning step removes (BEL, DEL, U+0085). So each secret is
 * searched for with any run of those characters between its characters (`DISGUISE`), and the
 * whole disguised form is removed. The after-build check uses the same search (check-secrets.ts).
 */

/** What a removed secret reads as: visible, so a reader knows something was there. */
export const REDACTED = "[redacted]";

/**
 * Invisible format characters, removed from untrusted text (GitHub's titles) with control
 * characters: none is needed in a one-line title. The zero-width non-joiner and joiner are not
 * here: between two characters beyond ASCII they are text (👩‍💻, a Persian or Indic word);
 * anywhere else JOINER_AT_ASCII removes them.
 */
const INVISIBLE_CHARACTERS = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** A joiner with ASCII, the text's start or its end on either side. */
const JOINER_AT_ASCII = /(?<![^\u0000-\u007f])[\u200c\u200d]+|[\u200c\u200d]+(?![^\u0000-\u007f])/g;

/**
 * What may sit inside a disguised secret: control characters, INVISIBLE_CHARACTERS, the joiners,
 * and more that render as nothing (Hangul fillers, variation selectors, tag characters). Wider
 * than what cleaning removes, never narrower: a text whose cleaned form carries a secret
 * carries it in a form this finds.
 */
const DISGUISE =
  "[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f" +
  "\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}]*";
const DISGUISES = new RegExp(DISGUISE, "gu");

/** Every form of every registered secret, with the setting it comes from (`GITHUB_TOKEN`). */
const secrets = new Map<string, string>();
/** The search for all of them, built once per change of `secrets` (null: build it again). */
let search: RegExp | null = null;

// `scheme://userinfo@` before any `/`, `?` or `#`; a scheme of at most 64 characters keeps `a.a.a…` linear.
const URL_USERINFO = /\b([A-Za-z][A-Za-z0-9+.-]{0,63}:\/\/)[^\s/?#@]+@/g;

/**
 * Remembers a secret of this process as it is, URL-encoded and JSON-escaped. `source` names its
 * setting, for messages that say a secret was found without showing it.
 */
export function registerSecret(value: string, source = "a secret setting"): void {
  if (value === "") return;
  for (const form of [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])
    if (!secrets.has(form)) secrets.set(form, source);
  search = null;
}

/** Untrusted text cleaned before `redact`: no control characters, INVISIBLE_CHARACTERS or stray joiners. */
export function withoutHiddenCharacters(text: string): string {
  return withoutControlCharacters(text).replace(INVISIBLE_CHARACTERS, "").replace(JOINER_AT_ASCII, "");
}

/**
 * The settings (`GITHUB_TOKEN`) whose secret `text` carries, disguised or not, in order: one
 * pass, for the checks of whole files (checks/check-secrets.ts, the snapshot).
 */
export function secretsIn(text: string): string[] {
  const found = secretSearch();
  if (found === null) return [];
  const sources = new Set<string>();
  for (const match of text.matchAll(found))
    sources.add(secrets.get(match[0].replace(DISGUISES, "")) ?? "a secret setting");
  return [...sources].sort();
}

/** Whether any secret is registered: without one, nothing needs searching. */
export function hasSecrets(): boolean {
  return secrets.size > 0;
}

/**
 * The search for every registered secret; null when there is none. Longer secrets first, so a
 * secret that contains another is found whole. Shared, not copied: `replace` starts at 0 and leaves
 * `lastIndex` at 0, `matchAll` works on a copy, and a copy per call compiled it anew (12 µs a string).
 */
function secretSearch(): RegExp | null {
  if (secrets.size === 0) return null;
  if (search === null) {
    const forms = [...secrets.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    // Each secret with any run of DISGUISE characters between its characters.
    const pattern = (secret: string) => [...secret].map((c) => c.replace(/[\\^$.*+?()[\]{}|/]/, "\\$&")).join(DISGUISE);
    search = new RegExp(forms.map(pattern).join("|"), "gu");
  }
  return search;
}

/** `text` without any registered secret, disguised or not, nor the user info of any URL in it. */
export function redact(text: string): string {
  const result = text.replace(URL_USERINFO, `$1${REDACTED}@`);
  const found = secretSearch();
  return found ? result.replace(found, REDACTED) : result;
}

/** A parsed JSON value with `redact` applied to every string, keys included (after decoding: `\u` escapes too). */
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
  search = null;
}
