import { join } from "node:path";
import { ContentError, type ContentProblem } from "../content/content-error.ts";
import { CONTROL_CHARACTER } from "../util/control-characters.ts";
import { registerSecret } from "../util/redact.ts";
import { isSafeAbsoluteUrl, safeDecode } from "../util/safe-url.ts";
import type { GraphqlSettings } from "./graphql-client.ts";

export interface GithubEnvironment {
  GITHUB_TOKEN?: string | undefined;
  GITHUB_GRAPHQL_URL?: string | undefined;
  GITHUB_REQUIRED?: string | undefined;
  GITHUB_CACHE_DIR?: string | undefined;
  GITHUB_CACHE_DURATION?: string | undefined;
  GITHUB_TIMEOUT_MS?: string | undefined;
}

const DEFAULT_ENDPOINT = "https://api.github.com/graphql";
const MIN_TOKEN_LENGTH = 20;

/**
 * Connection settings from the environment; null without a token. The token and the user info of
 * GITHUB_GRAPHQL_URL are registered as secrets first; a bad setting is an error naming the variable.
 */
export function githubSettings(env: GithubEnvironment): GraphqlSettings | null {
  const rawToken = env.GITHUB_TOKEN ?? "";
  const rawEndpoint = env.GITHUB_GRAPHQL_URL ?? "";
  registerSecret(rawToken, "GITHUB_TOKEN");
  registerSecret(rawToken.trim(), "GITHUB_TOKEN");
  registerUserinfo(rawEndpoint.trim());

  const token = rawToken.trim();
  if (!token) return null;
  const endpoint = rawEndpoint.trim() || DEFAULT_ENDPOINT;
  const cacheDuration = env.GITHUB_CACHE_DURATION?.trim() || "1d";
  const cacheMaxAgeMs = parseCacheDuration(cacheDuration);
  const timeout = env.GITHUB_TIMEOUT_MS?.trim() || "10000";
  const problems = [tokenProblem(token), endpointProblem(endpoint)].filter((p): p is ContentProblem => p !== null);
  // Refused, not ignored: a default in their place would go unnoticed.
  const units = "a whole number and a unit such as 30m, 6h, 1d or 0s (or * for ever)";
  if (cacheMaxAgeMs === null) problems.push(problem("GITHUB_CACHE_DURATION", units, cacheDuration));
  if (!/^\d{1,9}$/.test(timeout) || Number(timeout) === 0)
    problems.push(problem("GITHUB_TIMEOUT_MS", "a positive whole number of milliseconds such as 10000", timeout));
  if (problems.length > 0) throw new ContentError(problems);
  return {
    endpoint,
    token,
    timeoutMs: Number(timeout),
    cacheDirectory: env.GITHUB_CACHE_DIR?.trim() || join(".cache", "github"),
    cacheMaxAgeMs: cacheMaxAgeMs ?? 0,
  };
}

/** A setting the build refuses, with its value only where that is no secret. */
function problem(variable: string, expected: string, actual?: string): ContentProblem {
  if (actual === undefined)
    return { file: variable, field: "(environment)", expected: `${expected} (the value is not shown)` };
  return { file: variable, field: "(environment)", expected, actual };
}

/** GitHub tokens are printable ASCII without spaces: Node's complaint about anything else quotes the header. */
function tokenProblem(token: string): ContentProblem | null {
  if (/^[\x21-\x7e]+$/.test(token)) {
    // GitHub's are 40 or more: a short value is a mistake, and redacting it would blank notes.
    const short = `a GitHub token (${MIN_TOKEN_LENGTH} characters or more), but it has ${token.length}`;
    return token.length >= MIN_TOKEN_LENGTH ? null : problem("GITHUB_TOKEN", short);
  }
  const what = /[\r\n]/.test(token)
    ? "a line break"
    : CONTROL_CHARACTER.test(token) || token.includes("\t")
      ? "a control character"
      : /\s/.test(token)
        ? "a space"
        : "a character outside printable ASCII";
  const expected = `a token of printable ASCII characters without spaces or line breaks, but it contains ${what}`;
  return problem("GITHUB_TOKEN", expected);
}

/** The endpoint must pass the one URL check; credentials in it are refused on their own, not sent. */
function endpointProblem(endpoint: string): ContentProblem | null {
  const url = URL.parse(endpoint);
  if (url && (url.username !== "" || url.password !== ""))
    return problem("GITHUB_GRAPHQL_URL", "a URL without a user name or password: the token goes in GITHUB_TOKEN");
  if (isSafeAbsoluteUrl(endpoint, "web")) return null;
  return problem("GITHUB_GRAPHQL_URL", "an absolute http(s) URL such as https://api.github.com/graphql");
}

/**
 * The user name and password of a URL are secrets, even when the URL is refused. Parts shorter
 * than six characters (`git`, `user`) are no credential, and redacting them would make messages
 * unreadable; `redact` removes any URL's userinfo whatever its length.
 */
function registerUserinfo(endpoint: string): void {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)@/.exec(endpoint);
  if (!match?.[1]) return;
  const userinfo = match[1];
  for (const part of [userinfo, ...userinfo.split(":")]) {
    for (const form of [part, safeDecode(part)]) if (form.length >= 6) registerSecret(form, "GITHUB_GRAPHQL_URL");
  }
}

/** Units of GITHUB_CACHE_DURATION, in the notation eleventy-fetch used before us (`1d`, `6h`, `0s`). */
const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};

/**
 * How long a cached answer is reused, in milliseconds: `{n}{s|m|h|d|w|y}`, or `*` for ever;
 * null for any other text.
 */
export function parseCacheDuration(notation: string): number | null {
  if (notation === "*") return Number.POSITIVE_INFINITY;
  const match = /^(\d{1,9})([smhdwy])$/.exec(notation);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : null;
}
