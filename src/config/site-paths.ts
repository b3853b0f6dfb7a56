import { OutputPathError } from "../util/output-path.ts";
import type { SiteConfig } from "./site-config.ts";

/*
 * The one module that owns the site's paths: each is site-relative with the base path
 * (`/folio/projects/x/`), as a link inside the site needs. `publishedUrl` makes an absolute URL
 * where one is published, `outputFileOf` the file a path is served from, and `linkTarget` goes
 * the other way for a URL that comes as data. API path templates are in src/api/*\/paths.ts.
 */

/** Every social image (Open Graph, under `og/`) is this size, in pixels. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Files at the top of the site that browsers, crawlers and hosts ask for by these names. */
export const TOP_LEVEL_FILES = {
  favicon: "favicon.ico",
  appleTouchIcon: "apple-touch-icon.png",
  sitemap: "sitemap.xml",
  robotsTxt: "robots.txt",
  llmsTxt: "llms.txt",
  llmsFullTxt: "llms-full.txt",
  notFound: "404.html",
} as const;

/** The folder of the site's own assets (site-assets/: stylesheet, palette, icon) in the output. */
export const ASSETS_FOLDER = "assets";

/** The web font in `ASSETS_FOLDER`: Inter's latin subset, the variable weights (src/eleventy/site-assets.ts). */
export const SITE_FONT = "inter-latin.woff2";

/** The full-text search index (Pagefind's files, src/eleventy/search-index.ts) in the output. */
export const SEARCH_FOLDER = "pagefind";

/** Where the blog API's files live under the site's base path. */
export const BLOG_API_ROOT = "/blog";

/** The top folders of the portfolio (and the blog API's folder): the blog's pages need another. */
export const PORTFOLIO_FOLDERS = `projects domains now awards pulls docs api og images ${ASSETS_FOLDER} ${SEARCH_FOLDER} ${BLOG_API_ROOT.slice(1)}/api`;

/** Path templates that every API has, relative to its root (`""`, or `BLOG_API_ROOT`). */
export const COMMON_API_PATHS = {
  schema: "/api/v1/schemas/{name}.json",
  manifest: "/api/v1/manifest.json",
} as const;

/** Every path of the site, with the base path. Names are encoded, so any name makes one segment. */
export type SitePaths = ReturnType<typeof makePaths>;

/**
 * A path template filled with its parameters, each encoded as one segment:
 * `/api/v1/projects/{name}.json` with `{name: "a b"}` → `/api/v1/projects/a%20b.json`.
 */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

// By site location, not by configuration object: Eleventy hands each page its own copy of
// the global data, so a cache by object missed on every page (50 ms of a 1,000-post build).
const cache = new Map<string, SitePaths>();

/** The site's paths for one configuration: they depend on its URLs only. */
export function sitePaths(config: SiteConfig): SitePaths {
  const key = `${config.baseUrl}\n${config.basePath}\n${config.blogUrl}`;
  if (!cache.has(key)) cache.set(key, makePaths(config));
  return cache.get(key) as SitePaths;
}

function makePaths(config: SiteConfig) {
  const base = config.basePath;
  const at = (path: string) => base + path;
  const segment = encodeURIComponent;
  // The blog's home as `linkTarget` gives it, with a trailing slash: its pages are folders under it.
  const blog = linkTarget(config, config.blogUrl);
  const blogHome = blog.endsWith("/") ? blog : `${blog}/`;
  return {
    home: at("/"),
    projects: at("/projects/"),
    project: (name: string) => at(`/projects/${segment(name)}/`),
    domain: (id: string) => at(`/domains/${segment(id)}/`),
    now: at("/now/"),
    awards: at("/awards/"),
    pulls: at("/pulls/"),
    apiDocs: at("/docs/api/"),
    sitemap: at(`/${TOP_LEVEL_FILES.sitemap}`),
    robotsTxt: at(`/${TOP_LEVEL_FILES.robotsTxt}`),
    llmsTxt: at(`/${TOP_LEVEL_FILES.llmsTxt}`),
    llmsFullTxt: at(`/${TOP_LEVEL_FILES.llmsFullTxt}`),
    ogImage: (name: string) => at(`/og/projects/${segment(name)}.png`),
    /** The social image of every page that has none of its own. */
    siteOgImage: at("/og/site.png"),
    pgpKey: at("/pgp.asc"),
    /** The security contact file (RFC 9116), when the profile gives a contact. */
    securityTxt: at("/.well-known/security.txt"),
    appleTouchIcon: at(`/${TOP_LEVEL_FILES.appleTouchIcon}`),
    /** An image of the portfolio's own (the profile's photo), by its path inside the content folder. */
    image: (inside: string) => at(`/images/${inside.split("/").map(segment).join("/")}`),
    /** Pagefind's script, which the palette imports for full-text search. */
    searchScript: at(`/${SEARCH_FOLDER}/pagefind.js`),
    /** A file of the site's own assets folder, e.g. `asset("site.css")`. */
    asset: (file: string) => at(`/${ASSETS_FOLDER}/${file.split("/").map(segment).join("/")}`),
    /** The blog's pages: paths, or absolute URLs when `blog.url` puts the blog on another host. */
    blog: {
      /** Always ends with `/`. */
      home: blogHome,
      post: (slug: string) => `${blogHome}posts/${segment(slug)}/`,
      tag: (slug: string) => `${blogHome}tags/${segment(slug)}/`,
      archive: `${blogHome}archive/`,
      apiDocs: `${blogHome}docs/api/`,
      /** An image of `blog/images/`, by its path inside that folder (`maps/a b.png`: each name encoded). */
      image: (inside: string) => `${blogHome}images/${inside.split("/").map(segment).join("/")}`,
    },
    /** A portfolio API file from its route template (src/api/portfolio/paths.ts). */
    portfolioApi: (template: string, params: Record<string, string> = {}) => at(fillPath(template, params)),
    /** A blog API file from its route template (src/api/blog/paths.ts). */
    blogApi: (template: string, params: Record<string, string> = {}) => at(BLOG_API_ROOT + fillPath(template, params)),
  };
}

