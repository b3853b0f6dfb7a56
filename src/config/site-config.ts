import { statSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { checkShape } from "../content/check-shape.ts";
import { ContentError, type ContentProblem } from "../content/content-error.ts";
import { MAX_BASE_URL_CHARACTERS, overStringLimit } from "../content/content-limits.ts";
import { type LEAVE_OUT, SiteFile } from "../content/content-schemas.ts";
import { checkContentPath, displayPath, readYaml } from "../content/read-files.ts";
import { isPublishableUrl } from "../github/entry-check.ts";
import { findControlCharacter } from "../util/control-characters.ts";
import { PORTFOLIO_FOLDERS, publishedUrl, rebasedUrl } from "./site-paths.ts";
import { expectedUrl, isSafeAbsoluteUrl, safeDecode } from "../util/safe-url.ts";

/** Everything the build needs to know about where and when it runs; read once, passed everywhere. */
export interface SiteConfig {
  /** Absolute base URL without a trailing slash, e.g. `https://owner.github.io/portfolio`. */
  baseUrl: string;
  /** Path part of the base URL without a trailing slash: `""` for a root site, `/portfolio` otherwise. */
  basePath: string;
  /** Absolute path of the content folder. */
  contentDir: string;
  /** The build clock: `SOURCE_DATE_EPOCH` when set, so builds are reproducible. */
  buildTime: Date;
  site: SiteFile;
  /** The blog's home page as an absolute URL. */
  blogUrl: string;
  /**
   * The sections with nothing to show (no award, no pull request): their pages are not written,
   * and navigation, sitemap and search leave them out. Set by src/eleventy/build-data.ts.
   */
  emptySections?: readonly OptionalSection[];
  /** Under `npm start` only: drafts are shown, each marked as one. A build never shows them. */
  drafts?: boolean;
  /**
   * The owner's fediverse handle (`@name@host`) when a profile link is a fediverse profile: every
   * page names it in `<meta name="fediverse:creator">`. Set by the build from profile.yaml.
   */
  fediverseCreator?: string;
}

/** Whether the site publishes `part`: not named in site.yaml's `leave_out`. */
export function publishes(config: SiteConfig, part: (typeof LEAVE_OUT)[number]): boolean {
  return !config.site.leave_out?.includes(part);
}

/** `@name@host` for a fediverse profile URL (`https://host/@name`), else undefined. */
export function fediverseHandle(url: string): string | undefined {
  const match = /^https:\/\/([a-z0-9.-]+)\/@([A-Za-z0-9_]+)\/?$/i.exec(url);
  return match ? `@${match[2]}@${match[1]?.toLowerCase()}` : undefined;
}

/** A section of the site that may have nothing to show. */
export type OptionalSection = "awards" | "pulls";

/** Whether the site shows `section` (see `emptySections`). */
export function shows(config: SiteConfig, section: OptionalSection): boolean {
  return !config.emptySections?.includes(section);
}

/**
 * Reads `content/site.yaml` and the environment. Under `npm start`, `previewOrigin` replaces the
 * origin of site.yaml's `url` unless `SITE_URL` is set (docs/architecture.md, "Paths and URLs").
 */
export function readSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const contentDir = resolve(env.CONTENT_DIR ?? "content");
  checkContentFolder(contentDir);
  const siteFile = resolve(contentDir, "site.yaml");
  const site = checkShape(SiteFile, readYaml(siteFile, contentDir), siteFile);
  const problems = [...checkBlogUrl(site.blog.url, siteFile), ...checkBlogFeed(site.blog.feed, contentDir, siteFile)];
  const timezone = ianaZone(site.timezone);
  if (timezone) site.timezone = timezone;
  else {
    const expected = "an IANA time zone such as Europe/Berlin or UTC";
    problems.push({ file: displayPath(siteFile), field: "timezone", expected, actual: site.timezone });
  }
  if (problems.length > 0) throw new ContentError(problems);
  const envUrl = env.SITE_URL?.trim();
  const configured = envUrl ? parseBaseUrl(envUrl, "SITE_URL") : parseBaseUrl(site.url, displayPath(siteFile));
  const base = env.ELEVENTY_RUN_MODE === "serve" && !envUrl ? { ...configured, origin: previewOrigin() } : configured;
  const location = { baseUrl: base.origin + base.path, basePath: base.path };
  // A `blog.url` path is under the base path (checked above to start with `/`); a URL stays as it
  // is, unless it is at the site's canonical address: then the blog is this build's (`rebasedUrl`).
  const blogPath = site.blog.url.startsWith("/")
    ? location.basePath + site.blog.url
    : rebasedUrl({ ...location, site }, site.blog.url);
  return {
    ...location,
    contentDir,
    buildTime: buildClock(env.SOURCE_DATE_EPOCH),
    site,
    blogUrl: publishedUrl(location, blogPath),
    drafts: env.ELEVENTY_RUN_MODE === "serve",
  };
}

/**
 * The zone `name` names, in its case when only the case differs (`europe/berlin`), or null when
 * Intl (as init) does not read it or it is an offset: luxon read `UTC+5`, which no tz database names.
 */
