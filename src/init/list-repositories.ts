import { Type, type Static } from "@sinclair/typebox";
import { postGraphql, quoteMessages, type GraphqlSettings, type RequestCounter } from "../github/graphql-client.ts";
import {
  AnObject,
  Count,
  field,
  Flag,
  isObject,
  List,
  ListOf,
  NullableDateTime,
  NullableText,
  OrNull,
  readShape,
  Text,
  WrongShape,
} from "../github/answer-shape.ts";

export type ListingOutcome =
  /** `name`: the profile's name, if it has one. */
  | { ok: true; repositories: OwnedRepository[]; requests: number; name: string | null }
  | { ok: false; reason: string; requests: number };

/** Most pages asked for: 100 a page, so an account of 2,000 public repositories is the limit. */
const MAX_PAGES = 20;

/**
 * The owner's repositories, 100 a page. Private ones and forks are asked to be left out, and
 * still checked on the answer: a listing that ignored a qualifier must not publish a private one.
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
 * Lists every public, owned repository of `login` (no cache: init wants today's answer). Any
 * failure fails the whole listing: init writes nothing rather than part of the projects.
 */
export async function listRepositories(settings: GraphqlSettings, login: string): Promise<ListingOutcome> {
  const counter: RequestCounter = { requests: 0 };
  const repositories: OwnedRepository[] = [];
  let name: string | null = null;
  let after: string | null = null;
  const fail = (reason: string): ListingOutcome => ({ ok: false, reason, requests: counter.requests });
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const outcome = await postGraphql(
      { ...settings, cacheMaxAgeMs: 0 },
      { query: LIST_REPOSITORIES_QUERY, variables: { login, after } },
      counter,
    );
    if (!outcome.ok) return fail(outcome.reason);
    if (outcome.errors.length > 0) return fail(`GitHub answered with GraphQL errors: ${quoteMessages(outcome.errors)}`);
    try {
      const user = field(outcome.data, "user");
      if (!isObject(user)) return fail(`GitHub knows no user named ${login}`);
      const { name: userName, repositories: connection } = readShape(User, user, "user");
      if (page === 0) name = userName ?? null;
      for (const [index, node] of connection.nodes.entries()) {
        const where = `repositories.nodes.${index}`;
        // Nothing else of a private repository is read (never listed, whatever the query asked).
        if (readShape(Privacy, node, where).isPrivate) continue;
        repositories.push(toOwnedRepository(readShape(RepositoryNode, node, where)));
      }
      if (!connection.pageInfo.hasNextPage) return { ok: true, repositories, requests: counter.requests, name };
      after = readShape(Text, connection.pageInfo.endCursor, "pageInfo.endCursor");
    } catch (error) {
      if (error instanceof WrongShape) return fail(`GitHub's answer had an unexpected shape (${error.message})`);
      throw error;
    }
  }
  return fail(`more than ${MAX_PAGES * 100} repositories: pass --repos to choose`);
}

const User = AnObject({
  name: Type.Optional(NullableText),
  repositories: AnObject({
    nodes: List,
    pageInfo: AnObject({ hasNextPage: Flag, endCursor: Type.Optional(NullableText) }),
  }),
});

const Privacy = AnObject({ isPrivate: Flag });

const Language = OrNull(AnObject({ name: Text, color: Type.Optional(NullableText) }));
// A README name that is not a text file comes as an empty object.
const Blob = Type.Optional(OrNull(AnObject({ text: Type.Optional(Text) })));

const RepositoryNode = AnObject({
  name: Text,
  description: Type.Optional(NullableText),
  homepageUrl: Type.Optional(NullableText),
  stargazerCount: Count,
  pushedAt: Type.Optional(NullableDateTime),
  isFork: Flag,
  isArchived: Flag,
  primaryLanguage: Type.Optional(Language),
  languages: Type.Optional(OrNull(AnObject({ nodes: ListOf(Language) }))),
  repositoryTopics: Type.Optional(OrNull(AnObject({ nodes: ListOf(AnObject({ topic: AnObject({ name: Text }) })) }))),
  readme: Blob,
  readmeLower: Blob,
  readmePlain: Blob,
});

/** One public repository of the owner, as init uses it: mapped at the edge, never raw JSON. */
export type OwnedRepository = ReturnType<typeof toOwnedRepository>;

function toOwnedRepository(node: Static<typeof RepositoryNode>) {
  // Primary language first, then the others by size, each once; each with GitHub's colour (or null).
  const languages: { name: string; color: string | null }[] = [];
  for (const language of [node.primaryLanguage, ...(node.languages?.nodes ?? [])]) {
    if (language && !languages.some((known) => known.name === language.name))
      languages.push({ name: language.name, color: language.color ?? null });
  }
  return {
    name: node.name,
    description: node.description ?? null,
    homepageUrl: node.homepageUrl ?? null,
    stars: node.stargazerCount,
    pushedAt: node.pushedAt ?? null,
    languages,
    topics: (node.repositoryTopics?.nodes ?? []).map((entry) => entry.topic.name),
    readme: [node.readme, node.readmeLower, node.readmePlain].find((blob) => blob?.text !== undefined)?.text ?? null,
    isFork: node.isFork,
    isArchived: node.isArchived,
  };
}