/**
 * How a page links to a URL that comes as data (a post read from a feed, the blog's URL): its
 * path when it is on this site's host, so links stay on the host the site is viewed on.
 */
export function linkTarget(config: SiteConfig, url: string): string {
  return linkFrom(originOf(config), url);
}

/** How a page on `origin` links to `url`: its path when it is on that origin, else the URL itself. */
export function linkFrom(origin: string, url: string): string {
  const parsed = new URL(url);
  return parsed.origin === origin ? parsed.pathname + parsed.search + parsed.hash : url;
}

/**
 * A URL written in content as this build publishes it: one under site.yaml's `url` (base path
 * included) moves to this build's base URL, so a preview links to its own pages (and the link
 * check checks them); any other URL is returned as written.
 */
export function rebasedUrl(
  config: Pick<SiteConfig, "baseUrl" | "basePath"> & { site: { url: string } },
  url: string,
): string {
  const canonical = URL.parse(config.site.url);
  const parsed = URL.parse(url);
  if (canonical === null || parsed === null) return url;
  const base = canonical.origin + canonical.pathname.replace(/\/+$/, "");
  if (base === config.baseUrl) return url;
  const inside = (parsed.origin + parsed.pathname).slice(base.length);
  const under = (parsed.origin + parsed.pathname).startsWith(base) && (inside === "" || inside.startsWith("/"));
  return under ? publishedUrl(config, config.basePath + inside + parsed.search + parsed.hash) : url;
}

/** Where the site is published: all that `publishedUrl` needs, so site-config.ts can use it too. */
export type SiteLocation = Pick<SiteConfig, "baseUrl" | "basePath">;

function originOf(config: SiteLocation): string {
  return config.baseUrl.slice(0, config.baseUrl.length - config.basePath.length);
}

/**
 * The absolute URL of a site path, for the places that publish one (API fields, feeds, canonical
 * and og tags, the sitemap, JSON-LD); an absolute URL (a blog on another host) as it is.
 */
export function publishedUrl(config: SiteLocation, path: string): string {
  return path.startsWith("/") && !path.startsWith("//") ? originOf(config) + path : path;
}

/**
 * A file of the API at `root` as a site path: its route template filled with `params`, or with
 * its `{placeholders}` kept without them, as the API index lists a templated route.
 */
export function apiPath(config: SiteConfig, root: string, template: string, params?: Record<string, string>): string {
  return config.basePath + root + (params === undefined ? template : fillPath(template, params));
}

/** The absolute URL of the API at `root` without a trailing slash: OpenAPI's `servers` URL. */
export function apiServerUrl(config: SiteConfig, root: string): string {
  return publishedUrl(config, `${config.basePath}${root}/`).slice(0, -1);
}

/** The site path of an output file, each name encoded: the reverse of `outputFileOf`. */
export function pathOfOutputFile(config: SiteConfig, file: string): string {
  return `${config.basePath}/${file.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * The output file of a site path (`/folio/projects/x/` → `projects/x/index.html`, names decoded);
 * null outside this site. The caller still passes it through `outputPath`.
 */
export function outputFileOf(config: Pick<SiteConfig, "basePath">, path: string): string | null {
  if (!path.startsWith(`${config.basePath}/`) || path.startsWith("//")) return null;
  const inside = path.slice(config.basePath.length + 1);
  const file = inside === "" || inside.endsWith("/") ? `${inside}index.html` : inside;
  // One encoded segment is one file name: an encoded `/` must not open another folder.
  if (/%2f/i.test(file)) throw new OutputPathError(path, "a name in it holds a slash");
  const decoded = decodeURIComponent(file);
  if (decoded.includes("\\")) throw new OutputPathError(path, "it contains a backslash");
  return decoded;
}
