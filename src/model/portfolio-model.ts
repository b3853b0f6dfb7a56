import { DateTime } from "luxon";
import type { SiteConfig } from "../config/site-config.ts";
import { rebasedUrl } from "../config/site-paths.ts";
import type { DomainEntry, ProfileFile, ResumeFile } from "../content/content-schemas.ts";
import type { PortfolioContent, ProjectSource } from "../content/load-portfolio-content.ts";
import type { PublicKeyInfo } from "../content/pgp-key.ts";
import type { FeedPost } from "../feeds/read-rss-posts.ts";
import type { Award } from "../schemas/portfolio/projects.ts";
import { repositoryKey, type GithubData, type PullFacts } from "../github/github-data.ts";
import { byText, newestFirst, newestInstantFirst } from "../util/order.ts";
import { projectLinkResolver, renderPortfolioMarkdown, type PortfolioMarkdown } from "./portfolio-markdown.ts";
import type { ProfilePhoto } from "../blog/post-images.ts";
import type { UnpublishedPosts } from "../util/unpublished-posts.ts";
import { revisionOf } from "../util/revisions.ts";

/** A project with everything derived about it. */
export interface Project {
  name: string;
  repoUrl: string;
  tagline: string;
  domainId: string;
  languages: string[];
  tags: string[];
  featured: boolean;
  install: string | null;
  demo: string | null;
  docs: string | null;
  award: Award | null;
  links: { label: string; url: string }[];
  writeup: { html: string; text: string } | null;
  stars: number;
  pushedAt: string | null;
  /** Other projects of the same domain, most shared tags first. */
  related: string[];
}

/** A domain of domains.yaml with its projects. */
export type Domain = DomainEntry & { projects: Project[] };

export interface Grouping {
  name: string;
  projects: string[];
}

export interface PortfolioStats {
  projects: number;
  domains: number;
  featured: number;
  languages: number;
  tags: number;
  starsTotal: number;
  topStarred: { name: string; stars: number }[];
  pulls: { count: number; repos: number; merged: number; reach: number };
  posts: number;
  awards: number;
  inProgress: number;
  lastPush: { project: string; at: string } | null;
}

/** The whole portfolio as plain objects: every list in its published order, every figure derived once. */
export interface PortfolioModel {
  config: SiteConfig;
  profile: ProfileFile;
  /** profile.yaml's photo, read and planned (src/blog/post-images.ts); null without one. */
  photo: ProfilePhoto | null;
  /** resume.yaml's work history and education (empty without the file). */
  resume: ResumeFile;
  pgp: PublicKeyInfo | null;
  domains: Domain[];
  projects: Project[];
  /** Lookups by the ids used in URLs, so per-file work never scans a whole list. */
  projectByName: ReadonlyMap<string, Project>;
  domainById: ReadonlyMap<string, Domain>;
  featured: Project[];
  awards: { project: Project; award: Award }[];
  languages: (Grouping & { color: string | null })[];
  tags: Grouping[];
  pulls: PullFacts[];
  posts: FeedPost[];
  inProgress: { name: string; hint: string }[];
  now: { updated: string; stale: boolean; sections: { title: string; items: { text: string; html: string }[] }[] };
  recentPushes: { project: Project; at: string }[];
  stats: PortfolioStats;
  /** `meta.note` texts by the data they concern, for files built from that data. */
  notes: { repositories?: string; pulls?: string; posts?: string };
}

export interface ModelInputs {
  config: SiteConfig;
  content: PortfolioContent;
  github: GithubData;
  posts: FeedPost[];
  /** Why the posts are not the feed's as of now (a failing feed server), for their files' `meta.note`. */
  postsNote?: string | undefined;
  /** The blog's posts that are not out yet: links to scheduled ones are held back as plain text. */
  unpublished?: UnpublishedPosts | undefined;
  /** The writeups and /now items, rendered while the content was checked; rendered here when absent. */
  markdown?: PortfolioMarkdown | undefined;
  /** The profile's photo, read while the content was checked. */
  photo?: ProfilePhoto | null;
}

