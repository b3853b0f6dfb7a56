import { availabilityText, type Domain, type PortfolioModel, type Project } from "../../model/portfolio-model.ts";
import * as api from "../../api/portfolio/resources.ts";
import { html, raw, scrollingTable } from "../../util/html.ts";
import { profileLinks } from "../../schemas/portfolio/profile.ts";
import { countOf } from "../../util/plural.ts";
import { renderPage } from "../layout.ts";
import { breadcrumbNode, personNode, sourceCodeNode, webSiteNode, type Crumb } from "../json-ld.ts";
import { portfolioPaths } from "../../api/portfolio/paths.ts";
import { linkTarget, publishedUrl, SOCIAL_IMAGE_SIZE, sitePaths } from "../../config/site-paths.ts";
import { copyScript, MEDALS, PAGEFIND_BODY, postLinks, projectCard, proseHtml, tagList, time } from "./fragments.ts";
import { icon } from "./icons.ts";
import { pictureHtml } from "../../images/picture-html.ts";

/*
 * The portfolio's pages. Each reads the same resource builders as the API, so a page and its
 * JSON file can never disagree.
 */

/** The breadcrumb trail of a projects page: the site's home page, the projects page, then `steps`. */
function projectsTrail(model: PortfolioModel, ...steps: Crumb[]) {
  return breadcrumbNode(model.config, { name: "Projects", path: sitePaths(model.config).projects }, ...steps);
}

export function homePage(model: PortfolioModel): string {
  const pages = sitePaths(model.config);
  const profile = api.profileResource(model);
  const posts = api.postList(model).slice(0, 3);
  // The owner's profiles (rel="me"), then the site's own ways to read and reach them, each with its icon.
  const links = [
    ...profileLinks(profile.links).map((link) => ({ ...link, me: true })),
    { name: "blog", label: "Blog", url: pages.blog.home, me: false },
    ...(profile.contact.form ? [{ name: "mail", label: "Contact", url: profile.contact.form, me: false }] : []),
    ...(profile.pgp ? [{ name: "key", label: "PGP key", url: pages.pgpKey, me: false }] : []),
  ];
  // Nothing featured: the first projects by name, under "Projects", not an empty list.
  const featured = model.featured.length > 0;
  const cards = featured ? model.featured : model.projects.slice(0, 3);
  // An h-card (microformats2) for IndieWeb readers: name, the site as its URL, headline, summary, links.
  const photo = model.photo;
  const body = html`<section class="hero h-card" aria-labelledby="intro-title">
${photo ? pictureHtml(photo.plan, { alt: photo.alt, className: "u-photo portrait", eager: true, sizes: "8rem" }) : ""}<h1 id="intro-title" class="p-name">${profile.name}</h1>
<data class="u-url u-uid" value="${publishedUrl(model.config, pages.home)}"></data>
<p class="lede p-job-title">${profile.headline}</p>
<ul class="icon-links">${links.map((link) => html`<li><a${link.me ? html` class="u-url" rel="me"` : ""} href="${link.url}">${icon(link.name)}${link.label}</a></li>`)}</ul>
<p class="availability">${availabilityText(profile.open_to_work)}</p>
<div class="about"><p class="p-note">${profile.summary}</p>
<p class="focus"><strong>Focus:</strong> ${profile.focus}</p></div>
</section>
<section aria-labelledby="featured-title">
<div class="section-head"><h2 id="featured-title">${featured ? "Featured projects" : "Projects"}</h2><a class="more" href="${pages.projects}">All projects (${model.stats.projects}) →</a></div>
<ul class="cards">${cards.map((p) => projectCard(api.projectSummary(model, p), pages))}</ul>
</section>
<section aria-labelledby="domains-title">
<div class="section-head"><h2 id="domains-title">Domains</h2></div>
<ul class="domain-grid">${api.clusterList(model).map((c) => html`<li><a href="${pages.domain(c.id)}"><span class="emoji" aria-hidden="true">${c.emoji}</span> ${c.title} <span class="count">${c.count}<span class="sr-only"> ${c.count === 1 ? "project" : "projects"}</span></span></a></li>`)}</ul>
</section>
${
  posts.length > 0
    ? html`<section aria-labelledby="posts-title">
<div class="section-head"><h2 id="posts-title">Latest posts</h2><a class="more" href="${pages.blog.home}">All posts →</a></div>
${postLinks(posts, model.config)}
</section>`
    : ""
}`;
  return renderPage({
    config: model.config,
    title: profile.name,
    description: profile.headline,
    path: pages.home,
    section: "home",
    body,
    ogType: "profile",
    jsonLd: [personNode(model.config, profile, photo?.plan.fallback.url), webSiteNode(model.config)],
  });
}

