import { Type } from "@sinclair/typebox";
import { MAX_STRING_CHARACTERS } from "../content/content-limits.ts";
import {
  AnObject,
  Count,
  field,
  Flag,
  isObject,
  NameWithOwner,
  NullableDateTime,
  NullableText,
  readShape,
  Text,
  WrongShape,
  type JsonObject,
} from "./answer-shape.ts";
import { checkPulls, DATE_RANGE, entryInstant } from "./entry-check.ts";
import { repositoryKey, type PullFacts, type RepositoryFacts, type RepositoryRef } from "./facts.ts";
import { postGraphql, quoteMessages, type GraphqlError, type GraphqlSettings } from "./graphql-client.ts";

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
  /** What the entry check changed in live pull requests before use (links, titles, dates, copies), as sentences. */
  pullsCleaned: string[];
  /** HTTP requests sent (cached answers send none): this counts them as postGraphql's counter. */
  requests: number;
}

/** More pages than any real owner has: an answer that keeps promising another must not keep the build asking. */
const MAX_PULL_PAGES = 50;
/** All of a live fetch, pages and retries: at most this many request timeouts (a minute by default). */
const TIMEOUTS_IN_ALL = 6;
/** GitHub returns at most 100 search results per page. */
const PULLS_PAGE_SIZE = 100;

/**
 * Fetches every repository's stars and last push, and the pull requests of `login` to others'
 * repositories; request n carries repository batch n and pull page n (one for a typical site).
 * A repository's part of an answer that is wrong falls back on its own; a wrong pull page fails
 * the whole list, which goes through the entry check once complete.
 */
export async function fetchLiveGithub(
  settings: GraphqlSettings,
  login: string,
  wanted: readonly RepositoryRef[],
): Promise<LiveGithub> {
  const result: LiveGithub = {
    repositories: new Map(),
    repositoryFailures: new Map(),
    renamed: new Map(),
    pulls: [],
    pullsFailure: null,
    pullsCleaned: [],
    requests: 0,
  };
  const entries: PullFacts[] = [];

  const deadline = performance.now() + TIMEOUTS_IN_ALL * settings.timeoutMs;
  const late = `GitHub took more than ${(TIMEOUTS_IN_ALL * settings.timeoutMs) / 1000} s in all (${TIMEOUTS_IN_ALL} times GITHUB_TIMEOUT_MS)`;
  let cursor: string | null = null;
  let pullsPending = true;
  const failPulls = (reason: string): void => {
    result.pulls = null;
    result.pullsFailure = reason;
    pullsPending = false;
  };
  for (let round = 0; round * REPOSITORIES_PER_REQUEST < wanted.length || pullsPending; round += 1) {
    const repositories = wanted.slice(round * REPOSITORIES_PER_REQUEST, (round + 1) * REPOSITORIES_PER_REQUEST);
    const request = { repositories, pulls: pullsPending };
    const variables: Record<string, unknown> = request.pulls ? { pullsQuery: pullsSearch(login), after: cursor } : {};
    const outcome =
      performance.now() > deadline
        ? { ok: false as const, reason: late }
        : await postGraphql(settings, { query: buildQuery(request), variables }, result, withoutPrivatePulls);

    if (!outcome.ok) {
      for (const ref of request.repositories) result.repositoryFailures.set(repositoryKey(ref), outcome.reason);
      if (request.pulls) failPulls(outcome.reason);
      continue;
    }
    readRepositories(request.repositories, outcome.data, outcome.errors, result);
    if (!request.pulls) continue;
    const page = field(outcome.data, "pulls");
    const pullErrors = outcome.errors.filter((error) => error.path[0] === "pulls");
    if (page === null || page === undefined || pullErrors.length > 0) {
      const messages = quoteMessages(pullErrors);
      failPulls(`GitHub could not list pull requests (${messages || "no search result"})`);
      continue;
    }
    try {
      const read = readPullPage(page, login);
      entries.push(...read.pulls);
      pullsPending = read.next !== null;
      if (pullsPending && (read.next === cursor || round + 1 >= MAX_PULL_PAGES))
        failPulls(`GitHub kept announcing more pull requests after ${round + 1} pages of ${PULLS_PAGE_SIZE}`);
      cursor = read.next;
    } catch (error) {
      if (!(error instanceof WrongShape)) throw error;
      failPulls(`GitHub's list of pull requests had an unexpected shape (${error.message})`);
    }
  }
  if (result.pulls) {
    // Checked as one list: the same pull request may come on two pages.
    const checked = checkPulls(entries);
    result.pulls = checked.pulls;
    result.pullsCleaned = checked.notes;
  }
  return result;
}

/**
 * The answer without the pull requests to private repositories, before it is cached or read: the
 * cache folder may be shared or uploaded (a CI cache). The rest is left for the readers below.
 */
function withoutPrivatePulls(data: JsonObject): JsonObject {
  const page = field(data, "pulls");
  const nodes = isObject(page) ? field(page, "nodes") : undefined;
  if (!isObject(page) || !Array.isArray(nodes)) return data;
  const isPublic = (node: unknown): boolean => {
    const repository = isObject(node) ? field(node, "repository") : undefined;
    return !(isObject(repository) && field(repository, "isPrivate") === true);
  };
  return { ...data, pulls: { ...page, nodes: nodes.filter(isPublic) } };
}

