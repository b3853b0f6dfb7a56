// A built site served on 127.0.0.1 the way its static host serves it (src/site/host-rules.ts), for
// `npm run audit` and the browser tests: a tool beside the build, which never runs it.
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { contentTypeFor, hostHeaders } from "../../src/site/host-rules.ts";

/** What one static server is started with. */
export interface StaticServerOptions {
  /** The port to listen on; default: 0, a free one the system picks. */
  port?: number;
  /** The site's base path (`/portfolio`), served from the folder's root; default: `""`. */
  basePath?: string;
  /**
   * Files served as if they were in the folder, by site path (`/probe.html`), from memory: a
   * test's probe pages beside a shared build it must not write into. Default: none.
   */
  extraFiles?: Readonly<Record<string, string>>;
  /**
   * Compress text with gzip when the client accepts it, as GitHub Pages, Netlify and Cloudflare
   * Pages do: for measuring what visitors get (`npm run audit`). Default: false.
   */
  gzip?: boolean;
}

/** A built `_site` served on 127.0.0.1 the way a static host serves it. */
export interface StaticServer {
  /** `http://127.0.0.1:{port}`, without the base path. */
  origin: string;
  /** Every path asked for, in order (with the base path), for tests that check what a page loaded. */
  requests: string[];
  /** Stops listening and drops open connections; safe to call twice. */
  stop(): Promise<void>;
}

// The types the host rules leave to the host: the pages' own assets and images.
const assetTypes: Readonly<Record<string, string>> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

// Text is compressed by the hosts; images and fonts are compressed already.
const COMPRESSED = /^(text\/|application\/(json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Serves a built site like the production host: files as they are, `index.html` for a folder
 * (a folder named without its trailing slash is redirected to it), and `404.html` with status
 * 404 for anything else, with the host's headers from host-rules.ts. For the browser tests and
 * `npm run audit`, on loopback only.
 */
export async function startStaticServer(root: string, options: StaticServerOptions = {}): Promise<StaticServer> {
  const dir = resolve(root);
  const basePath = (options.basePath ?? "").replace(/\/$/, "");
  const requests: string[] = [];

  const extraFiles = new Map(Object.entries(options.extraFiles ?? {}));

  // `sitePath` is checked to lie inside the folder before anything is sent.
  const send = async (req: IncomingMessage, res: ServerResponse, status: number, sitePath: string): Promise<void> => {
    const extra = extraFiles.get(sitePath);
    const bytes = extra === undefined ? await readFile(join(dir, sitePath)) : Buffer.from(extra);
    const type = contentTypeFor(sitePath) ?? assetTypes[extname(sitePath)] ?? "application/octet-stream";
    const compress =
      options.gzip === true && COMPRESSED.test(type) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = compress ? gzipSync(bytes) : bytes;
    res.writeHead(status, {
      ...hostHeaders,
      "Content-Type": type,
      "Content-Length": body.length,
      ...(options.gzip === true ? { Vary: "Accept-Encoding" } : {}),
      ...(compress ? { "Content-Encoding": "gzip" } : {}),
    });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    requests.push(pathname);
    const notFound = () => send(req, res, 404, "/404.html");
    if (!pathname.startsWith(`${basePath}/`)) return notFound();
    let sitePath: string;
    try {
      sitePath = decodeURIComponent(pathname.slice(basePath.length));
    } catch {
      return notFound();
    }
    if (extraFiles.has(sitePath)) return send(req, res, 200, sitePath);
    const file = join(dir, sitePath);
    if (file !== dir && !file.startsWith(dir + sep)) return notFound();
    const found = await stat(file).catch(() => undefined);
    if (found?.isDirectory()) {
      if (!pathname.endsWith("/")) {
        res.writeHead(301, { ...hostHeaders, Location: `${pathname}/` });
        return void res.end();
      }
      const index = await stat(join(file, "index.html")).catch(() => undefined);
      return index?.isFile() ? send(req, res, 200, `${sitePath}index.html`) : notFound();
    }
    return found?.isFile() ? send(req, res, 200, sitePath) : notFound();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      (stopped ??= new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      })),
  };
}
