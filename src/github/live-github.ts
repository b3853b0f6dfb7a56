import { postGraphql, type GraphqlError, type GraphqlSettings, type RequestCounter } from "./graphql-client.ts";
import { buildQuery, pullsSearch, REPOSITORIES_PER_REQUEST, repositoryAlias, type PlannedRequest } from "./graphql-query.ts";
import { repositoryKey, type PullFacts, type RepositoryFacts, type RepositoryRef } from "./facts.ts";

/** What one live fetch learned, and what it could not. */
export interface LiveGithub {
  /** Facts of the repositories GitHub answered for, by `repositoryKey`. */
  repositories: Map<string, RepositoryFacts>;
  /** Why a repository has no live facts, by `repositoryKey`. */
  repositoryFailures: Map<string, string>;
  /** Repositories GitHub now knows under another name: old key → new `owner/name`. */
  renamed: Map<string, string>;
  /** The complete list of pull requests, or null when any page of it failed. */
  pulls: PullFacts[] | null;
  pullsFailure: string | null;
  /** HTTP requests sent (cached answers send none). */
  requests: number;
}

interface RepositoryNode {
  nameWithOwner?: string;
  stargazerCount?: number;
  pushedAt?: string | null;
}

interface PullNode {
  number?: number;
  title?: string;
  url?: string;
  state?: string;
  createdAt?: string | null;
  repository?: { nameWithOwner?: string; stargazerCount?: number; owner?: { login?: string } };
}

interface SearchPage {
  pageInfo?: { hasNextPage?: boolean; endCursor?: string | null };
  nodes?: (PullNode | null)[];
}

/**
 * Fetches stars and last pushes of every repository and every pull request of `login` to
 * repositories they do not own. Request n carries repository batch n and pull page n, so the
 * number of requests is the larger of the two page counts: one for a typical portfolio.
 */
export async function fetchLiveGithub(settings: GraphqlSettings, login: string, wanted: readonly RepositoryRef[]): Promise<LiveGithub> {
  const result: LiveGithub = {
    repositories: new Map(),
    repositoryFailures: new Map(),
    renamed: new Map(),
    pulls: [],
    pullsFailure: null,
    requests: 0,
  };
  const counter: RequestCounter = { requests: 0 };
  const batches: RepositoryRef[][] = [];
  for (let i = 0; i < wanted.length; i += REPOSITORIES_PER_REQUEST) batches.push(wanted.slice(i, i + REPOSITORIES_PER_REQUEST));

  let cursor: string | null = null;
  let pullsPending = true;
  for (let round = 0; round < batches.length || pullsPending; round += 1) {
    const request: PlannedRequest = { repositories: batches[round] ?? [], pulls: pullsPending };
    const variables: Record<string, unknown> = request.pulls ? { pullsQuery: pullsSearch(login), after: cursor } : {};
    const outcome = await postGraphql(settings, { query: buildQuery(request), variables }, counter);

    if (!outcome.ok) {
      for (const ref of request.repositories) result.repositoryFailures.set(repositoryKey(ref), outcome.reason);
      if (request.pulls) failPulls(result, outcome.reason);
      pullsPending = false;
      continue;
    }
    readRepositories(request.repositories, outcome.data, outcome.errors, result);
    if (request.pulls) {
      const page = outcome.data.pulls as SearchPage | null | undefined;
      const pullErrors = outcome.errors.filter((error) => error.path?.[0] === "pulls");
      if (!page || pullErrors.length > 0) {
        failPulls(result, `GitHub could not list pull requests (${describeErrors(pullErrors) || "no search result"})`);
        pullsPending = false;
      } else {
        result.pulls?.push(...readPulls(page, login));
        cursor = page.pageInfo?.endCursor ?? null;
        pullsPending = Boolean(page.pageInfo?.hasNextPage && cursor);
      }
    }
  }
  result.requests = counter.requests;
  return result;
}

function failPulls(result: LiveGithub, reason: string): void {
  result.pulls = null;
  result.pullsFailure = reason;
}

function readRepositories(refs: RepositoryRef[], data: Record<string, unknown>, errors: GraphqlError[], result: LiveGithub): void {
  refs.forEach((ref, index) => {
    const alias = repositoryAlias(index);
    const key = repositoryKey(ref);
    const node = data[alias] as RepositoryNode | null | undefined;
    if (!node || typeof node.stargazerCount !== "number") {
      const error = errors.find((e) => e.path?.[0] === alias);
      const reason = error?.type === "NOT_FOUND"
        ? `GitHub does not know ${ref.owner}/${ref.name} any more (renamed or deleted?)`
        : `GitHub gave no data for ${ref.owner}/${ref.name}${error ? ` (${error.message})` : ""}`;
      result.repositoryFailures.set(key, reason);
      return;
    }
    result.repositories.set(key, { stars: node.stargazerCount, pushedAt: node.pushedAt ?? null });
    if (node.nameWithOwner && node.nameWithOwner.toLowerCase() !== key) result.renamed.set(key, node.nameWithOwner);
  });
}

function readPulls(page: SearchPage, login: string): PullFacts[] {
  const pulls: PullFacts[] = [];
  for (const node of page.nodes ?? []) {
    const repo = node?.repository;
    if (!node || typeof node.number !== "number" || !repo?.nameWithOwner) continue;
    // Pull requests to the owner's own repositories are work on their projects, not contributions.
    if (repo.owner?.login?.toLowerCase() === login.toLowerCase()) continue;
    const state = (node.state ?? "").toLowerCase();
    if (state !== "open" && state !== "closed" && state !== "merged") continue;
    pulls.push({
      repo: repo.nameWithOwner,
      number: node.number,
      title: node.title ?? "",
      state,
      url: node.url ?? `https://github.com/${repo.nameWithOwner}/pull/${node.number}`,
      created: node.createdAt ? node.createdAt.slice(0, 10) : null,
      repoStars: repo.stargazerCount ?? 0,
    });
  }
  return pulls;
}

function describeErrors(errors: GraphqlError[]): string {
  return errors.map((error) => error.message).join("; ");
}
