import { join } from "node:path";
import type { SiteConfig } from "../config/site-config.ts";
import { readSnapshot, type SnapshotFile } from "./snapshot.ts";

/** A repository's figures as the outputs use them. */
export interface RepositoryFacts {
  stars: number;
  pushedAt: string | null;
}

/** A pull request to someone else's repository. */
export interface PullFacts {
  repo: string;
  number: number;
  title: string;
  state: "open" | "closed" | "merged";
  url: string;
  created: string | null;
  repoStars: number;
}

/** Everything the build knows from GitHub, and how fresh it is. */
export interface GithubData {
  /** Keyed by `owner/name` in lower case: GitHub names are case-insensitive. */
  repositories: ReadonlyMap<string, RepositoryFacts>;
  pulls: readonly PullFacts[];
  /** Sentences for `meta.note` of the files whose figures are not live from this build. */
  notes: { repositories?: string; pulls?: string };
}

/** A repository the site lists, as GitHub names it. */
export interface RepositoryRef {
  owner: string;
  name: string;
}

export function repositoryKey(ref: RepositoryRef): string {
  return `${ref.owner}/${ref.name}`.toLowerCase();
}

/** Where the committed snapshot lives in the content folder. */
export function snapshotPath(config: SiteConfig): string {
  return join(config.contentDir, "github", "snapshot.json");
}

/**
 * The one entry point for GitHub data. Today it reads the committed snapshot; the live fetch
 * plugs in here and falls back to the snapshot per repository and for the pull requests.
 */
export async function loadGithubData(config: SiteConfig, wanted: readonly RepositoryRef[]): Promise<GithubData> {
  const snapshot = readSnapshot(snapshotPath(config));
  return fromSnapshot(snapshot, wanted);
}

/** Maps the snapshot into our shape and says, for the notes, what it stands in for. */
export function fromSnapshot(snapshot: SnapshotFile | null, wanted: readonly RepositoryRef[]): GithubData {
  const repositories = new Map<string, RepositoryFacts>();
  for (const [key, facts] of Object.entries(snapshot?.repositories ?? {})) {
    repositories.set(key.toLowerCase(), { stars: facts.stars, pushedAt: facts.pushed_at });
  }
  const missing = wanted.filter((ref) => !repositories.has(repositoryKey(ref))).map((ref) => `${ref.owner}/${ref.name}`);
  const asOf = snapshot ? `the GitHub snapshot of ${snapshot.fetched_at}` : "no GitHub data at all (no snapshot and no live fetch)";
  let repositoriesNote = `Stars and last pushes are from ${asOf}, not fetched live in this build.`;
  if (missing.length > 0) {
    repositoriesNote += ` No data for ${missing.join(", ")}: shown with 0 stars and no push date.`;
  }
  return {
    repositories,
    pulls: (snapshot?.pulls ?? []).map((pull) => ({
      repo: pull.repo,
      number: pull.number,
      title: pull.title,
      state: pull.state,
      url: pull.url,
      created: pull.created,
      repoStars: pull.repo_stars,
    })),
    notes: {
      repositories: repositoriesNote,
      pulls: `Pull requests and their states are from ${asOf}, not fetched live in this build.`,
    },
  };
}
