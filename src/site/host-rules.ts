import { createHash } from "node:crypto";
import { blogPaths } from "../api/blog/paths.ts";
import { BLOG_API_ROOT } from "../config/site-paths.ts";

// How the host serves `_site/`, stated once for the dev server and the `_headers` file of Netlify
// and Cloudflare Pages (src/eleventy/dev-server.ts), so what works on `npm start` works deployed.
// GitHub Pages sends the CORS and cache headers itself but picks its own content types.

/** Every page's one inline style, allowed by its hash (docs/site-contract.md, "View transitions"). */
export const PAGE_STYLE = "@view-transition{navigation:auto}";

/**
 * Sent with every response. CORS is open (`*`) and a cache may keep a file ten minutes, as the
 * spec says. The `Allow-*` headers answer a CORS preflight (a client that adds a header to its
 * GET, for instance); on hosts that only take static header rules they ride on every response.
 */
export const hostHeaders: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Max-Age": "600",
  "Cache-Control": "max-age=600",
  // What a static site can ask of a browser to limit the harm of anything that slips through
  // (docs/security.md): the pages load only their own files and one inline style (PAGE_STYLE),
  // fetch only the search index, have no inline script or form. Images may come from any https
  // host too: a post may show one, and a preview serves post images (absolute URLs) from another
  // origin. Raw HTML let through (`markdown.raw_html`) is held to it, inline scripts and styles too.
  "Content-Security-Policy": [
    "default-src 'none'",
    // Pagefind's search compiles its WebAssembly module (docs/security.md).
    "script-src 'self' 'wasm-unsafe-eval'",
    `style-src 'self' 'sha256-${createHash("sha256").update(PAGE_STYLE).digest("base64")}'`,
    "img-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; "),
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // For browsers that predate `frame-ancestors`.
  "X-Frame-Options": "DENY",
};

/**
 * The content type of the files whose path ends with `suffix`, most specific suffix first: the
 * first rule that matches a path decides. `hostsAgree`: every common static host already sends
 * this type, so the `_headers` file need not say it.
 */
const contentTypeRules: readonly { suffix: string; type: string; hostsAgree: boolean }[] = [
  { suffix: BLOG_API_ROOT + blogPaths.rss, type: "application/rss+xml; charset=utf-8", hostsAgree: false },
  // The blog's Atom feed and each tag's (blogPaths.atom, blogPaths.tagAtom).
  { suffix: blogPaths.atom, type: "application/atom+xml; charset=utf-8", hostsAgree: false },
  { suffix: ".json", type: "application/json", hostsAgree: true },
  { suffix: ".html", type: "text/html; charset=utf-8", hostsAgree: true },
  // Some hosts (GitHub Pages, the dev server's defaults) say application/pgp-signature: wrong for a key.
  { suffix: ".asc", type: "application/pgp-keys", hostsAgree: false },
  { suffix: ".txt", type: "text/plain; charset=utf-8", hostsAgree: false },
  // Raw bytes with colour escapes: `curl` prints them, browsers download instead of garbling them.
  { suffix: ".ansi", type: "application/octet-stream", hostsAgree: false },
  { suffix: ".xml", type: "application/xml; charset=utf-8", hostsAgree: false },
];

/** The content type of a site path (`/api/v1/card.txt`), or undefined when no rule covers it. */
export function contentTypeFor(path: string): string | undefined {
  return contentTypeRules.find((rule) => path.endsWith(rule.suffix))?.type;
}

/**
 * The `_headers` file of Netlify and Cloudflare Pages: the host headers on every path, and the
 * content type of each file hosts get wrong, under its path in the folder and, with a base path,
 * under that too (hosts serve the folder at either). Rules never overlap on a header, because
 * both hosts join repeated headers with a comma.
 */
export function renderHeadersFile(files: readonly string[], basePath: string): string {
  const block = (path: string, headers: Readonly<Record<string, string>>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  const typed = [...new Set(files.map((file) => `/${file.replace(/^\//, "")}`))].sort().flatMap((path) => {
    const rule = contentTypeRules.find((r) => path.endsWith(r.suffix));
    if (!rule || rule.hostsAgree) return [];
    const paths = basePath === "" ? [path] : [path, basePath + path];
    return paths.map((p) => block(p, { "Content-Type": rule.type }));
  });
  return `${[
    "# Response headers for Netlify and Cloudflare Pages, written by the build from src/site/host-rules.ts.",
    block("/*", hostHeaders),
    ...typed,
  ].join("\n\n")}\n`;
}