export function ianaZone(name: string): string | null {
  let zone: string;
  try {
    zone = new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (/^[+-]/.test(zone)) return null;
  return zone.toLowerCase() === name.toLowerCase() ? zone : name;
}

/**
 * The origin the preview's pages name under `npm start` (`http://localhost:8080`, or Eleventy's
 * `--port`): the one the owner opens, so that the strict CSP (`'self'`) lets everything load.
 */
export function previewOrigin(): string {
  const { port } = parseArgs({ options: { port: { type: "string" } }, strict: false }).values;
  return `http://localhost:${typeof port === "string" && /^\d{1,5}$/.test(port) ? port : 8080}`;
}

/** The content folder must be a folder: a file or nothing there is said in words, not as ENOTDIR. */
function checkContentFolder(contentDir: string): void {
  const where = { file: displayPath(contentDir), field: "(folder)" };
  let isFolder: boolean;
  try {
    isFolder = statSync(contentDir).isDirectory();
  } catch {
    throw new ContentError([{ ...where, expected: "the content folder to exist (set CONTENT_DIR to use another)" }]);
  }
  if (!isFolder) throw new ContentError([{ ...where, expected: "a folder of content (CONTENT_DIR names a file)" }]);
}

const BLOG_PATH =
  "a path such as /blog/ (starting with `/`, without `.` or `..` segments, `//`, `\\`, `?`, `#`, blanks or control characters)";

/**
 * `blog.url` names the blog's folder: a path must not climb out (`../../etc/`) or mean another
 * host (`//host`, `\`); an absolute URL (a blog hosted elsewhere) must pass the one URL check.
 */
function checkBlogUrl(value: string, siteFile: string): ContentProblem[] {
  const at = { file: displayPath(siteFile), field: "blog.url" };
  // Not quoted; each link of the blog's feed starts with it, and may have 10,000 characters.
  const long = overStringLimit(value, "a URL or path", MAX_BASE_URL_CHARACTERS);
  if (long) return [{ ...at, expected: long }];
  // `https://host//blog/` would make page paths `//blog/posts/…`, links to another host. (As
  // unknown: the type guard's false branch would narrow `value` to never.)
  if (isSafeAbsoluteUrl(value as unknown) && !new URL(value).pathname.includes("//")) return [];
  // A segment whose %-escapes are not UTF-8 is refused as `..` is.
  const decoded = value.split("/").map((segment) => safeDecode(segment, ".."));
  const safePath =
    value.startsWith("/") &&
    !value.includes("//") &&
    !/[\\?#\s]/.test(value) &&
    findControlCharacter(value) === null &&
    !decoded.some((segment) => segment === "." || segment === ".." || /[\\/]/.test(segment));
  if (!safePath) return [{ ...at, expected: `${expectedUrl("web")}, or ${BLOG_PATH}`, actual: value }];
  // `/`, `/projects/` or `/sitemap.xml/` would write the blog's pages over the portfolio's files.
  const path = `${decoded.join("/")}/`.toLowerCase();
  const taken = /^\/(\/|[^/]*\.|_)/.test(path) || PORTFOLIO_FOLDERS.split(" ").some((f) => path.startsWith(`/${f}/`));
  const expected = `a folder of the blog's own: not /, a name with \`.\` or a leading \`_\` (as the site's files), /${PORTFOLIO_FOLDERS.replaceAll(" ", "/, /")}/`;
  return taken ? [{ ...at, expected, actual: value }] : [];
}

/** `blog.feed`: an absolute URL that passes the one URL check, or a file inside content/ reached through no symbolic link. */
function checkBlogFeed(value: string | undefined, contentDir: string, siteFile: string): ContentProblem[] {
  if (value === undefined) return [];
  const problem = (why: string): ContentProblem[] => {
    const expected = `a path under content/, or ${expectedUrl("web")} (${why})`;
    return [{ file: displayPath(siteFile), field: "blog.feed", expected, actual: value }];
  };
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return isSafeAbsoluteUrl(value) ? [] : problem("this URL is refused");
  if (value.includes("\\") || findControlCharacter(value) !== null)
    return problem("no backslashes or control characters");
  try {
    checkContentPath(contentDir, resolve(contentDir, value));
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return problem(error.problems.map((p) => `${p.file}: ${p.expected}`).join("; "));
  }
  return [];
}

/** The base URL (SITE_URL or site.yaml's `url`): not too long, and by the one URL check (no credentials, blanks, controls). */
function parseBaseUrl(value: string, source: string): { origin: string; path: string } {
  // Checked first, and not quoted: a URL of 100,000 characters is no base URL to print whole.
  const long = overStringLimit(value, "a base URL", MAX_BASE_URL_CHARACTERS);
  if (long) throw new ContentError([{ file: source, field: "url", expected: long }]);
  const refuse = (expected: string) => new ContentError([{ file: source, field: "url", expected, actual: value }]);
  if (!isSafeAbsoluteUrl(value)) throw refuse("an absolute http(s) URL such as https://owner.github.io/portfolio");
  const url = new URL(value);
  if (!isPublishableUrl(url.href)) throw refuse("a URI as the APIs publish it: `|` or a lone `%` written %7C or %25");
  if (url.search || url.hash) throw refuse("a base URL without query or fragment");
  if (url.pathname.includes("//")) throw refuse("a base URL whose path has no empty segment (`//`)");
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, "") };
}

const LAST_SECOND_OF_9999 = 253_402_300_799;

function buildClock(epoch: string | undefined): Date {
  const seconds = epoch?.trim();
  if (!seconds) return new Date(Math.floor(Date.now() / 1000) * 1000);
  // Up to the end of 9999, like every date of the content: ISO 8601 years have four digits.
  if (!/^\d{1,12}$/.test(seconds) || Number(seconds) > LAST_SECOND_OF_9999) {
    const expected = "whole seconds since 1970-01-01 UTC, up to 253402300799 (the end of 9999)";
    throw new ContentError([{ file: "SOURCE_DATE_EPOCH", field: "(environment)", expected, actual: epoch }]);
  }
  return new Date(Number(seconds) * 1000);
}
