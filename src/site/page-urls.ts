import type { SiteConfig } from "../config/site-config.ts";

/** Every social image (Open Graph) is this size, in pixels. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The one place that says where the site's pages live. The APIs link to these pages, and the
 * HTML site builds them at the same paths.
 */
export interface PageUrls {
  home: string;
  projects: string;
  project(name: string): string;
  domain(id: string): string;
  now: string;
  awards: string;
  pulls: string;
  apiDocs: string;
  ogImage(name: string): string;
  /** The social image of every page that has none of its own. */
  siteOgImage: string;
  pgpKey: string;
  /** The security contact file (RFC 9116), when the profile gives a contact. */
  securityTxt: string;
  /** The site-relative path of one of this site's URLs (with the base path), for same-origin links. */
  pathOf(url: string): string;
}

export function pageUrls(config: SiteConfig): PageUrls {
  const at = (path: string) => config.baseUrl + path;
  const origin = new URL(config.baseUrl).origin;
  return {
    home: at("/"),
    projects: at("/projects/"),
    project: (name) => at(`/projects/${encodeURIComponent(name)}/`),
    domain: (id) => at(`/domains/${encodeURIComponent(id)}/`),
    now: at("/now/"),
    awards: at("/awards/"),
    pulls: at("/pulls/"),
    apiDocs: at("/docs/api/"),
    ogImage: (name) => at(`/og/projects/${encodeURIComponent(name)}.png`),
    siteOgImage: at("/og/site.png"),
    pgpKey: at("/pgp.asc"),
    securityTxt: at("/.well-known/security.txt"),
    pathOf: (url) => {
      const parsed = new URL(url);
      return parsed.origin === origin ? parsed.pathname + parsed.search + parsed.hash : url;
    },
  };
}
