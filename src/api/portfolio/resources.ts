import type {
  AwardEntry,
  Cluster,
  ClusterDetail,
  InProgressItem,
  Language,
  ProjectDetail,
  ProjectSummary,
  Tag,
} from "../../schemas/portfolio/projects.ts";
import type { Now, Post, Pull } from "../../schemas/portfolio/activity.ts";
import { CONTACT_METHODS, type Profile, type ProfileShape } from "../../schemas/portfolio/profile.ts";
import type { SearchItem, Stats } from "../../schemas/portfolio/catalog.ts";
import type { Domain, PortfolioModel, Project } from "../../model/portfolio-model.ts";
import type { FeedPost } from "../../feeds/read-rss-posts.ts";
import { shows } from "../../config/site-config.ts";
import { publishedUrl, sitePaths } from "../../config/site-paths.ts";
import { memoByObject } from "../../util/memo.ts";
import { countOf } from "../../util/plural.ts";
import { itemOf } from "../route.ts";
import { searchEntries } from "../search-entry.ts";
import { toPullRecord } from "../../github/facts.ts";
import { portfolioPaths } from "./paths.ts";

/*
 * The resource builders: the only code that gives a portfolio resource its published shape.
 * They read the model and never compute figures of their own.
 */

// The builders publish absolute URLs: each is made from a site path by `publishedUrl`.
const apiUrl = (model: PortfolioModel, template: string, params: Record<string, string> = {}) =>
  publishedUrl(model.config, sitePaths(model.config).portfolioApi(template, params));
const pageUrl = (model: PortfolioModel, path: string) => publishedUrl(model.config, path);

// Keyed by the project (one model's object): a summary is built once per project and build.
export const projectSummary = memoByObject((model: PortfolioModel, project: Project): ProjectSummary => {
  const pages = sitePaths(model.config);
  const domain = itemOf(model.domainById, project.domainId, "domain");
  return {
    name: project.name,
    tagline: project.tagline,
    cluster: { id: domain.id, title: domain.title },
    languages: project.languages,
    tags: project.tags,
    featured: project.featured,
    stars: project.stars,
    pushed_at: project.pushedAt,
    award: project.award,
    urls: {
      page: pageUrl(model, pages.project(project.name)),
      repo: project.repoUrl,
      demo: project.demo,
      docs: project.docs,
      og_image: pageUrl(model, pages.ogImage(project.name)),
      api: apiUrl(model, portfolioPaths.project, { name: project.name }),
    },
    links: project.links,
  };
});

export function projectDetail(model: PortfolioModel, project: Project): ProjectDetail {
  return {
    ...projectSummary(model, project),
    install: project.install,
    writeup: project.writeup,
    related: project.related,
  };
}

/** A domain with its projects as `project` gives each: names in the list, summaries in its own file. */
function cluster<P>(model: PortfolioModel, domain: Domain, project: (p: Project) => P) {
  return {
    id: domain.id,
    emoji: domain.emoji,
    title: domain.title,
    blurb: domain.blurb,
    count: domain.projects.length,
    projects: domain.projects.map(project),
    urls: {
      page: pageUrl(model, sitePaths(model.config).domain(domain.id)),
      api: apiUrl(model, portfolioPaths.cluster, { id: domain.id }),
    },
  };
}

export function clusterList(model: PortfolioModel): Cluster[] {
  return model.domains.map((domain) => cluster(model, domain, (p) => p.name));
}

export function clusterDetail(model: PortfolioModel, domain: Domain): ClusterDetail {
  return cluster(model, domain, (p) => projectSummary(model, p));
}

export function awardList(model: PortfolioModel): AwardEntry[] {
  const pages = sitePaths(model.config);
  return model.awards.map(({ project, award }) => ({
    ...award,
    project: project.name,
    project_url: pageUrl(model, pages.project(project.name)),
  }));
}

export function languageList(model: PortfolioModel): Language[] {
  return model.languages.map((l) => ({ name: l.name, color: l.color, count: l.projects.length, projects: l.projects }));
}

export function tagList(model: PortfolioModel): Tag[] {
  return model.tags.map((t) => ({ tag: t.name, count: t.projects.length, projects: t.projects }));
}

export function inProgressList(model: PortfolioModel): InProgressItem[] {
  return model.inProgress.map((item) => ({ name: item.name, hint: item.hint }));
}

export function pullList(model: PortfolioModel): Pull[] {
  return model.pulls.map(toPullRecord);
}

export function post(feedPost: FeedPost): Post {
  return { title: feedPost.title, url: feedPost.url, published: feedPost.published, summary: feedPost.summary };
}

export function postList(model: PortfolioModel): Post[] {
  return model.posts.map(post);
}

