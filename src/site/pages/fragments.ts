import { DateTime } from "luxon";
import { html, raw, type SafeHtml } from "../../util/html.ts";
import type { ProjectSummary } from "../../schemas/portfolio/projects.ts";
import type { SitePaths } from "../../config/site-paths.ts";

// Lists repeat the same dates many times (a post is in its tags, the index, the archive).
const readable = new Map<string, string>();
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A date alone, or a date-time with `Z` or an offset (what our files and GitHub hold). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `2026-11-18T…` or `2026-11-18` → "18 Nov 2026" (English, the site's language), the day as it
 * is in `zone`; a date alone is that calendar day in any zone.
 */
export function readableDate(iso: string | null, zone = "UTC"): string {
  if (!iso) return "never";
  const key = `${iso}\u0000${zone}`;
  let text = readable.get(key);
  if (text === undefined) {
    text = quickReadableDate(iso, zone) ?? luxonReadableDate(iso, zone);
    readable.set(key, text);
  }
  return text;
}

/**
 * The common forms, read without luxon: one Intl call instead of a parse, two zone changes
 * and a format (thousands of dates per build). Null for anything else.
 */
function quickReadableDate(iso: string, zone: string): string | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  if (!match[4]) return dayText(Number(match[1]), Number(match[2]), Number(match[3]));
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  let format = dayFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "numeric", day: "numeric" });
    } catch {
      return null;
    }
    dayFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return dayText(Number(parts.year), Number(parts.month), Number(parts.day));
}

function dayText(year: number, month: number, day: number): string | null {
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

function luxonReadableDate(iso: string, zone: string): string {
  const date = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
  return date.isValid ? date.setLocale("en").toFormat("d LLL yyyy") : iso;
}

/** A `<time>` element with a machine-readable value. */
export function time(iso: string | null, zone = "UTC"): SafeHtml {
  return iso ? html`<time datetime="${iso}">${readableDate(iso, zone)}</time>` : html`never`;
}

const MEDALS: Record<string, string> = { gold: "🥇", silver: "🥈", bronze: "🥉" };

/** A project as a card in lists: name, tagline, domain, languages, stars, award. */
export function projectCard(project: ProjectSummary, paths: SitePaths): SafeHtml {
  return html`<li class="card">
<h3><a href="${paths.project(project.name)}">${project.name}</a></h3>
<p>${project.tagline}</p>
<p class="meta"><span>${project.cluster.title}</span> · <span>${project.languages.join(", ")}</span> · <span><span aria-hidden="true">★ </span>${project.stars}<span class="sr-only"> stars</span></span>${
    project.award
      ? html` · <span>${MEDALS[project.award.medal] ?? ""} ${project.award.place}, ${project.award.event}</span>`
      : ""
  }</p>
</li>`;
}

/**
 * A link to a tag's page. The tag alone ("go", "more") can read as a vague link out of context,
 * so a screen reader hears "Posts tagged go"; the page shows the tag as before.
 */
export function tagLink(name: string, path: string): SafeHtml {
  return html`<a href="${path}"><span class="sr-only">Posts tagged </span>${name}</a>`;
}

/**
 * Rendered Markdown for a page: a code block that scrolls sideways gets `tabindex="0"`, so a
 * keyboard can reach and scroll it (WCAG 2.1.1). Done here, not in the renderer, so the API's
 * `content_html` stays as it is. Only the renderer's own `<pre>` is matched: sanitized raw
 * HTML never carries a bare `<` inside a tag, and code text is escaped.
 */
export function proseHtml(rendered: string): SafeHtml {
  return raw(rendered.replaceAll("<pre>", '<pre tabindex="0">'));
}

/** A list of tags as small labels. */
export function tagList(tags: string[]): SafeHtml {
  return tags.length === 0
    ? html``
    : html`<p class="sr-only">Tags:</p><ul class="tags">${tags.map((tag) => html`<li>${tag}</li>`)}</ul>`;
}

export function medal(medalName: string): string {
  return MEDALS[medalName] ?? "";
}