export function projectsPage(model: PortfolioModel): string {
  const pages = sitePaths(model.config);
  const body = html`<h1>Projects</h1>
<p>${countOf(model.stats.projects, "project", "projects")} in ${countOf(model.stats.domains, "domain", "domains")}. Also as <a href="${pages.portfolioApi(portfolioPaths.projects)}">JSON</a>.</p>
${api
  .clusterList(model)
  .filter((c) => c.count > 0)
  .map(
    (cluster) => html`<section aria-labelledby="d-${cluster.id}">
<h2 id="d-${cluster.id}"><span aria-hidden="true">${cluster.emoji}</span> <a href="${pages.domain(cluster.id)}">${cluster.title}</a></h2>
<ul class="cards">${(model.domainById.get(cluster.id)?.projects ?? []).map((p) => projectCard(api.projectSummary(model, p), pages, true))}</ul>
</section>`,
  )}`;
  return renderPage({
    config: model.config,
    title: "Projects",
    description: `All projects of ${model.config.site.title} (${model.stats.projects})`,
    path: pages.projects,
    section: "projects",
    body,
    jsonLd: [projectsTrail(model)],
  });
}

export function projectPage(model: PortfolioModel, project: Project): string {
  const pages = sitePaths(model.config);
  const detail = api.projectDetail(model, project);
  const zone = model.config.site.timezone;
  const body = html`<article class="project"${PAGEFIND_BODY}>
<header class="page-band" data-pagefind-ignore>
<h1>${detail.name}</h1>
<p class="lede">${detail.tagline}</p>
<dl class="facts">
<div><dt>Domain</dt><dd><a href="${pages.domain(detail.cluster.id)}">${detail.cluster.title}</a></dd></div>
<div><dt>Languages</dt><dd>${detail.languages.join(", ")}</dd></div>
<div><dt>Stars</dt><dd>${detail.stars}</dd></div>
<div><dt>Last push</dt><dd>${time(detail.pushed_at, zone)}</dd></div>
${detail.award ? html`<div class="award"><dt>Award</dt><dd>${MEDALS[detail.award.medal]} ${detail.award.place}, ${detail.award.event}${detail.award.track ? `, ${detail.award.track}` : ""}${detail.award.url ? html` (<a href="${detail.award.url}">announcement</a>)` : ""}</dd></div>` : ""}
</dl>
${tagList(detail.tags)}
<p class="links buttons"><a href="${detail.urls.repo}">${icon("code")}Source code</a>${detail.urls.demo ? html`<a href="${detail.urls.demo}">Demo</a>` : ""}${detail.urls.docs ? html`<a href="${detail.urls.docs}">Documentation</a>` : ""}<a href="${pages.portfolioApi(portfolioPaths.project, { name: project.name })}">JSON</a></p>
</header>
<div class="writeup">
${detail.install ? html`<p data-pagefind-ignore>Install: <code>${detail.install}</code></p>` : ""}
${detail.writeup ? html`<div class="prose">${proseHtml(detail.writeup.html)}</div>` : html`<p>No writeup yet.</p>`}
${detail.links.length > 0 ? html`<h2>Links</h2><ul>${detail.links.map((l) => html`<li><a href="${l.url}">${l.label}</a></li>`)}</ul>` : ""}
${detail.related.length > 0 ? html`<h2 data-pagefind-ignore>Related projects</h2><ul class="plain" data-pagefind-ignore>${detail.related.map((name) => html`<li><a href="${pages.project(name)}">${name}</a></li>`)}</ul>` : ""}
</div>
</article>`;
  return renderPage({
    config: model.config,
    title: detail.name,
    description: detail.tagline,
    path: pages.project(project.name),
    section: "projects",
    body,
    ogImage: { url: detail.urls.og_image, ...SOCIAL_IMAGE_SIZE },
    head: copyScript(detail.writeup?.html ?? "", pages),
    jsonLd: [
      sourceCodeNode(model.config, detail),
      projectsTrail(model, { name: detail.name, path: pages.project(project.name) }),
    ],
  });
}

