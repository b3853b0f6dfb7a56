import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { ContentProblem } from "../content/content-error.ts";
import { byText, chain } from "../util/order.ts";
import { type WrittenFiles, writtenBytes, writtenText } from "../util/written-files.ts";
import { decodeEntities } from "../util/html.ts";
import { readPageLinks } from "./html-links.ts";

/*
 * The after-build link check: every link to this site, in every page and file of the build,
 * must lead to a file of this build, and a fragment to an id on that page. Pages are read for
 * their link attributes (html-links.ts); JSON, feeds and text files for the absolute URLs of
 * this site anywhere in them; stylesheets for `url(…)`. Each file is read once, each page's ids
 * are collected in that same pass, and fragments are checked at the end against those sets, so
 * the work is linear in the size of the build.
 */

export interface LinkCheckOptions {
  /** The folder the build wrote. */
  outputDir: string;
  /** The site's base URL without a trailing slash (`SiteConfig.baseUrl`): what "this site" means. */
  baseUrl: string;
  /** What the build just wrote, by absolute path; every other file is read from disk. */
  written?: WrittenFiles;
  /** The authored file a built file comes from (`blog/posts/a/index.html` -> `content/blog/posts/a.md`). */
  sourceOf?: ReadonlyMap<string, string>;
  /** Why nothing is at a path of the build, when the build knows (a draft or scheduled post). */
  explainMissing?(path: string): string | undefined;
}

/** Files read for absolute URLs of this site (JSON, feeds, the sitemap, the text card). */
const TEXT_FILES = /\.(json|xml|txt|ansi|webmanifest|rss|atom)$/i;
/**
 * Where a URL written in a text ends, by character code: a blank or control character, a quote,
 * a tag, a backslash (a JSON escape). A table, because this is asked of every character of every
 * URL in tens of MiB of JSON.
 */
