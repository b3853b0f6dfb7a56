import { join } from "node:path";
import type { ContentProblem } from "../content/content-error.ts";
import { filesUnder } from "../util/files-under.ts";
import { byText } from "../util/order.ts";
import { type WrittenFiles, writtenText } from "../util/written-files.ts";
import { decodeEntities } from "../util/html.ts";
import { safeDecode } from "../util/safe-url.ts";
import { readPageLinks } from "./html-links.ts";

/*
 * The after-build link check: every link to this site, in every file of the build, must lead to
 * a file of this build, and a fragment to an id on that page. Pages are read for their link
 * attributes (html-links.ts), JSON, feeds and text for this site's absolute URLs, stylesheets
 * for `url(…)`; each file once, ids collected in the same pass: linear in the build's size.
 */

export interface LinkCheckOptions {
  outputDir: string;
  /** The site's base URL without a trailing slash (`SiteConfig.baseUrl`): what "this site" means. */
  baseUrl: string;
  /** What the build just wrote, by absolute path; every other file is read from disk. */
  written?: WrittenFiles;
  /** The authored file a built file comes from (`blog/posts/a/index.html` -> `content/blog/posts/a.md`). */
  sourceOf?: ReadonlyMap<string, string>;
  /** Why nothing is at a path of the build, when the build knows (a draft or scheduled post). */
  explainMissing?(path: string): string | undefined;
  /**
   * Each file's links (and a page's ids) as read from its text, kept by `npm start` between its
   * builds: a file whose text is the same is not read again, and its links are checked again
   * only when the build's files are not the same (fragments always are). A file this build
   * does not have is forgotten.
   */
  read?: Map<string, FileLinks>;
  /** The folder's files (`filesUnder`, symbolic links left out), when the build listed it already. */
  listed?: readonly string[];
}

/** What the check reads of one file: the links in it and, for a page, its ids. */
export interface FileLinks {
  text: string;
  links: string[];
  ids?: Set<string>;
  /** Where its links lead in the build of `output`: the dead ones, and those with a fragment to look for. */
  found?: { output: Output; dead: Dead[]; fragments: Resolved[] };
}

/** The files of an output folder (relative, `/` separators) and the top-level folders that hold one. */
type Output = { files: ReadonlySet<string>; folders: ReadonlySet<string> };

/** Files read for absolute URLs of this site (JSON, feeds, the sitemap, the text card). */
const TEXT_FILES = /\.(json|xml|txt|ansi|webmanifest|rss|atom)$/i;
/**
 * What ends a URL written in a text: a blank or control character (C0, DEL, C1), a quote, a
 * tag, a backslash (a JSON escape).
 */
