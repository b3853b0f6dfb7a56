/** The GitHub facts the site uses, in our own shape: templates never see GitHub's JSON. */

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

/**
 * A pull request as files carry it (the API's `Pull`, the snapshot's entries): `repo_stars` is
 * snake_case. `toPullRecord` names every field in order, so files keep one key order.
 */
export type PullRecord = Omit<PullFacts, "repoStars"> & { repo_stars: number };

export function toPullRecord({ repo, number, title, state, url, created, repoStars }: PullFacts): PullRecord {
  return { repo, number, title, state, url, created, repo_stars: repoStars };
}

export function fromPullRecord({ repo_stars, ...pull }: PullRecord): PullFacts {
  return { ...pull, repoStars: repo_stars };
}