const MEDAL_RANK: Record<Award["medal"], number> = { gold: 0, silver: 1, bronze: 2 };
const NOW_STALE_AFTER_DAYS = 60;
const RECENT_PUSHES = 5;
const TOP_STARRED = 5;

/**
 * Under `npm start`, the key of a file made from the portfolio model alone: its revision, but
 * for the build's time (src/util/revisions.ts). A file that reads that time does not take it.
 */
export function portfolioKey(model: PortfolioModel): string {
  const { buildTime: _, ...config } = model.config;
  return String(revisionOf("portfolio", model, { ...model, config }));
}

/** Builds the portfolio model. Linear in the number of projects, pulls and posts. */
export function buildPortfolioModel(inputs: ModelInputs): PortfolioModel {
  const { config, content, github, posts, unpublished } = inputs;
  const markdown =
    inputs.markdown ?? renderPortfolioMarkdown({ config, projects: content.projects, now: content.now, unpublished });
  const projects = content.projects
    .map((source) => toProject(source, config, github, markdown, unpublished))
    .sort((a, b) => byText(a.name, b.name));
  const domains = content.domains.map((entry) => ({
    ...entry,
    projects: projects.filter((p) => p.domainId === entry.id),
  }));
  for (const domain of domains) assignRelated(domain.projects);

  const awards = projects
    .flatMap((project) => (project.award ? [{ project, award: project.award }] : []))
    .sort(
      (a, b) =>
        MEDAL_RANK[a.award.medal] - MEDAL_RANK[b.award.medal] ||
        byText(a.award.event, b.award.event) ||
        byText(a.project.name, b.project.name),
    );
  // A Map, not the parsed object: a language named `constructor` or `toString` must not find
  // Object.prototype's member of that name.
  const colors = new Map(Object.entries(content.languageColors));
  const languages = groupBy(projects, (p) => p.languages).map((group) => ({
    ...group,
    color: colors.get(group.name)?.toLowerCase() ?? null,
  }));
  const tags = groupBy(projects, (p) => p.tags);
  const pulls = [...github.pulls].sort(
    (a, b) =>
      Number(b.state === "merged") - Number(a.state === "merged") ||
      newestFirst(a.created, b.created) ||
      byText(a.repo, b.repo) ||
      b.number - a.number,
  );
  const sortedPosts = [...posts].sort((a, b) => newestInstantFirst(a.published, b.published) || byText(a.url, b.url));
  const pushes = projects
    .flatMap((project) => (project.pushedAt ? [{ project, at: project.pushedAt }] : []))
    .sort((a, b) => newestFirst(a.at, b.at) || byText(a.project.name, b.project.name));
  const featured = projects.filter((p) => p.featured);

  return {
    config,
    profile: content.profile,
    photo: inputs.photo ?? null,
    resume: content.resume ?? {},
    pgp: content.pgp,
    domains,
    projects,
    projectByName: new Map(projects.map((project) => [project.name, project])),
    domainById: new Map(domains.map((domain) => [domain.id, domain])),
    featured,
    awards,
    languages,
    tags,
    pulls,
    posts: sortedPosts,
    inProgress: content.inProgress.map((item) => ({ name: item.name, hint: item.hint })),
    now: {
      updated: content.now.updated,
      stale: isStale(content.now.updated, config),
      sections: content.now.sections.map((section, s) => ({
        title: section.title,
        items: section.items.map((_, i) => markdown.now[s]?.[i] ?? { text: "", html: "" }),
      })),
    },
    recentPushes: pushes.slice(0, RECENT_PUSHES),
    stats: {
      projects: projects.length,
      domains: domains.length,
      featured: featured.length,
      languages: languages.length,
      tags: tags.length,
      starsTotal: projects.reduce((sum, p) => sum + p.stars, 0),
      topStarred: [...projects]
        .sort((a, b) => b.stars - a.stars || byText(a.name, b.name))
        .slice(0, TOP_STARRED)
        .map((p) => ({ name: p.name, stars: p.stars })),
      pulls: pullFigures(pulls),
      posts: sortedPosts.length,
      awards: awards.length,
      inProgress: content.inProgress.length,
      lastPush: pushes[0] ? { project: pushes[0].project.name, at: pushes[0].at } : null,
    },
    // Set only when there is something to say (src/github/github-data.ts).
    notes: { ...github.notes, ...(inputs.postsNote ? { posts: inputs.postsNote } : {}) },
  };
}

