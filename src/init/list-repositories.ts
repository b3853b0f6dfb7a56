import { postGraphql, type GraphqlSettings, type RequestCounter } from "../github/graphql-client.ts";
import {
  field,
  isObject,
  readArray,
  readBoolean,
  readCount,
  readNullableDateTime,
  readNullableString,
  readObject,
  readObjectField,
  readString,
  WrongShape,
  type JsonObject,
} from "../github/answer-shape.ts";

/** One public repository of the owner, as init uses it: mapped at the edge, never raw JSON. */
export interface OwnedRepository {
  name: string;
  description: string | null;
  homepageUrl: string | null;
  stars: number;
  pushedAt: string | null;
  /** Primary language first, then the others by size; each with GitHub's colour (or null). */
  languages: { name: string; color: string | null }[];
  topics: string[];
  readme: string | null;
  isFork: boolean;
  isArchived: boolean;
}

export type ListingOutcome =
  /** `name`: the profile's name, if it has one. */
  | { ok: true; repositories: OwnedRepository[]; requests: number; name: string | null }
  | { ok: false; reason: string; requests: number };

/** Most pages asked for: 100 a page, so an account of 2,000 public repositories is the limit. */
const MAX_PAGES = 20;

/**
 * The owner's repositories, 100 a page. `privacy: PUBLIC` and `isFork: false` ask GitHub to
 * leave private repositories and forks out; each is still checked on the answer (with
 * `isArchived`, which GitHub cannot filter), since a listing that ignored a qualifier must not
 * turn a private repository into a published project.
 */
export const LIST_REPOSITORIES_QUERY = `query($login: String!, $after: String) {
  user(login: $login) {
    name
    repositories(first: 100, after: $after, privacy: PUBLIC, isFork: false, ownerAffiliations: [OWNER], orderBy: {field: NAME, direction: ASC}) {
      pageInfo { hasNextPage endCursor }
      nodes {
        name description homepageUrl stargazerCount pushedAt isFork isArchived isPrivate
        primaryLanguage { name color }
        languages(first: 10, orderBy: {field: SIZE, direction: DESC}) { nodes { name color } }
        repositoryTopics(first: 20) { nodes { topic { name } } }
        readme: object(expression: "HEAD:README.md") { ... on Blob { text } }
        readmeLower: object(expression: "HEAD:readme.md") { ... on Blob { text } }
        readmePlain: object(expression: "HEAD:README") { ... on Blob { text } }
      }
    }
  }
}`;

/**
 * Lists every public, owned repository of `login` through the project's one GraphQL client
 * (no cache: init wants today's answer). Any failure, a page's included, fails the whole
 * listing: init then writes nothing, rather than a site with part of the projects.
 */
export async function listRepositories(settings: GraphqlSettings, login: string): Promise<ListingOutcome> {
  const counter: RequestCounter = { requests: 0 };
  const repositories: OwnedRepository[] = [];
  let name: string | null = null;
  let after: string | null = null;
  const fail = (reason: string): ListingOutcome => ({ ok: false, reason, requests: counter.requests });
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const outcome = await postGraphql(
      { ...settings, cacheDuration: "0s" },
      { query: LIST_REPOSITORIES_QUERY, variables: { login, after } },
      counter,
    );
    if (!outcome.ok) return fail(outcome.reason);
    if (outcome.errors.length > 0)
      return fail(`GitHub answered with GraphQL errors: ${outcome.errors.map((e) => e.message).join("; ")}`);
    try {
      const user = field(outcome.data, "user");
      if (!isObject(user)) return fail(`GitHub knows no user named ${login}`);
      if (page === 0) name = readNullableString(user, "name", "user");
      const connection = readObjectField(user, "repositories", "user");
      for (const [index, node] of readArray(connection, "nodes", "repositories").entries()) {
        const repository = readRepository(
          readObject(node, `repositories.nodes.${index}`),
          `repositories.nodes.${index}`,
        );
        if (repository) repositories.push(repository);
      }
      const pageInfo = readObjectField(connection, "pageInfo", "repositories");
      if (!readBoolean(pageInfo, "hasNextPage", "pageInfo"))
        return { ok: true, repositories, requests: counter.requests, name };
      after = readString(pageInfo, "endCursor", "pageInfo");
    } catch (error) {
      if (error instanceof WrongShape) return fail(`GitHub's answer had an unexpected shape (${error.message})`);
      throw error;
    }
  }
  return fail(`more than ${MAX_PAGES * 100} repositories: pass --repos to choose`);
}

/** One node; null for a private repository (never listed, whatever the query asked). */
function readRepository(node: JsonObject, where: string): OwnedRepository | null {
  if (readBoolean(node, "isPrivate", where)) return null;
  const languages: OwnedRepository["languages"] = [];
  const addLanguage = (value: unknown, at: string): void => {
    if (!isObject(value)) return;
    const name = readString(value, "name", at);
    if (!languages.some((known) => known.name === name))
      languages.push({ name, color: readNullableString(value, "color", at) });
  };
  addLanguage(field(node, "primaryLanguage"), `${where}.primaryLanguage`);
  const others = field(node, "languages");
  if (isObject(others))
    for (const [index, language] of readArray(others, "nodes", `${where}.languages`).entries())
      addLanguage(language, `${where}.languages.${index}`);
  const topicList = field(node, "repositoryTopics");
  const topics = isObject(topicList)
    ? readArray(topicList, "nodes", `${where}.repositoryTopics`).map((entry, index) => {
        const at = `${where}.repositoryTopics.${index}`;
        return readString(readObjectField(readObject(entry, at), "topic", at), "name", at);
      })
    : [];
  // The first of the usual README names that is a text file.
  const readme = ["readme", "readmeLower", "readmePlain"]
    .map((alias) => field(node, alias))
    .map((blob) => (isObject(blob) ? field(blob, "text") : undefined))
    .find((text): text is string => typeof text === "string");
  return {
    name: readString(node, "name", where),
    description: readNullableString(node, "description", where),
    homepageUrl: readNullableString(node, "homepageUrl", where),
    stars: readCount(node, "stargazerCount", where),
    pushedAt: readNullableDateTime(node, "pushedAt", where),
    languages,
    topics,
    readme: readme ?? null,
    isFork: readBoolean(node, "isFork", where),
    isArchived: readBoolean(node, "isArchived", where),
  };
}