function readRepositories(refs: RepositoryRef[], data: JsonObject, errors: GraphqlError[], result: LiveGithub): void {
  refs.forEach((ref, index) => {
    const alias = `r${index}`;
    const key = repositoryKey(ref);
    const fail = (reason: string) => result.repositoryFailures.set(key, reason);
    const node = field(data, alias);
    if (node === null || node === undefined) {
      const error = errors.find((e) => e.path[0] === alias);
      fail(
        error?.type === "NOT_FOUND"
          ? `GitHub does not know ${ref.owner}/${ref.name} any more (renamed or deleted?)`
          : `GitHub gave no data for ${ref.owner}/${ref.name}${error ? ` (${error.message})` : ""}`,
      );
      return;
    }
    try {
      const repository = readShape(Repository, node, "");
      const pushed = repository.pushedAt ?? null;
      const pushedAt = pushed === null ? null : entryInstant(pushed);
      if (repository.isPrivate) {
        // Only a token with `repo` scope sees it at all: publishing its figures would make the
        // site depend on whose token built it. The last-known figures stand in, with a note.
        fail(`${ref.owner}/${ref.name} is private on GitHub, so its live figures are not published`);
      } else if (pushed !== null && pushedAt === null) {
        fail(`GitHub gave a last push dated outside ${DATE_RANGE}`);
      } else {
        result.repositories.set(key, { stars: repository.stargazerCount, pushedAt });
        if (repository.nameWithOwner.toLowerCase() !== key) result.renamed.set(key, repository.nameWithOwner);
      }
    } catch (error) {
      if (!(error instanceof WrongShape)) throw error;
      fail(`GitHub's answer for ${ref.owner}/${ref.name} had an unexpected shape (${error.message})`);
    }
  });
}

const Repository = AnObject({
  nameWithOwner: NameWithOwner,
  isPrivate: Flag,
  stargazerCount: Count,
  pushedAt: Type.Optional(NullableDateTime),
});

const PullPage = AnObject({
  pageInfo: AnObject({ hasNextPage: Flag, endCursor: Type.Optional(NullableText) }),
  // More than asked is no page of ours (150,000 nodes overflowed the stack).
  nodes: Type.Array(Type.Unknown(), { maxItems: PULLS_PAGE_SIZE, expected: `a list of at most ${PULLS_PAGE_SIZE}` }),
});

const PullNode = AnObject({
  repository: AnObject({
    isPrivate: Flag,
    nameWithOwner: NameWithOwner,
    stargazerCount: Count,
    owner: AnObject({ login: Text }),
  }),
  number: Count,
  // As long as any content string may be: a title of 30 MB was published whole.
  title: Type.String({
    maxLength: MAX_STRING_CHARACTERS,
    expected: `a string of at most ${MAX_STRING_CHARACTERS.toLocaleString("en")} characters`,
  }),
  url: Text,
  state: Type.Union([Type.Literal("OPEN"), Type.Literal("CLOSED"), Type.Literal("MERGED")], {
    expected: "one of OPEN, CLOSED, MERGED",
  }),
  createdAt: Type.Optional(NullableDateTime),
});

const STATES = { OPEN: "open", CLOSED: "closed", MERGED: "merged" } as const;

/**
 * One page of the search, and the cursor of the next (null on the last). Empty nodes (results
 * that are not pull requests) are skipped, and so are private ones, should the rest miss one.
 */
function readPullPage(value: unknown, login: string): { pulls: PullFacts[]; next: string | null } {
  const page = readShape(PullPage, value, "pulls");
  const pulls: PullFacts[] = [];
  page.nodes.forEach((node, index) => {
    if (node === null || (isObject(node) && Object.keys(node).length === 0)) return;
    const { repository, ...pull } = readShape(PullNode, node, `pulls.nodes.${index}`);
    // Pull requests to the owner's own repositories are work on their projects, not contributions.
    if (repository.isPrivate || repository.owner.login.toLowerCase() === login.toLowerCase()) return;
    pulls.push({
      repo: repository.nameWithOwner,
      number: pull.number,
      title: pull.title,
      state: STATES[pull.state],
      url: pull.url,
      created: pull.createdAt ?? null,
      repoStars: repository.stargazerCount,
    });
  });
  const { hasNextPage, endCursor } = page.pageInfo;
  return { pulls, next: hasNextPage && endCursor ? endCursor : null };
}

/** Repositories asked for in one request, as aliased fields. */
const REPOSITORIES_PER_REQUEST = 50;

/**
 * The search for the owner's pull requests to repositories they do not own; `is:public`, since a
 * token with `repo` scope also finds private ones (`readPullPage` checks `isPrivate` again).
 */
export function pullsSearch(login: string): string {
  return `is:pr is:public author:${login} -user:${login} sort:created-desc`;
}

/**
 * The text of one request: each repository as a field aliased `r0`, `r1`, …, and, when `pulls`,
 * a page of the pull request search.
 */
export function buildQuery(request: { repositories: RepositoryRef[]; pulls: boolean }): string {
  const repositories = request.repositories.map(
    (ref, index) =>
      `  r${index}: repository(owner: ${JSON.stringify(ref.owner)}, name: ${JSON.stringify(ref.name)}) { ...RepositoryFacts }`,
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
