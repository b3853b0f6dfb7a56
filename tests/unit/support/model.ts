import { readSiteConfig, type SiteConfig } from "../../../src/config/site-config.ts";
import type { ProfileFile, ProjectFrontMatter } from "../../../src/content/content-schemas.ts";
import {
  loadPortfolioContent,
  type PortfolioContent,
  type ProjectSource,
} from "../../../src/content/load-portfolio-content.ts";
import type { FeedPost } from "../../../src/feeds/read-rss-posts.ts";
import {
  loadGithubData,
  type GithubData,
  type PullFacts,
  type RepositoryFacts,
} from "../../../src/github/github-data.ts";
import { loadFeedPosts, projectRepositories } from "../../../src/model/load-portfolio.ts";
import { buildPortfolioModel, type PortfolioModel } from "../../../src/model/portfolio-model.ts";
import { fixtureProfile, writeContentTree, type TreeOverrides } from "./content-tree.ts";

/** The build clock the fixtures use: 2026-11-21T00:00:00Z. */
export const FIXTURE_EPOCH = "1795219200";

/** A site config built by hand: no files, no environment. */
export function siteConfig(changes: { baseUrl?: string; timezone?: string; buildTime?: Date } = {}): SiteConfig {
  const baseUrl = changes.baseUrl ?? "https://fixture.example";
  return {
    baseUrl,
    basePath: new URL(baseUrl).pathname.replace(/\/+$/, ""),
    contentDir: "/nonexistent/content",
    buildTime: changes.buildTime ?? new Date("2026-11-21T00:00:00Z"),
    blogUrl: `${baseUrl}/blog/`,
    site: {
      url: baseUrl,
      title: "Fixture Owner",
      description: "Portfolio of a fixture",
      timezone: changes.timezone ?? "Europe/Berlin",
      github: "fixture-owner",
      api: { name: "fixture-portfolio", description: "Projects of a fixture as static JSON." },
      blog: { url: "/blog/", feed: "blog/feed.xml" },
    },
  };
}

/** The fixture owner's profile: the one content-tree.ts writes. */
export const profile: ProfileFile = fixtureProfile;

/** A project source with required fields filled in. */
export function project(meta: Partial<ProjectFrontMatter> & { name: string }, body = ""): ProjectSource {
  return {
    file: `/nonexistent/content/projects/${meta.name}.md`,
    body,
    bodyLine: 1,
    meta: { tagline: `About ${meta.name}`, cluster: "one", languages: ["C"], ...meta },
  };
}

/** Portfolio content built by hand; domains default to `one` and `two`. */
export function content(changes: Partial<PortfolioContent> = {}): PortfolioContent {
  return {
    profile,
    domains: [
      { id: "one", emoji: "1️⃣", title: "One", blurb: "First domain." },
      { id: "two", emoji: "2️⃣", title: "Two", blurb: "Second domain." },
    ],
    projects: [project({ name: "solo" })],
    now: { updated: "2026-11-02", sections: [] },
    inProgress: [],
    languageColors: {},
    pgp: null,
    ...changes,
  };
}

/** GitHub data built by hand, keyed `owner/name` as given (lower-cased like the loader does). */
export function github(repositories: Record<string, RepositoryFacts> = {}, pulls: PullFacts[] = []): GithubData {
  return {
    repositories: new Map(Object.entries(repositories).map(([key, facts]) => [key.toLowerCase(), facts])),
    pulls,
    notes: {},
  };
}

/** A pull request with defaults for the fields a test does not care about. */
export function pull(changes: Partial<PullFacts> & { repo: string; number: number }): PullFacts {
  return {
    title: `PR ${changes.number}`,
    state: "open",
    url: `https://github.com/${changes.repo}/pull/${changes.number}`,
    created: "2025-01-01",
    repoStars: 0,
    ...changes,
  };
}

/** A model from hand-built inputs. */
export function handModel(
  inputs: {
    config?: SiteConfig;
    content?: PortfolioContent;
    github?: GithubData;
    posts?: FeedPost[];
    postsNote?: string;
  } = {},
): PortfolioModel {
  return buildPortfolioModel({
    config: inputs.config ?? siteConfig(),
    content: inputs.content ?? content(),
    github: inputs.github ?? github(),
    posts: inputs.posts ?? [],
    postsNote: inputs.postsNote,
  });
}

/** Loads a fixture content tree the way a build does and builds its model; the tree is removed afterwards. */
export async function fixtureModel(
  overrides: TreeOverrides = {},
  env: { SITE_URL?: string } = {},
): Promise<PortfolioModel> {
  const tree = writeContentTree(overrides);
  try {
    const config = readSiteConfig({ CONTENT_DIR: tree.dir, SOURCE_DATE_EPOCH: FIXTURE_EPOCH, SITE_URL: env.SITE_URL });
    const loaded = await loadPortfolioContent(config.contentDir);
    return buildPortfolioModel({
      config,
      content: loaded,
      // No token in this environment: the snapshot only, no request, nothing logged.
      github: await loadGithubData(config, projectRepositories(config, loaded), {}, () => {}),
      posts: (await loadFeedPosts(config)).posts,
    });
  } finally {
    tree.cleanup();
  }
}
