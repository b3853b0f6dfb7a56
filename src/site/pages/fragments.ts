import { DateTime } from "luxon";
import { html, type SafeHtml } from "../../util/html.ts";
import type { ProjectSummary } from "../../schemas/portfolio/projects.ts";
import type { PageUrls } from "../page-urls.ts";

// Lists repeat the same dates many times (a post is in its tags, the index, the archive).
const readable = new Map<string, string>();

/** `2026-11-18T…` or `2026-11-18` → "18 Nov 2026" (English, the site's language). */
export function readableDate(iso: string | null, zone = "UTC"): string {
  if (!iso) return "never";
  const key = `${iso}\u0000${zone}`;
  let text = readable.get(key);
  if (text === undefined) {
    const date = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
    text = date.isValid ? date.setLocale("en").toFormat("d LLL yyyy") : iso;
    readable.set(key, text);
  }
  return text;
}

/** A `<time>` element with a machine-readable value. */
export function time(iso: string | null, zone = "UTC"): SafeHtml {
  return iso ? html`<time datetime="${iso}">${readableDate(iso, zone)}</time>` : html`never`;
}

const MEDALS: Record<string, string> = { gold: "🥇", silver: "🥈", bronze: "🥉" };

/** A project as a card in lists: name, tagline, domain, languages, stars, award. */
export function projectCard(project: ProjectSummary, pages: PageUrls): SafeHtml {
  return html`<li class="card">
<h3><a href="${pages.pathOf(project.urls.page)}">${project.name}</a></h3>
<p>${project.tagline}</p>
<p class="meta"><span>${project.cluster.title}</span> · <span>${project.languages.join(", ")}</span> · <span><span aria-hidden="true">★ </span>${project.stars}<span class="sr-only"> stars</span></span>${
    project.award ? html` · <span>${MEDALS[project.award.medal] ?? ""} ${project.award.place}, ${project.award.event}</span>` : ""
  }</p>
</li>`;
}

/** A list of tags as small labels. */
export function tagList(tags: string[]): SafeHtml {
  return tags.length === 0 ? html`` : html`<p class="sr-only">Tags:</p><ul class="tags">${tags.map((tag) => html`<li>${tag}</li>`)}</ul>`;
}

export function medal(medalName: string): string {
  return MEDALS[medalName] ?? "";
}