const ENDS_URL = new Uint8Array(0xa0);
for (let code = 0; code <= 0x20; code += 1) ENDS_URL[code] = 1;
for (let code = 0x7f; code < 0xa0; code += 1) ENDS_URL[code] = 1;
for (const char of "\"'<>\\`|^") ENDS_URL[char.charCodeAt(0)] = 1;
/** What may follow the origin itself: a path, a query or a fragment. */
const AFTER_ORIGIN = new Set([..."/?#"].map((char) => char.charCodeAt(0)));
/** Punctuation that ends a sentence after a URL in text, not the URL. */
const TRAILING = new Set([...".,;:!?)]"].map((char) => char.charCodeAt(0)));
const AMPERSAND = 0x26;
const CSS_URL = /url\(\s*(["']?)([^"')]+)\1\s*\)/gi;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

interface Target {
  /** The path of the file the URL names, relative to the output folder. */
  path: string;
  fragment: string;
}

/** One URL as written, resolved once, and the files it was found in (kept only for fragments). */
interface Resolved {
  raw: string;
  target: Target | { missing: string } | { invalid: string } | null;
  from: string[];
  /** Nothing more to do where it is found again: it leads to a file, without a fragment, or elsewhere. */
  quiet: boolean;
}

interface DeadLink {
  shown: string;
  expected: string;
  sources: Set<string>;
  builtFiles: string[];
}

/** Every dead link to this site in the build, as content problems naming where each was written. */
export function checkLinks(options: LinkCheckOptions): ContentProblem[] {
  const base = new URL(`${options.baseUrl}/`);
  // The URL parser's serialization is ASCII (an international name is in punycode).
  const originBytes = Buffer.from(base.origin, "latin1");
  const output = listOutput(options.outputDir);
  const idsOf = new Map<string, Set<string>>();
  const dead = new Map<string, DeadLink>();

  const report = (key: string, shown: string, expected: string, from: string): void => {
    const entry = dead.get(key) ?? { shown, expected, sources: new Set<string>(), builtFiles: [] };
    const source = options.sourceOf?.get(from);
    if (source) entry.sources.add(source);
    else entry.builtFiles.push(from);
    dead.set(key, entry);
  };

  // The same URLs recur on thousands of pages (the stylesheet, tag pages, post URLs): each
  // absolute or root-relative one is resolved once, a relative one once per page. A link with
  // a fragment keeps the files it was found in: fragments are checked once every page's ids
  // are known.
  const resolved = new Map<string, Resolved>();
  const check = (raw: string, pageUrl: URL, pageKey: string, from: string): void => {
    const key = raw.startsWith("/") || raw.startsWith("http") ? raw : `${pageKey} ${raw}`;
    let entry = resolved.get(key);
    // The common case: a URL seen before that leads to a file, or elsewhere.
    if (entry?.quiet) return;
    if (entry === undefined) {
      const resolvedTarget = targetOf(raw, pageUrl, base, output);
      const quiet = resolvedTarget === null || ("fragment" in resolvedTarget && resolvedTarget.fragment === "");
      entry = { raw, target: resolvedTarget, from: [], quiet };
      resolved.set(key, entry);
      if (quiet) return;
    }
    const target = entry.target;
    if (target === null) return;
    if ("invalid" in target) report(`invalid ${raw}`, raw, target.invalid, from);
    else if ("missing" in target) {
      const why = options.explainMissing?.(target.missing);
      report(
        `missing ${target.missing}`,
        raw,
        why ?? `a page or file of this build (nothing is written at ${target.missing})`,
        from,
      );
    } else if (target.fragment !== "") entry.from.push(from);
  };

  for (const file of output.files) {
    const isPage = file.endsWith(".html");
    if (!isPage && !TEXT_FILES.test(file) && !file.endsWith(".css")) continue;
    const full = join(options.outputDir, file);
    const fileUrl = new URL(encodePath(file.replace(/(^|\/)index\.html$/, "$1")), base);
    if (isPage) {
      const page = readPageLinks(writtenText(options.written, full));
      idsOf.set(file, page.ids);
      for (const link of page.links) check(link, fileUrl, file, file);
    } else if (file.endsWith(".css")) {
      const text = writtenText(options.written, full);
      for (const match of text.matchAll(CSS_URL)) check(match[2] ?? "", fileUrl, file, file);
    } else {
      // Searched as bytes: most of a large build is JSON, and only its URLs need decoding.
      const bytes = writtenBytes(options.written, full);
      const servers = file.endsWith("openapi.json") ? serverUrlsOf(bytes.toString("utf8")) : undefined;
      forEachSiteUrl(bytes, originBytes, (url) => {
        if (!servers?.has(url)) check(url, fileUrl, file, file);
      });
    }
  }

  for (const { raw, target, from } of resolved.values()) {
    if (target === null || !("fragment" in target) || from.length === 0) continue;
    const { path, fragment } = target;
    if (!path.endsWith(".html") || isBuiltInFragment(fragment) || idsOf.get(path)?.has(fragment)) continue;
    for (const file of from)
      report(`fragment ${path}#${fragment}`, raw, `an element with id "${fragment}" on ${path}`, file);
  }
  return toProblems(dead);
}

/**
 * An OpenAPI document's server URLs: the root its paths are appended to, not a page (the blog
 * API's root `/blog` has no page of its own when the blog's pages live elsewhere).
 */
function serverUrlsOf(text: string): Set<unknown> {
  try {
    const { servers } = JSON.parse(text) as { servers?: unknown };
    return new Set(Array.isArray(servers) ? servers.map((server) => (server as { url?: unknown } | null)?.url) : []);
  } catch {
    // Not JSON: validation reports it; every URL in it is checked as usual.
    return new Set();
  }
}

/**
 * The file a URL names when it is a URL of this site: the target when the build wrote it, the
 * missing path when it did not, why when the URL cannot name a file, null when the URL leads
 * elsewhere (another site, a path outside the base path, `mailto:`, a URI template).
 */
function targetOf(
  raw: string,
  pageUrl: URL,
  base: URL,
  output: Output,
): Target | { missing: string } | { invalid: string } | null {
  // A URI template (`…/projects/{name}.json`, as the API index and docs publish) names no one file.
  if (raw === "" || raw.includes("{")) return null;
  if (SCHEME.test(raw) && !/^https?:/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, pageUrl);
  } catch {
    return { invalid: "a URL that parses" };
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
    // `/portfolio` itself (the base without its slash) is still this site's home.
    if (!(url.origin === base.origin && `${url.pathname}/` === base.pathname)) return null;
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname.slice(base.pathname.length));
  } catch {
    return { invalid: "a path whose %-escapes are UTF-8" };
  }
  // A top-level folder the build writes nothing into is served by something else on the same
  // host (a contact form, a blog hosted elsewhere): not this build's to check. A file at the
  // top level (`/sitemap.xml`) is always the build's.
  const slash = path.indexOf("/");
  if (slash >= 0 && !output.folders.has(path.slice(0, slash))) return null;
  const fragment = safeDecode(url.hash.slice(1));
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (output.files.has(path)) return { path, fragment };
  // Static hosts answer `/folder` with `/folder/` when the folder has an index page.
  if (output.files.has(`${path}/index.html`)) return { path: `${path}/index.html`, fragment };
  return { missing: path };
}

/** Fragments every page has: the top of the page, and text fragments (`#:~:text=`). */
function isBuiltInFragment(fragment: string): boolean {
  return fragment.toLowerCase() === "top" || fragment.startsWith(":~:");
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Calls `found` with each absolute URL of this site's origin in a text (JSON, XML, plain text)
 * given as its UTF-8 bytes, entity-decoded, without trailing punctuation. The origin is looked
 * for as it is written everywhere we write it (the URL parser's lower-case form), with the
 * native byte search: much faster than decoding the text or matching every URL in it, most of
 * which lead to other sites. Only each URL found is decoded.
 */
function forEachSiteUrl(bytes: Buffer, origin: Buffer, found: (url: string) => void): void {
  const length = bytes.length;
  for (let at = bytes.indexOf(origin); at >= 0; at = bytes.indexOf(origin, at + origin.length)) {
    let end = at + origin.length;
    // `https://margo.example.org` is another site.
    if (end < length && !AFTER_ORIGIN.has(bytes[end] ?? 0) && urlEndsAt(bytes, end) === 0) continue;
    let entities = false;
    while (end < length) {
      const byte = bytes[end] ?? 0;
      if (urlEndsAt(bytes, end) > 0) break;
      if (byte === AMPERSAND) entities = true;
      end += 1;
    }
    // Sentence punctuation right after a URL in text is not part of it.
    while (end > at + origin.length && TRAILING.has(bytes[end - 1] ?? 0)) end -= 1;
    const url = bytes.toString("utf8", at, end);
    found(entities ? decodeEntities(url) : url);
  }
}

/**
 * Whether a URL written in text ends at `at`, and how: 0 when it goes on, else the length of
 * the character that ends it. ASCII by the ENDS_URL table; a C1 control character (U+0080 to
 * U+009F, two bytes in UTF-8: C2 80 to C2 9F) ends it too; any other character goes on.
 */
function urlEndsAt(bytes: Buffer, at: number): number {
  const byte = bytes[at] ?? 0;
  if (byte < 0x80) return ENDS_URL[byte] === 1 ? 1 : 0;
  const next = bytes[at + 1] ?? 0;
  return byte === 0xc2 && next >= 0x80 && next <= 0x9f ? 2 : 0;
}

function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** The files of an output folder (relative, `/` separators) and its top-level folders. */
interface Output {
  files: ReadonlySet<string>;
  /** The folders at the top of the output folder. */
  folders: ReadonlySet<string>;
}

function listOutput(outputDir: string): Output {
  // A symbolic link is never published (the output step refuses them), so it is not read.
  const files = new Set(
    readdirSync(outputDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(outputDir, join(entry.parentPath, entry.name)).split(sep).join("/")),
  );
  const folders = new Set(
    readdirSync(outputDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
  return { files, folders };
}

/**
 * One problem per authored file and link. A link found only in built files (an API file, a
 * feed) is named once, by the first such file, since it usually repeats one page's link.
 */
function toProblems(dead: ReadonlyMap<string, DeadLink>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const link of dead.values()) {
    const field = `link ${link.shown}`;
    if (link.sources.size > 0) {
      for (const source of link.sources) problems.push({ file: source, field, expected: link.expected });
    } else {
      const [first = "", ...others] = [...new Set(link.builtFiles)].sort();
      const more =
        others.length === 0 ? "" : ` (and ${others.length} other built file${others.length === 1 ? "" : "s"})`;
      problems.push({ file: `${first}${more}`, field, expected: link.expected });
    }
  }
  return problems.sort(
    chain(
      (a, b) => byText(a.file, b.file),
      (a, b) => byText(a.field, b.field),
    ),
  );
}
