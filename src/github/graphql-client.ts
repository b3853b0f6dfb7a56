import { type Static, Type } from "@sinclair/typebox";
import { createHash } from "node:crypto";
import { MIB } from "../content/content-limits.ts";
import { cacheFolder, contentKey, keepEntry, readEntry } from "../util/build-cache.ts";
import { readAnswer } from "../util/read-answer.ts";
import { redact, redactJson, withoutHiddenCharacters } from "../util/redact.ts";
import {
  AnObject,
  field,
  isObject,
  ListOf,
  NullableText,
  OrNull,
  readShape,
  Text,
  WrongShape,
  type JsonObject,
} from "./answer-shape.ts";

/** How to reach GitHub's GraphQL API, and how patient to be. */
export interface GraphqlSettings {
  endpoint: string;
  token: string;
  timeoutMs: number;
  cacheDirectory: string;
  /** How long a cached answer is reused: GITHUB_CACHE_DURATION, read by `parseCacheDuration`; 0 reuses none. */
  cacheMaxAgeMs: number;
}

/** One entry of a GraphQL answer's `errors`, read and cleaned: `message` is free of hidden characters, then redacted. */
export interface GraphqlError {
  message: string;
  type?: string;
  path: (string | number)[];
}

/** An answer with data (possibly partial: `errors` then lists what is missing), or why there is none. */
export type GraphqlOutcome = { ok: true; data: JsonObject; errors: GraphqlError[] } | { ok: false; reason: string };

/** Counts the HTTP requests actually sent, so tests and logs can hold the batching to its promise. */
export interface RequestCounter {
  requests: number;
}

/**
 * POSTs one GraphQL request, cached by `cacheKey` (only what `prune` keeps of `data`). Every
 * failure is a reason in words, never an exception, so the caller can fall back to last-known
 * data. Reasons and answers are redacted and the envelope checked.
 */
export async function postGraphql(
  settings: GraphqlSettings,
  body: { query: string; variables: Record<string, unknown> },
  counter: RequestCounter,
  prune: (data: JsonObject) => JsonObject = (data) => data,
): Promise<GraphqlOutcome> {
  const key = cacheKey(settings.endpoint, settings.token, body);
  const cached = readCachedAnswer(settings.cacheDirectory, key, settings.cacheMaxAgeMs, Date.now());
  if (cached) return { ok: true, data: cached, errors: [] };

  const response = await send(settings, body, counter);
  if ("reason" in response) return { ok: false, reason: redact(response.reason) };
  if (!response.ok) return { ok: false, reason: statusReason(response) };

  const bytes = await readAnswer(response, MAX_ANSWER_BYTES).catch(() => undefined);
  if (bytes === undefined) return { ok: false, reason: `GitHub did not answer within ${settings.timeoutMs / 1000} s` };
  if (bytes === null)
    return { ok: false, reason: `GitHub's answer was larger than ${MAX_ANSWER_BYTES / MIB} MiB and was not read` };
  let answer: Static<typeof Envelope>;
  try {
    // Redacted before anything reads it, so an echoed token reaches no note, title or cache
    // entry, even disguised; each text is redacted again once it is clean.
    answer = readShape(Envelope, redactJson(JSON.parse(bytes.toString("utf8"))), "");
  } catch (error) {
    if (error instanceof WrongShape)
      return { ok: false, reason: `GitHub's answer had an unexpected shape (${error.message})` };
    // JSON.parse reads any depth, the walks after it do not: a RangeError (the stack) is no syntax error.
    if (error instanceof RangeError) return { ok: false, reason: "GitHub's answer was nested too deep to read" };
    return { ok: false, reason: `GitHub's answer was not JSON (HTTP ${response.status})` };
  }
  const errors = (answer.errors ?? []).map(cleanError);
  const data = answer.data && prune(answer.data);
  if (!data) return { ok: false, reason: `GitHub answered with GraphQL errors: ${quoteMessages(errors) || "no data"}` };
  // Only complete answers are cached: a partial one must be asked again next time.
  if (errors.length === 0) keepAnswer(settings.cacheDirectory, key, data, Date.now());
  return { ok: true, data, errors };
}

/** Largest answer read: one page of our queries is well under 1 MiB; more is a broken or hostile server. */
const MAX_ANSWER_BYTES = 32 * MIB;