function toProject(
  source: ProjectSource,
  config: SiteConfig,
  github: GithubData,
  markdown: PortfolioMarkdown,
  unpublished?: UnpublishedPosts,
): Project {
  const meta = source.meta;
  const owner = meta.owner ?? config.site.github;
  const facts = github.repositories.get(repositoryKey({ owner, name: meta.name }));
  const publishable = projectLinkResolver(config, source.file, meta.name, unpublished);
  // The demo, the docs and an award's page may be this site's own pages: rebased to this build.
  const rebased = (url: string | undefined) => (url === undefined ? null : rebasedUrl(config, url));
  return {
    name: meta.name,
    repoUrl: `https://github.com/${owner}/${meta.name}`,
    tagline: meta.tagline,
    domainId: meta.cluster,
    languages: meta.languages,
    tags: meta.tags ?? [],
    featured: meta.featured ?? false,
    install: meta.pypi ? `pip install ${meta.pypi}` : null,
    demo: rebased(meta.demo),
    docs: rebased(meta.docs),
    award: meta.award
      ? {
          place: meta.award.place,
          medal: meta.award.medal,
          event: meta.award.event,
          track: meta.award.track ?? null,
          url: rebased(meta.award.url),
        }
      : null,
    links: (meta.links ?? []).flatMap((link) => {
      const url = publishable(link.url);
      return url === null ? [] : [{ ...link, url }];
    }),
    writeup: markdown.writeups.get(source.file) ?? null,
    stars: facts?.stars ?? 0,
    pushedAt: facts?.pushedAt ?? null,
    related: [],
  };
}

/** Ranks a domain's other projects by shared tags: quadratic only within one domain, never across the site. */
function assignRelated(projects: Project[]): void {
  for (const project of projects) {
    const own = new Set(project.tags);
    project.related = projects
      .filter((other) => other !== project)
      .map((other) => ({ name: other.name, shared: other.tags.filter((tag) => own.has(tag)).length }))
      .sort((a, b) => b.shared - a.shared || byText(a.name, b.name))
      .map((entry) => entry.name);
  }
}

/** Groups project names under each key (language, tag): most projects first, then by name. */
function groupBy(projects: Project[], keys: (project: Project) => string[]): Grouping[] {
  const uses = projects.flatMap((project) => [...new Set(keys(project))].map((key) => ({ key, name: project.name })));
  return [...Map.groupBy(uses, (use) => use.key)]
    .map(([name, group]) => ({ name, projects: group.map((use) => use.name) }))
    .sort((a, b) => b.projects.length - a.projects.length || byText(a.name, b.name));
}

function pullFigures(pulls: PullFacts[]): PortfolioStats["pulls"] {
  const repoStars = new Map<string, number>();
  for (const pull of pulls)
    repoStars.set(pull.repo.toLowerCase(), Math.max(pull.repoStars, repoStars.get(pull.repo.toLowerCase()) ?? 0));
  return {
    count: pulls.length,
    repos: repoStars.size,
    merged: pulls.filter((pull) => pull.state === "merged").length,
    reach: [...repoStars.values()].reduce((sum, stars) => sum + stars, 0),
  };
}

/** The /now list is stale once 60 whole days have passed since the day it was updated (in the site's zone). */
export function isStale(updated: string, config: SiteConfig): boolean {
  const updatedDay = DateTime.fromISO(updated, { zone: config.site.timezone }).startOf("day");
  const elapsed = DateTime.fromJSDate(config.buildTime).diff(updatedDay, "days").days;
  return elapsed >= NOW_STALE_AFTER_DAYS;
}

/** The owner's availability in words: their own when they say "Open to …", else after "Open to work". */
export function availabilityText(openToWork: { open: boolean; text: string | null }): string {
  if (!openToWork.open) return "Not looking for work right now.";
  const text = openToWork.text?.trim() ?? "";
  if (text === "") return "Open to work.";
  return /^open to\b/i.test(text) ? text : `Open to work: ${text}`;
}