export function nowResource(model: PortfolioModel): Now {
  const latest = model.posts[0];
  return {
    updated: model.now.updated,
    stale: model.now.stale,
    url: pageUrl(model, sitePaths(model.config).now),
    sections: model.now.sections,
    lately: {
      latest_post: latest ? post(latest) : null,
      recent_pushes: model.recentPushes.map(({ project, at }) => ({
        project: project.name,
        pushed_at: at,
        url: project.repoUrl,
      })),
    },
  };
}

/** Which links and contact methods this site's profile.json carries: what its Profile schema requires. */
export function profileShape(model: PortfolioModel): ProfileShape {
  const { links, contact } = model.profile;
  return { links: Object.keys(links), contact: CONTACT_METHODS.filter((method) => contact[method] !== undefined) };
}

export function profileResource(model: PortfolioModel): Profile {
  const { profile, config, photo } = model;
  const pages = sitePaths(config);
  // The file the home page's <img> shows (a browser may choose a rendition of it).
  const shown = photo?.plan.fallback;
  return {
    name: profile.name,
    handle: profile.handle,
    headline: profile.headline,
    summary: profile.summary,
    focus: profile.focus,
    certifications: profile.certifications,
    open_to_work: { open: profile.open_to_work.open, text: profile.open_to_work.text },
    links: {
      site: pageUrl(model, pages.home),
      blog: pageUrl(model, pages.blog.home),
      api: apiUrl(model, portfolioPaths.index),
      github: profile.links.github ?? `https://github.com/${config.site.github}`,
      ...Object.fromEntries(Object.entries(profile.links).filter(([name]) => name !== "github")),
    },
    contact: Object.fromEntries(
      CONTACT_METHODS.flatMap((method) => {
        const value = profile.contact[method];
        return value === undefined ? [] : [[method, typeof value === "string" ? value : { ...value }]];
      }),
    ),
    pgp: model.pgp
      ? { fingerprint: model.pgp.fingerprint, key_url: pageUrl(model, pages.pgpKey), armored: model.pgp.armored }
      : null,
    photo: photo && shown ? { url: shown.url, width: shown.width, height: shown.height, alt: photo.alt } : null,
  };
}

export function statsResource(model: PortfolioModel): Stats {
  const s = model.stats;
  return {
    projects: s.projects,
    domains: s.domains,
    featured: s.featured,
    languages: s.languages,
    tags: s.tags,
    stars: { total: s.starsTotal, top: s.topStarred },
    pull_requests: { ...s.pulls },
    posts: s.posts,
    awards: s.awards,
    in_progress: s.inProgress,
    last_push: s.lastPush,
  };
}

/** The command palette's index: the site's pages, then projects, domains and posts. */
export function searchIndex(model: PortfolioModel): SearchItem[] {
  const pages = sitePaths(model.config);
  const entry = searchEntries(model.config);
  const page = (title: string, subtitle: string, url: string, keywords: string[]) =>
    entry("page", title, subtitle, url, keywords);
  const { stats } = model;
  const projects = `All ${countOf(stats.projects, "project", "projects")}`;
  const pulls = `${countOf(stats.pulls.count, "pull request", "pull requests")} to other projects`;
  return [
    page("Home", model.profile.headline, pages.home, ["profile", "about", model.profile.name, model.profile.handle]),
    page("Projects", projects, pages.projects, ["portfolio", "repositories"]),
    page("Now", "What I am doing now", pages.now, ["now", "current", "reading"]),
    // A section with nothing to show has no page (SiteConfig.emptySections).
    ...(shows(model.config, "awards")
      ? [page("Awards", countOf(stats.awards, "award", "awards"), pages.awards, ["prizes", "hackathons", "medals"])]
      : []),
    ...(shows(model.config, "pulls")
      ? [page("Pull requests", pulls, pages.pulls, ["open source", "contributions", "upstream"])]
      : []),
    page("API documentation", "The portfolio's static JSON API", pages.apiDocs, ["api", "json", "openapi", "docs"]),
    page("Blog", "Posts and notes", pages.blog.home, ["blog", "posts", "writing"]),
    ...model.projects.map((project) =>
      entry("project", project.name, project.tagline, pages.project(project.name), [
        ...project.languages,
        ...project.tags,
        itemOf(model.domainById, project.domainId, "domain").title,
      ]),
    ),
    ...model.domains.map((domain) =>
      entry("domain", `${domain.emoji} ${domain.title}`, domain.blurb, pages.domain(domain.id), [
        domain.id,
        ...domain.projects.map((p) => p.name),
      ]),
    ),
    ...model.posts.map(({ title, published, summary, url }) => {
      const subtitle = published ? `${published.slice(0, 10)} · ${summary}` : summary;
      return entry("post", title, subtitle, url, ["post", "blog"]);
    }),
  ];
}
