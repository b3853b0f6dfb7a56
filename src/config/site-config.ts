import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { DateTime } from "luxon";
import { checkShape } from "../content/check-shape.ts";
import { ContentError } from "../content/content-error.ts";
import { SiteFile } from "../content/content-schemas.ts";
import { displayPath, readYaml } from "../content/read-files.ts";

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
}

export interface ConfigEnvironment {
  SITE_URL?: string | undefined;
  SOURCE_DATE_EPOCH?: string | undefined;
  CONTENT_DIR?: string | undefined;
}

/** Reads `content/site.yaml` and the environment (`SITE_URL`, `SOURCE_DATE_EPOCH`, `CONTENT_DIR`). */
export function readSiteConfig(env: ConfigEnvironment = process.env): SiteConfig {
  const contentDir = resolve(env.CONTENT_DIR ?? "content");
  if (!existsSync(contentDir)) {
    throw new ContentError([{ file: displayPath(contentDir), field: "(folder)", expected: "the content folder to exist (set CONTENT_DIR to use another)" }]);
  }
  const siteFile = resolve(contentDir, "site.yaml");
  const site = checkShape(SiteFile, readYaml(siteFile), siteFile);
  if (!DateTime.local().setZone(site.timezone).isValid) {
    throw new ContentError([{ file: displayPath(siteFile), field: "timezone", expected: "an IANA time zone such as Europe/Berlin or UTC", actual: site.timezone }]);
  }
  const base = parseBaseUrl(env.SITE_URL && env.SITE_URL.trim() !== "" ? env.SITE_URL : site.url, env.SITE_URL ? "SITE_URL" : displayPath(siteFile));
  return {
    baseUrl: base.origin + base.path,
    basePath: base.path,
    contentDir,
    buildTime: buildClock(env.SOURCE_DATE_EPOCH),
    site,
    blogUrl: absoluteUrl(base.origin + base.path, site.blog.url),
  };
}

function parseBaseUrl(value: string, source: string): { origin: string; path: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ContentError([{ file: source, field: "url", expected: "an absolute http(s) URL such as https://owner.github.io/portfolio", actual: value }]);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ContentError([{ file: source, field: "url", expected: "an http or https URL", actual: value }]);
  }
  if (url.search || url.hash) {
    throw new ContentError([{ file: source, field: "url", expected: "a base URL without query or fragment", actual: value }]);
  }
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, "") };
}

function buildClock(epoch: string | undefined): Date {
  if (epoch === undefined || epoch.trim() === "") return new Date(Math.floor(Date.now() / 1000) * 1000);
  if (!/^\d+$/.test(epoch.trim())) {
    throw new ContentError([{ file: "SOURCE_DATE_EPOCH", field: "(environment)", expected: "whole seconds since 1970-01-01 UTC", actual: epoch }]);
  }
  return new Date(Number(epoch.trim()) * 1000);
}

/** Joins a site path (starting with `/`) or keeps an absolute URL, relative to the base URL. */
export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith("/") ? pathOrUrl : `/${pathOrUrl}`;
  return baseUrl + path;
}

/** Formats an instant the way every date-time in the APIs is written: UTC, whole seconds. */
export function isoInstant(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
