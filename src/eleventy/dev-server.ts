import type { IncomingMessage, ServerResponse } from "node:http";
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { contentTypeFor, hostHeaders, renderHeadersFile } from "../site/host-rules.ts";
import { escapeControlCharacters } from "../util/terminal-text.ts";

interface EleventyConfig {
  /** The output folder, `--output` included; read once Eleventy has settled it. */
  readonly directories: { readonly output: string };
  /** `/` or `/portfolio/`; available to plugins once the config file has returned it. */
  readonly pathPrefix?: string;
  setServerOptions(options: Record<string, unknown>): void;
  on(event: "eleventy.after", handler: (arg: { directories: { output: string } }) => void): void;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/*
 * Which network interface `npm start` listens on. Eleventy's dev server listens on every
 * interface while it prints "localhost", which puts a preview (drafts and scheduled posts
 * included, once they are built) on the local network unasked. It has no option for the
 * address, so its listen step is replaced, before Eleventy starts it: loopback by default,
 * FOLIO_DEV_HOST=0.0.0.0 (or an address) to show the preview to other machines on purpose.
 */

/** The address the dev server binds: FOLIO_DEV_HOST, or the IPv4 loopback. */
const devServerHost = (): string => process.env.FOLIO_DEV_HOST?.trim() || "127.0.0.1";

/**
 * Makes Eleventy's dev server listen on devServerHost(); called when Eleventy serves, before it
 * imports the server itself, which gets this same module instance. The original is
 * `this.server.listen({ port })`; the retry on a busy port calls it again. The dev server is
 * imported only by `npm start` (loading it cost a build 31 ms for nothing).
 */
export async function listenOnDevServerHost(): Promise<void> {
  const { default: EleventyDevServer } = await import("@11ty/eleventy-dev-server");
  EleventyDevServer.prototype._serverListen = function (this: InstanceType<typeof EleventyDevServer>, port: number) {
    this.server.listen({ port, host: devServerHost() });
  };
}

/**
 * Serves `_site` the way the production host does, from the rules in src/site/host-rules.ts:
 * locally, by configuring `npm start` (Eleventy's dev server), and on Netlify and Cloudflare
 * Pages, by writing the `_headers` file they read.
 * Docs: https://www.11ty.dev/docs/dev-server/#options
 */
export default function devServerPlugin(eleventyConfig: EleventyConfig): void {
  const pathPrefix = () => eleventyConfig.pathPrefix ?? "/";
  eleventyConfig.setServerOptions({
    // Bound to loopback by `listenOnDevServerHost` (above); when exposed on purpose, the
    // start message lists the other addresses too instead of claiming "localhost" only.
    showAllHosts: !["127.0.0.1", "localhost", "::1"].includes(devServerHost()),
    // The pages name the port (previewOrigin, src/config/site-config.ts): a busy one is an error.
    portReassignmentRetryCount: 0,
    // Applied to every file the server sends, the 404 page included. Unknown paths get
    // `404.html` with status 404: the dev server does that by itself, and never lists a folder.
    headers: { ...hostHeaders },
    middleware: [
      // First: nothing after it sees a path it refuses, and nothing after it can leave a request unanswered.
      refuseMalformedPaths,
      hostRules(() => ({ outputDir: resolve(eleventyConfig.directories.output), pathPrefix: pathPrefix() })),
    ],
  });
  // Written after the build from the files on disk, so every file of every API (and the blog's
  // feed) is covered without a list to keep in step.
  eleventyConfig.on("eleventy.after", ({ directories }) => {
    const outputDir = resolve(directories.output);
    writeFileSync(
      join(outputDir, "_headers"),
      renderHeadersFile(filesUnder(outputDir), pathPrefix().replace(/\/$/, "")),
    );
  });
}

// C0 (tab, line feed and carriage return included), DEL and C1: never part of a file's name here.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why the request target `url` is not a path the dev server can answer, or undefined when it is.
 * Eleventy's dev server decodes the path after joining it to the output folder, and throws on a
 * bad escape or a path that leaves the folder: the request then never got an answer (and the
 * server printed a stack). So the path is checked here first, segment by segment, the way the
 * server reads it. The query is not checked: nothing decodes it.
 */
export function malformedPath(url: string): string | undefined {
  if (!url.startsWith("/") || url.startsWith("//")) return "it does not start with a single /";
  const path = url.split(/[?#]/, 1)[0] ?? "";
  if (!/^[\x21-\x7e]*$/.test(path)) return "it has a character that is not printable ASCII";
  if (path.includes("\\")) return "it has a backslash";
  if (/%(?![0-9a-fA-F]{2})/.test(path)) return "it has a % that is not followed by two hex digits";
  for (const raw of path.slice(1).split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return "it is not UTF-8 once decoded";
    }
    if (segment === "." || segment === "..") return "it has a . or .. segment";
    if (/[/\\]/.test(segment)) return "it has an encoded slash or backslash";
    if (CONTROL.test(segment)) return "it has a control character";
  }
  return undefined;
}

/**
 * Answers a malformed path (see malformedPath) with 400 at once. It also stands guard over the
 * rest of the chain: an error thrown while answering (none is known) becomes a 500 and one line,
 * instead of an unanswered request and a stack trace.
 */
export function refuseMalformedPaths(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const reason = malformedPath(req.url ?? "");
  if (reason !== undefined) {
    res.writeHead(400, { ...hostHeaders, "Content-Type": "text/plain; charset=utf-8" });
    res.end(`Bad request: the path is malformed (${reason}).\n`);
    return;
  }
  try {
    next();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      `[dev server] ${escapeControlCharacters(JSON.stringify(req.url))}: ${escapeControlCharacters(message)}`,
    );
    if (res.headersSent) res.destroy();
    else {
      res.writeHead(500, { ...hostHeaders, "Content-Type": "text/plain; charset=utf-8" });
      res.end("Internal error: see the dev server's output.\n");
    }
  }
}

/**
 * The dev server guesses content types from the file name (`.asc` as a signature, `.ansi` as
 * nothing) but keeps a type that a middleware has set. The type is set only when the file
 * exists: otherwise the 404 page would go out as, say, application/json. Runs after
 * `refuseMalformedPaths`: the path decodes, with no `.` or `..` segment and no encoded slash.
 */
function hostRules(where: () => { outputDir: string; pathPrefix: string }): Middleware {
  return (req, res, next) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, hostHeaders);
      res.end();
      return;
    }
    const { outputDir, pathPrefix } = where();
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    // The path relative to the base path (`/pgp.asc`).
    const sitePath = `/${decodeURIComponent(pathname.slice(pathPrefix.length))}`;
    const type = pathname.startsWith(pathPrefix) ? contentTypeFor(sitePath) : undefined;
    if (type && isFile(join(outputDir, sitePath))) res.setHeader("Content-Type", type);
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

/** Every file under a folder, relative to it, with `/` separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}