export function domainPage(model: PortfolioModel, domain: Domain): string {
  const pages = sitePaths(model.config);
  const detail = api.clusterDetail(model, domain);
  const body = html`<header class="page-band">
<h1><span aria-hidden="true">${detail.emoji}</span> ${detail.title}</h1>
<p class="lede">${detail.blurb}</p>
<p class="meta">${detail.count} project${detail.count === 1 ? "" : "s"}. Also as <a href="${pages.portfolioApi(portfolioPaths.cluster, { id: domain.id })}">JSON</a>.</p>
</header>
<section aria-labelledby="projects-title"><h2 id="projects-title">Projects</h2>
<ul class="cards">${detail.projects.map((p) => projectCard(p, pages, true))}</ul>
</section>`;
  return renderPage({
    config: model.config,
    title: detail.title,
    description: detail.blurb,
    path: pages.domain(domain.id),
    section: "projects",
    body,
    jsonLd: [projectsTrail(model, { name: detail.title, path: pages.domain(domain.id) })],
  });
}

export function nowPage(model: PortfolioModel): string {
  const pages = sitePaths(model.config);
  const now = api.nowResource(model);
  const zone = model.config.site.timezone;
  const body = html`<div class="narrow"><h1>Now</h1>
<p class="meta">Updated ${time(now.updated, zone)}.</p>
${now.stale ? html`<p class="note" role="note">This list has not been updated for more than 60 days, so some of it may be out of date.</p>` : ""}
${now.sections.map((section) => html`<section><h2>${section.title}</h2><ul>${section.items.map((item) => html`<li>${raw(item.html)}</li>`)}</ul></section>`)}
<section><h2>Lately</h2>
${now.lately.latest_post ? html`<p>Latest post: <a href="${linkTarget(model.config, now.lately.latest_post.url)}">${now.lately.latest_post.title}</a> (${time(now.lately.latest_post.published, zone)})</p>` : ""}
<ul class="plain">${now.lately.recent_pushes.map((push) => html`<li><a href="${pages.project(push.project)}">${push.project}</a> pushed ${time(push.pushed_at, zone)}</li>`)}</ul>
</section></div>`;
  return renderPage({
    config: model.config,
    title: "Now",
    description: `What ${model.config.site.title} is doing now`,
    path: pages.now,
    section: "now",
    body,
    jsonLd: [breadcrumbNode(model.config, { name: "Now", path: pages.now })],
  });
}

export function awardsPage(model: PortfolioModel): string {
  const pages = sitePaths(model.config);
  const awards = api.awardList(model);
  const body = html`<h1>Awards</h1>
${awards.length === 0 ? html`<p>No awards yet.</p>` : ""}<ul class="plain">${awards.map((a) => html`<li><span aria-hidden="true">${MEDALS[a.medal]}</span> <strong>${a.place}</strong>, ${a.event}${a.track ? `, ${a.track}` : ""}: <a href="${pages.project(a.project)}">${a.project}</a>${a.url ? html` (<a href="${a.url}">announcement</a>)` : ""}</li>`)}</ul>`;
  return renderPage({
    config: model.config,
    title: "Awards",
    description: `${countOf(awards.length, "award", "awards")} won by projects of ${model.config.site.title}`,
    path: pages.awards,
    section: "awards",
    body,
    jsonLd: [breadcrumbNode(model.config, { name: "Awards", path: pages.awards })],
  });
}

export function pullsPage(model: PortfolioModel): string {
  const pulls = api.pullList(model);
  const figures = api.statsResource(model).pull_requests;
  const stars = countOf(figures.reach, "star", "stars").replace(/^\d+/, figures.reach.toLocaleString("en"));
  const body =
    pulls.length === 0
      ? html`<h1>Pull requests</h1>
<p>No pull requests to other people's projects yet.</p>`
      : html`<h1>Pull requests</h1>
<p>${countOf(figures.count, "pull request", "pull requests")} to ${countOf(figures.repos, "other project", "other projects")}, ${figures.merged} merged, reaching repositories with ${stars} in all.</p>
${scrollingTable(
  "Pull requests",
  html`<table><caption>Merged first, then newest first</caption>
<thead><tr><th scope="col">Repository</th><th scope="col">Pull request</th><th scope="col">State</th><th scope="col">Opened</th></tr></thead>
<tbody>${pulls.map((p) => html`<tr><td>${p.repo}</td><td><a href="${p.url}">#${p.number} ${p.title}</a></td><td><span class="state state-${p.state}">${p.state}</span></td><td>${p.created ? time(p.created) : "unknown"}</td></tr>`)}</tbody>
</table>`,
)}`;
  return renderPage({
    config: model.config,
    title: "Pull requests",
    description: `Pull requests by ${model.config.site.title} to other people's projects`,
    path: sitePaths(model.config).pulls,
    section: "pulls",
    body,
    jsonLd: [breadcrumbNode(model.config, { name: "Pull requests", path: sitePaths(model.config).pulls })],
  });
}
