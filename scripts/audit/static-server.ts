import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { contentTypeFor, hostHeaders } from "../../src/site/host-rules.ts";

/*
 * The built site served on loopback the way the production host serves it, so Lighthouse
 * measures what visitors get: the host's headers (CSP included) from src/site/host-rules.ts,
 * `index.html` for a folder, `404.html` with status 404 for anything else, and text compressed
 * with gzip, as GitHub Pages, Netlify and Cloudflare Pages all do. The browser tests
 * have their own (tests/e2e/support/static-server.ts, which also records requests); a script
 * does not import from tests/.
 */

// The types the host rules leave to the host: the pages' own assets and images.
const ASSET_TYPES: Readonly<Record<string, string>> = {
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

/** A running server: its origin (`http://127.0.0.1:{port}`, without the base path) and how to stop it. */
export interface AuditServer {
  origin: string;
  stop(): Promise<void>;
}

/** Serves `root` at `basePath` (`""` or `/folio`) on 127.0.0.1, on a port the system picks. */
export async function serveSite(root: string, basePath: string): Promise<AuditServer> {
  const dir = resolve(root);
  const send = async (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    file: string,
    sitePath: string,
  ): Promise<void> => {
    const bytes = await readFile(file);
    const type = contentTypeFor(sitePath) ?? ASSET_TYPES[extname(sitePath)] ?? "application/octet-stream";
    const compress = COMPRESSED.test(type) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = compress ? gzipSync(bytes) : bytes;
    const encoding = compress ? { "Content-Encoding": "gzip" } : {};
    res.writeHead(status, {
      ...hostHeaders,
      "Content-Type": type,
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
      ...encoding,
    });
    res.end(body);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    const notFound = () => send(req, res, 404, join(dir, "404.html"), "/404.html");
    if (!pathname.startsWith(`${basePath}/`)) return notFound();
    let sitePath: string;
    try {
      sitePath = decodeURIComponent(pathname.slice(basePath.length));
    } catch {
      return notFound();
    }
    const file = join(dir, sitePath);
    // Loopback only, but still: nothing outside the folder.
    if (file !== dir && !file.startsWith(dir + sep)) return notFound();
    const found = await stat(file).catch(() => undefined);
    if (found?.isDirectory()) {
      if (!pathname.endsWith("/")) {
        res.writeHead(301, { ...hostHeaders, Location: `${pathname}/` });
        return void res.end();
      }
      const index = join(file, "index.html");
      if ((await stat(index).catch(() => undefined))?.isFile())
        return send(req, res, 200, index, `${sitePath}index.html`);
      return notFound();
    }
    return found?.isFile() ? send(req, res, 200, file, sitePath) : notFound();
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(String(error));
    });
  });
  await new Promise<void>((listening, failed) => {
    server.once("error", failed);
    server.listen(0, "127.0.0.1", () => listening());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}
