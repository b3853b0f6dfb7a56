import type { RepositoryRef } from "./facts.ts";

/** GitHub returns at most 100 search results per page. */
export const PULLS_PAGE_SIZE = 100;
/** Repositories asked for in one request, as aliased fields. */
export const REPOSITORIES_PER_REQUEST = 50;

/** One GraphQL request of the plan: a batch of repositories and/or one page of pull requests. */
export interface PlannedRequest {
  repositories: RepositoryRef[];
  /** Whether this request also asks for a page of pull requests. */
  pulls: boolean;
}

/**
 * The search for the owner's pull requests to repositories they do not own; `is:public`, since a
 * token with `repo` scope also finds private ones (live-github.ts checks `isPrivate` again).
 */
export function pullsSearch(login: string): string {
  return `is:pr is:public author:${login} -user:${login} sort:created-desc`;
}

/** Alias of the n-th repository in a request (`r0`, `r1`, …). */
export function repositoryAlias(index: number): string {
  return `r${index}`;
}

/** The text of one request: each repository as an aliased field, and a page of the pull request search. */
export function buildQuery(request: PlannedRequest): string {
  const repositories = request.repositories.map(
    (ref, index) =>
      `  ${repositoryAlias(index)}: repository(owner: ${JSON.stringify(ref.owner)}, name: ${JSON.stringify(ref.name)}) { ...RepositoryFacts }`,
  );
  const pulls = request.pulls
    ? [
        `  pulls: search(query: $pullsQuery, type: ISSUE, first: ${PULLS_PAGE_SIZE}, after: $after) {`,
        "    issueCount",
        "    pageInfo { hasNextPage endCursor }",
        "    nodes { ... on PullRequest { number title url state createdAt repository { nameWithOwner isPrivate stargazerCount owner { login } } } }",
        "  }",
      ]
    : [];
  const head = request.pulls ? "query PortfolioData($pullsQuery: String!, $after: String) {" : "query PortfolioData {";
  const fragment =
    request.repositories.length > 0
      ? ["fragment RepositoryFacts on Repository { nameWithOwner isPrivate stargazerCount pushedAt }"]
      : [];
  return [head, ...repositories, ...pulls, "}", ...fragment].join("\n");
}
