import { dateToRfc3339 } from "@11ty/eleventy-plugin-rss";
import type { PortfolioModel } from "../model/portfolio-model.ts";
import { publishedUrl, sitePaths } from "../config/site-paths.ts";

/**
 * How long a published security.txt stays valid. RFC 9116 asks for less than a year; the
 * nightly rebuild moves the date on, so a site that stops being built lets it lapse, which is
 * the honest signal that nobody may be reading the contact any more.
 */
const VALID_DAYS = 180;

/**
 * `/.well-known/security.txt` (RFC 9116) from the profile's optional `security` block, or null
 * without a contact. Contacts, policy (checked URLs) and languages (tags) are written as they
 * are; the site's title is folded onto one line, since a line break would start a field.
 */
export function securityTxt(model: PortfolioModel): string | null {
  const security = model.profile.security;
  if (!security) return null;
  const paths = sitePaths(model.config);
  const url = (path: string) => publishedUrl(model.config, path);
  const title = model.config.site.title.replace(/[\r\n\u2028\u2029]+/g, " ");
  // No later than the end of 9999, the build clock's own limit: a year of five digits is no date of RFC 3339.
  const expires = new Date(
    Math.min(model.config.buildTime.getTime() + VALID_DAYS * 864e5, Date.UTC(9999, 11, 31, 23, 59, 59)),
  );
  const lines = [
    `# How to report a security problem with ${title} (RFC 9116).`,
    ...security.contact.map((contact) => `Contact: ${contact}`),
    `Expires: ${dateToRfc3339(expires)}`,
    ...(model.pgp ? [`Encryption: ${url(paths.pgpKey)}`] : []),
    ...(security.preferred_languages ? [`Preferred-Languages: ${security.preferred_languages.join(", ")}`] : []),
    ...(security.policy ? [`Policy: ${security.policy}`] : []),
    `Canonical: ${url(paths.securityTxt)}`,
  ];
  return `${lines.join("\n")}\n`;
}
