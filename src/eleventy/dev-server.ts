import type { IncomingMessage, ServerResponse } from "node:http";
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { contentTypeFor, hostHeaders, renderHeadersFile } from "../site/host-rules.ts";

interface EleventyConfig {
  /** The output folder, `--output` included; read once Eleventy has settled it. */
  readonly directories: { readonly output: string };
  /** `/` or `/portfolio/`; available to plugins once the config file has returned it. */
  readonly pathPrefix?: string;
  setServerOptions(options: Record<string, unknown>): void;
  on(event: "eleventy.after", handler: (arg: { directories: { output: string } }) => void): void;
}

export interface DevServerOptions {
  /** The server listens on more than loopback (FOLIO_DEV_HOST); default false. */
  exposed?: boolean;
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
export function devServerHost(env: NodeJS.ProcessEnv = process.env): string {
  const host = (env.FOLIO_DEV_HOST ?? "").trim();
  return host === "" ? "127.0.0.1" : host;
}

/** True when the preview is deliberately reachable from other machines. */
export function devServerExposed(env: NodeJS.ProcessEnv = process.env): boolean {
  return !["127.0.0.1", "localhost", "::1"].includes(devServerHost(env));
}

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
export default function devServerPlugin(eleventyConfig: EleventyConfig, options: DevServerOptions = {}): void {
  const pathPrefix = () => eleventyConfig.pathPrefix ?? "/";
  eleventyConfig.setServerOptions({
    // Bound to loopback by `listenOnDevServerHost` (above); when exposed on purpose, the
    // start message lists the other addresses too instead of claiming "localhost" only.
    showAllHosts: options.exposed === true,
    // Applied to every file the server sends, the 404 page included. Unknown paths get
    // `404.html` with status 404: the dev server does that by itself, and never lists a folder.
    headers: { ...hostHeaders },
    middleware: [
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

/**
 * The dev server guesses content types from the file name (`.asc` as a signature, `.ansi` as
 * nothing) but keeps a type that a middleware has set. The type is set only when the file
 * exists: otherwise the 404 page would go out as, say, application/json.
 */
function hostRules(where: () => { outputDir: string; pathPrefix: string }): Middleware {
  return (req, res, next) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, hostHeaders);
      res.end();
      return;
    }
    const { outputDir, pathPrefix } = where();
    const target = outputFile(req.url ?? "/", outputDir, pathPrefix);
    const type = target ? contentTypeFor(target.sitePath) : undefined;
    if (target && type && statSync(target.file, { throwIfNoEntry: false })?.isFile())
      res.setHeader("Content-Type", type);
    next();
  };
}

/**
 * The file a URL names inside the output folder and its path relative to the base path
 * (`/pgp.asc`), or undefined when it names none (outside the base path, bad escapes).
 */
function outputFile(
  url: string,
  outputDir: string,
  pathPrefix: string,
): { file: string; sitePath: string } | undefined {
  const { pathname } = new URL(url, "http://localhost");
  if (!pathname.startsWith(pathPrefix)) return undefined;
  let sitePath: string;
  try {
    sitePath = `/${decodeURIComponent(pathname.slice(pathPrefix.length))}`;
  } catch {
    return undefined;
  }
  const file = join(outputDir, sitePath);
  return file.startsWith(outputDir + sep) ? { file, sitePath } : undefined;
}

/** Every file under a folder, relative to it, with `/` separators. */
function filesUnder(dir: string, root: string = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, root);
    return entry.isFile() ? [relative(root, full).split(sep).join("/")] : [];
  });
}