/** The GraphQL envelope: `data` (an object, or null when nothing came) and `errors`. */
const Envelope = AnObject({
  data: Type.Optional(OrNull(AnObject({}))),
  errors: Type.Optional(
    ListOf(AnObject({ message: Text, type: Type.Optional(NullableText), path: Type.Optional(Type.Unknown()) })),
  ),
});

/** The first three errors' messages, then how many more: a note quotes them, it does not list them. */
export function quoteMessages(errors: readonly GraphqlError[]): string {
  const more = errors.length > 3 ? [`and ${errors.length - 3} more`] : [];
  return [...errors.slice(0, 3).map((error) => error.message), ...more].join("; ");
}

/** Longest GitHub error message kept in a note: they are quoted, not published as documents. */
const MESSAGE_LENGTH = 200;

function cleanError(error: { message: string; type?: string | null; path?: unknown }): GraphqlError {
  // Cleaned first, redacted second: redaction must see the text as it will be shown.
  const text = redact(withoutHiddenCharacters(error.message).replace(/\s+/g, " ").trim());
  const message = text.length > MESSAGE_LENGTH ? `${text.slice(0, MESSAGE_LENGTH - 1)}…` : text;
  const path = Array.isArray(error.path)
    ? error.path.filter((step): step is string | number => typeof step === "string" || typeof step === "number")
    : [];
  return { message, ...(typeof error.type === "string" ? { type: error.type } : {}), path };
}

async function send(
  settings: GraphqlSettings,
  body: { query: string; variables: Record<string, unknown> },
  counter: RequestCounter,
): Promise<Response | { reason: string }> {
  counter.requests += 1;
  try {
    return await fetch(settings.endpoint, {
      method: "POST",
      headers: {
        authorization: `bearer ${settings.token}`,
        "content-type": "application/json",
        accept: "application/json",
        "user-agent": "folio-api-build",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError")
      return { reason: `GitHub did not answer within ${settings.timeoutMs / 1000} s` };
    // Node's messages can quote the request's headers: the caller redacts this reason too.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { reason: `GitHub could not be reached (${withoutHiddenCharacters(cause)})` };
  }
}

function isRateLimited(response: Response): boolean {
  if (response.status === 429) return true;
  return (
    response.status === 403 &&
    (response.headers.has("retry-after") || response.headers.get("x-ratelimit-remaining") === "0")
  );
}

function statusReason(response: Response): string {
  if (response.status === 401) return "GitHub refused the token (HTTP 401)";
  if (isRateLimited(response)) return `GitHub's rate limit was reached (HTTP ${response.status})`;
  if (response.status === 403) return "GitHub refused the request (HTTP 403)";
  const to = response.status >= 300 && response.status < 400 && URL.parse(response.headers.get("location") ?? "");
  if (to) return redact(`GitHub redirected to ${to.origin}, not followed (HTTP ${response.status})`);
  return `GitHub answered HTTP ${response.status}`;
}

/**
 * The cache key of one request: the endpoint, who asked (a privileged token's answer must not
 * serve another token; it enters as 16 hex digits of its sha256) and what.
 */
function cacheKey(endpoint: string, token: string, body: unknown): string {
  const tokenTag = createHash("sha256").update(`folio-token\u0000${token}`).digest("hex").slice(0, 16);
  return contentKey("github-graphql", endpoint, tokenTag, body);
}

/** The cached answer for `key` (a `contentKey` without the token), or undefined when there is none that checks out. */
export function readCachedAnswer(dir: string, key: string, maxAgeMs: number, now: number): JsonObject | undefined {
  if (maxAgeMs <= 0) return undefined;
  const entry = readEntry(cacheFolder(dir), key, (bytes) => {
    const value: unknown = JSON.parse(bytes.toString("utf8"));
    const [savedAt, data] = isObject(value) ? [field(value, "savedAt"), field(value, "data")] : [];
    return Number.isSafeInteger(savedAt) && isObject(data) ? { savedAt: savedAt as number, data } : undefined;
  });
  const age = entry ? now - entry.savedAt : -1;
  return age >= 0 && age < maxAgeMs ? entry?.data : undefined;
}

/** Keeps a complete, already redacted answer for `key`; a write that fails is one warning, never a failed build. */
export function keepAnswer(dir: string, key: string, data: JsonObject, now: number): void {
  keepEntry(cacheFolder(dir), key, `${JSON.stringify({ savedAt: now, data })}\n`);
}
