import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { UserConfig } from "@11ty/eleventy";
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { contentTypeFor, hostHeaders } from "../site/host-rules.ts";
import { PATH_CONTROL_CHARACTER } from "../util/control-characters.ts";
import { safeDecode } from "../util/safe-url.ts";
import { escapeControlCharacters } from "../util/terminal-text.ts";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/*
 * Eleventy's dev server listens on every interface while it prints "localhost", which puts a
 * preview (drafts included) on the local network unasked, and has no option for the address:
 * its listen step is replaced. Loopback by default; FOLIO_DEV_HOST=0.0.0.0 shows it on purpose.
 */

/** The address the dev server binds: FOLIO_DEV_HOST, or the IPv4 loopback. */
export const devServerHost = (): string => process.env.FOLIO_DEV_HOST?.trim() || "127.0.0.1";
const onLoopback = () => ["127.0.0.1", "localhost", "::1"].includes(devServerHost());
/** On loopback, a request of a page of another site (by CORS or DNS rebinding), which reads nothing of the preview. */
const fromAnotherSite = (req: IncomingMessage): boolean =>
  onLoopback() &&
  ![req.headers.host, req.headers.origin?.replace(/^https?:\/\//, "") ?? "localhost"].every((name) =>
    /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(name ?? ""),
  );

/** Makes Eleventy's dev server listen on devServerHost(); imported only by `npm start` (31 ms of a build). */
export async function listenOnDevServerHost(): Promise<void> {
  const { default: EleventyDevServer } = await import("@11ty/eleventy-dev-server");
  EleventyDevServer.prototype._serverListen = function (this: InstanceType<typeof EleventyDevServer>, port: number) {
    this.server.listen({ port, host: devServerHost() });
    // Its live-reload socket too, which names each rebuild's files and errors: refused before `ws` answers.
    this.server.prependListener(
      "upgrade",
      (req: IncomingMessage, socket: Duplex) => fromAnotherSite(req) && socket.destroy(),
    );
  };
}

/**
 * Serves `_site` as the production host does (src/site/host-rules.ts): `npm start`'s options
 * (the build writes the `_headers` file, src/eleventy/plugin.ts). https://www.11ty.dev/docs/dev-server/#options
 */
export default function devServerPlugin(eleventyConfig: UserConfig): void {
  eleventyConfig.setServerOptions({
    // When exposed on purpose, the start message lists every address, not "localhost" only.
    showAllHosts: !onLoopback(),
    // The pages name the port (previewOrigin, src/config/site-config.ts): a busy one is an error.
    portReassignmentRetryCount: 0,
    // Every response, the 404 page included (the dev server answers 404.html by itself).
    headers: { ...hostHeaders },
    middleware: [
      // First: nothing after it sees a path it refuses, and nothing after it can leave a request unanswered.
      refuseMalformedPaths,
      hostRules(eleventyConfig),
    ],
  });
}

/**
 * Why the request target `url` is not a path the dev server can answer, or undefined when it is.
 * The dev server throws on a bad escape or a path that leaves the folder, leaving the request
 * unanswered: so the path is checked first, segment by segment. Nothing decodes the query.
 */
export function malformedPath(url: string): string | undefined {
  if (!url.startsWith("/") || url.startsWith("//")) return "it does not start with a single /";
  const path = url.split(/[?#]/, 1)[0] ?? "";
  if (!/^[\x21-\x7e]*$/.test(path)) return "it has a character that is not printable ASCII";
  if (path.includes("\\")) return "it has a backslash";
  if (/%(?![0-9a-fA-F]{2})/.test(path)) return "it has a % that is not followed by two hex digits";
  for (const raw of path.slice(1).split("/")) {
    const segment = safeDecode(raw, null);
    if (segment === null) return "it is not UTF-8 once decoded";
    if (segment === "." || segment === "..") return "it has a . or .. segment";
    if (/[/\\]/.test(segment)) return "it has an encoded slash or backslash";
    if (PATH_CONTROL_CHARACTER.test(segment)) return "it has a control character";
  }
  return undefined;
}

const PLAIN_TEXT = { ...hostHeaders, "Content-Type": "text/plain; charset=utf-8" };

/** Answers a malformed path with 400; an error thrown by the rest of the chain is a 500 and one line. */
export function refuseMalformedPaths(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const reason = malformedPath(req.url ?? "");
  if (fromAnotherSite(req))
    return void res.writeHead(403, hostHeaders).end("Forbidden: a request from another site.\n");
  if (reason !== undefined)
    return void res.writeHead(400, PLAIN_TEXT).end(`Bad request: the path is malformed (${reason}).\n`);
  // Every file whole, as a server may answer: the dev server's parts (206) lack the host's
  // headers (CSP, nosniff, CORS), and its 416 is an HTML page of its own with a script.
  delete req.headers.range;
  try {
    next();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const url = escapeControlCharacters(JSON.stringify(req.url));
    console.error(`[dev server] ${url}: ${escapeControlCharacters(message)}`);
    if (res.headersSent) res.destroy();
    else res.writeHead(500, PLAIN_TEXT).end("Internal error: see the dev server's output.\n");
  }
}

/**
 * The host's content types where the dev server's guesses differ (`.asc`), set only when the file
 * exists (not on the 404 page). After `refuseMalformedPaths`: the path decodes safely.
 */
function hostRules(eleventyConfig: UserConfig): Middleware {
  return (req, res, next) => {
    if (req.method === "OPTIONS") return void res.writeHead(204, hostHeaders).end();
    const pathPrefix = eleventyConfig.pathPrefix ?? "/";
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    // The path relative to the base path (`/pgp.asc`).
    const sitePath = `/${decodeURIComponent(pathname.slice(pathPrefix.length))}`;
    const type = pathname.startsWith(pathPrefix) ? contentTypeFor(sitePath) : undefined;
    if (type && isFile(join(resolve(eleventyConfig.directories.output), sitePath))) res.setHeader("Content-Type", type);
    next();
  };
}

/** Whether `file` is a regular file; false when it cannot be one (a name too long, a file where a folder belongs). */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}