const URL_END = String.raw`\x00-\x20\x7f-\x9f"'<>\\\`|^`;
/** Punctuation that ends a sentence after a URL in text, not the URL. */
const TRAILING = ".,;:!?)]";
const CSS_URL = /url\(\s*(["']?)([^"')]+)\1\s*\)/gi;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** One URL as written, resolved once (`targetOf`); a `path` is relative to the output folder. */
interface Resolved {
  raw: string;
  target: { path: string; fragment: string } | { missing: string } | { invalid: string } | null;
}

/** A link that leads to no file of the build: its report key, as written, and why. */
interface Dead {
  key: string;
  shown: string;
  invalid?: string;
  missing?: string;
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
  const siteUrls = siteUrlFinder(base.origin);
  const files = new Set(options.listed ?? filesUnder(options.outputDir, (entry) => entry.isFile()));
  const folders = new Set([...files].filter((file) => file.includes("/")).map((file) => file.split("/")[0] ?? ""));
  let output: Output = { files, folders };
  // The same files as the last build's: a file whose text is the same finds what it found then.
  const last = [...(options.read?.values() ?? [])].find((read) => read.found)?.found?.output;
  if (last?.files.size === output.files.size && [...output.files].every((file) => last.files.has(file))) output = last;
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
  // a fragment is checked once every page's ids are known.
  const resolved = new Map<string, Resolved>();
  const find = (links: readonly string[], pageUrl: URL, pageKey: string): NonNullable<FileLinks["found"]> => {
    const found = { output, dead: [] as Dead[], fragments: [] as Resolved[] };
    for (const raw of links) {
      const key = raw.startsWith("/") || raw.startsWith("http") ? raw : `${pageKey} ${raw}`;
      let entry = resolved.get(key);
      if (entry === undefined) {
        // Copies: a substring is a view of its page's whole text, which it keeps alive (4,000 posts: 250 MiB).
        entry = { raw: structuredClone(raw), target: targetOf(raw, pageUrl, base, output) };
        resolved.set(structuredClone(key), entry);
      }
      const { target } = entry;
      // The common case: a URL that leads to a file, without a fragment, or elsewhere.
      if (target === null || ("fragment" in target && target.fragment === "")) continue;
      if ("invalid" in target) found.dead.push({ key: `invalid ${raw}`, shown: raw, invalid: target.invalid });
      else if ("missing" in target)
        found.dead.push({ key: `missing ${target.missing}`, shown: raw, missing: target.missing });
      else found.fragments.push(entry);
    }
    return found;
  };
  const fragments: [Resolved, string][] = [];

  const linksOf = (file: string, text: string): FileLinks => {
    if (file.endsWith(".html")) {
      const { links, ids } = readPageLinks(text);
      return { text, links, ids: new Set(Array.from(ids, (id) => structuredClone(id))) };
    }
    if (file.endsWith(".css")) return { text, links: [...text.matchAll(CSS_URL)].map((match) => match[2] ?? "") };
    const servers = file.endsWith("openapi.json") ? serverUrlsOf(text) : undefined;
    const links = siteUrls(text)
      .map((url) => withoutTrailing(url, base.origin.length))
      .map((url) => (url.includes("&") ? decodeEntities(url) : url))
      .filter((url) => !servers?.has(url));
    return { text, links };
  };
  const seen = new Set<string>();
  for (const file of output.files) {
    if (!file.endsWith(".html") && !TEXT_FILES.test(file) && !file.endsWith(".css")) continue;
    const text = writtenText(options.written, join(options.outputDir, file));
    const served = file.replace(/(^|\/)index\.html$/, "$1");
    const fileUrl = new URL(served.split("/").map(encodeURIComponent).join("/"), base);
    const key = `${options.baseUrl} ${file}`;
    seen.add(key);
    let read = options.read?.get(key);
    if (read?.text !== text) {
      read = linksOf(file, text);
      options.read?.set(key, read);
    }
    if (read.ids) idsOf.set(file, read.ids);
    if (read.found?.output !== output) read.found = find(read.links, fileUrl, file);
    for (const { key, shown, invalid, missing = "" } of read.found.dead) {
      const why = invalid ?? options.explainMissing?.(missing);
      report(key, shown, why ?? `a page or file of this build (nothing is written at ${missing})`, file);
    }
    for (const entry of read.found.fragments) fragments.push([entry, file]);
  }
  for (const key of options.read?.keys() ?? []) if (!seen.has(key)) options.read?.delete(key);

  for (const [{ raw, target }, file] of fragments) {
    if (target === null || !("fragment" in target)) continue;
    const { path, fragment } = target;
    // Every page has these: the top of the page, and text fragments (`#:~:text=`).
    const builtIn = fragment.toLowerCase() === "top" || fragment.startsWith(":~:");
    if (!path.endsWith(".html") || builtIn || idsOf.get(path)?.has(fragment)) continue;
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
function targetOf(raw: string, pageUrl: URL, base: URL, output: Output): Resolved["target"] {
  // A URI template (`…/projects/{name}.json`, as the API index and docs publish) names no one file.
  if (raw === "" || raw.includes("{")) return null;
  if (SCHEME.test(raw) && !/^https?:/i.test(raw)) return null;
  const url = URL.parse(raw, pageUrl);
  if (url === null) return { invalid: "a URL that parses" };
  // `/portfolio` itself (the base without its slash) is still this site's home.
  const inside = url.pathname.startsWith(base.pathname) || `${url.pathname}/` === base.pathname;
  if (url.origin !== base.origin || !inside) return null;
  let path = safeDecode(url.pathname.slice(base.pathname.length), null);
  if (path === null) return { invalid: "a path whose %-escapes are UTF-8" };
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

/**
 * The absolute URLs of this site's origin in a text (JSON, XML, plain text): the origin as the
 * URL parser writes it (lower case, an international name in punycode), as we write it
 * everywhere, then a path, query or fragment up to what ends a URL. `https://margo.example.org`
 * is another site. Found as text and read on from where a URL ends, so each character once: a
 * megabyte of URLs without a blank took minutes when each one's tail was read as a URL again.
 */
function siteUrlFinder(origin: string): (text: string) => string[] {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const url = new RegExp(`${escaped}(?:[/?#][^${URL_END}]*)?(?![^${URL_END}])`, "y");
  return (text) => {
    const found: string[] = [];
    for (let at = text.indexOf(origin); at >= 0; ) {
      url.lastIndex = at;
      const match = url.exec(text)?.[0];
      if (match) found.push(match);
      at = text.indexOf(origin, at + (match?.length ?? 1));
    }
    return found;
  };
}

/** `url` less TRAILING punctuation past `keep` (its origin: `[::1]`), from the end (`/[.,]+$/` is quadratic). */
function withoutTrailing(url: string, keep: number): string {
  let end = url.length;
  while (end > keep && TRAILING.includes(url.charAt(end - 1))) end -= 1;
  return url.slice(0, end);
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
  return problems.sort((a, b) => byText(a.file, b.file) || byText(a.field, b.field));
}
