import { DateTime } from "luxon";
import { html, raw, type SafeHtml, scrollingTable } from "../../util/html.ts";
import type { Award, ProjectSummary } from "../../schemas/portfolio/projects.ts";
import type { Post } from "../../schemas/portfolio/activity.ts";
import type { SiteConfig } from "../../config/site-config.ts";
import { linkTarget, type SitePaths } from "../../config/site-paths.ts";

/**
 * Marks what Pagefind indexes of a post's or project's page (src/eleventy/search-index.ts),
 * without the image it would name: the palette shows none, and its absolute URL would make the
 * index differ with SITE_URL.
 */
export const PAGEFIND_BODY = html` data-pagefind-body data-pagefind-meta="image:"`;

// Lists repeat the same dates many times (a post is in its tags, the index, the archive).
const readable = new Map<string, string>();

/**
 * `2026-11-18T…` or `2026-11-18` → "18 Nov 2026" (English, the site's language), the day as it
 * is in `zone`; a date alone (or a time without an offset) is read in `zone`, never the build
 * machine's. Text that is not a date is handed back as it is.
 */
export function readableDate(iso: string | null, zone = "UTC"): string {
  if (!iso) return "never";
  const key = `${iso}\u0000${zone}`;
  let text = readable.get(key);
  if (text === undefined) {
    const date = DateTime.fromISO(iso, { zone });
    text = date.isValid ? date.setLocale("en").toFormat("d LLL yyyy") : iso;
    readable.set(key, text);
  }
  return text;
}

/** A `<time>` element with a machine-readable value. */
export function time(iso: string | null, zone = "UTC", className?: string): SafeHtml {
  if (!iso) return html`never`;
  return html`<time${className ? html` class="${className}"` : ""} datetime="${iso}">${readableDate(iso, zone)}</time>`;
}

/** Each medal as its emoji. */
export const MEDALS: Record<Award["medal"], string> = { gold: "🥇", silver: "🥈", bronze: "🥉" };

/**
 * A project as a card in lists: name, tagline, award, and a footer of domain, languages and
 * stars; under its domain's heading (`inDomain`), without the domain's name again.
 */
export function projectCard(project: ProjectSummary, paths: SitePaths, inDomain = false): SafeHtml {
  return html`<li class="card">
<h3><a href="${paths.project(project.name)}">${project.name}</a></h3>
<p>${project.tagline}</p>
${project.award ? html`<p class="award"><span aria-hidden="true">${MEDALS[project.award.medal]}</span> ${project.award.place}, ${project.award.event}</p>` : ""}
<p class="card-footer">${inDomain ? "" : html`<span>${project.cluster.title}</span> `}<span>${project.languages.join(", ")}</span> <span class="stars"><span aria-hidden="true">★\u00a0</span>${project.stars}<span class="sr-only"> stars</span></span></p>
</li>`;
}

/** The newest posts as a list of dates and titles (the home page, the 404 page). */
export function postLinks(posts: readonly Post[], config: SiteConfig): SafeHtml {
  return html`<ul class="post-list">${posts.map((post) => html`<li><span class="meta">${time(post.published, config.site.timezone)}</span> <a href="${linkTarget(config, post.url)}">${post.title}</a></li>`)}</ul>`;
}

/**
 * A link to a tag's page. The tag alone ("go", "more") can read as a vague link out of context,
 * so a screen reader hears "Posts tagged go"; the page shows the tag as before.
 */
export function tagLink(name: string, path: string, className?: string): SafeHtml {
  // The class marks the name alone (a post's `p-category`), not the words for screen readers.
  const label = className ? html`<span class="${className}">${name}</span>` : name;
  return html`<a href="${path}"><span class="sr-only">Posts tagged </span>${label}</a>`;
}

/**
 * Rendered Markdown for a page: a code block that scrolls sideways gets `tabindex="0"`, so a
 * keyboard can reach and scroll it (WCAG 2.1.1), as does a table's box (regions named by number),
 * a number is tied to its "%" outside code, and each heading links to itself (its text becomes the
 * link; a heading that holds a link gets a separate `#` one, named for screen readers). Done
 * here, not in the renderer, so the API's `content_html` and the feeds stay as they are. Only the
 * renderer's own `<pre>`, `<table>` and `<hN id>` are matched: sanitized raw HTML never carries a
 * bare `<` inside a tag, and code text is escaped. A tag left open searches only to the next one.
 */
export function proseHtml(rendered: string): SafeHtml {
  let tables = 0;
  return raw(
    rendered
      .replace(/(<(pre|code|script)\b[\s\S]*?(?:<\/\2>|$))|\d %/g, (all, code?: string) => code ?? `${all[0]}&nbsp;%`)
      .replace(/<table>(?:(?!<\/?table\b)[\s\S])*<\/table>/g, (t) => scrollingTable(`Table ${++tables}`, raw(t)).value)
      .replaceAll("<pre>", '<pre tabindex="0">')
      .replace(
        /(<(h[1-6]) id=["]([^"]+)">)((?:(?!<h[1-6][\s>])[\s\S])*?)<\/\2>/g,
        (_, open: string, tag: string, id: string, inner: string) =>
          inner.includes("<a ")
            ? `${open}${inner} <a class="anchor" href="#${id}" aria-label="Link to this section"></a></${tag}>`
            : `${open}<a class="anchor" href="#${id}">${inner}</a></${tag}>`,
      ),
  );
}

/** The copy buttons' script (site-assets/copy.js), for a page whose rendered Markdown has a code block. */
export function copyScript(rendered: string, paths: SitePaths): SafeHtml {
  return rendered.includes("<pre>") ? html`<script src="${paths.asset("copy.js")}" defer></script>` : html``;
}

/** A list of tags as small labels. */
export function tagList(tags: string[]): SafeHtml {
  return tags.length === 0
    ? html``
    : html`<p class="sr-only">Tags:</p><ul class="tags">${tags.map((tag) => html`<li>${tag}</li>`)}</ul>`;
}
