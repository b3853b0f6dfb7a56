import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A repository as the fake GitHub knows it; `nameWithOwner` differs from the key after a rename. */
export interface FakeRepository {
  stars: number;
  pushedAt: string | null;
  nameWithOwner?: string;
  /** Whether GitHub calls it private (seen only by a token with `repo` scope); default false. */
  isPrivate?: boolean;
}

export interface FakePull {
  number: number;
  title: string;
  state: "OPEN" | "CLOSED" | "MERGED";
  createdAt: string;
  repo: string;
  repoStars: number;
  /** The link GitHub gives; default `https://github.com/{repo}/pull/{number}`. */
  url?: string;
  /** Whether the pull request's repository is private; default false. */
  isPrivate?: boolean;
}

/** Two pull requests to other projects, one merged and one open: what most tests have GitHub answer. */
export const TWO_PULLS: readonly [FakePull, FakePull] = [
  {
    number: 1,
    title: "Fix the parser",
    state: "MERGED",
    createdAt: "2026-03-01T12:00:00Z",
    repo: "python/cpython",
    repoStars: 65000,
  },
  {
    number: 2,
    title: "Add a flag",
    state: "OPEN",
    createdAt: "2026-04-01T12:00:00Z",
    repo: "zig/zig",
    repoStars: 40000,
  },
];

/** How to answer request n (0-based) instead of normally: a status, headers, a raw body, a delay. */
export interface FakeFault {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Answer normally but with these repository aliases' owners/names missing (NOT_FOUND). */
  notFound?: string[];
  /** Answer normally but make the pull search fail with a GraphQL error. */
  failPulls?: boolean;
  /** Answer with what this returns (serialized as JSON) instead of the normal answer it is given. */
  rewrite?: (answer: FakeAnswer) => unknown;
}

/** A normal answer, as `rewrite` receives it to change. */
export interface FakeAnswer {
  data: Record<string, unknown>;
  errors?: { type: string; path: string[]; message: string }[];
}

/** A repository in a user's listing (`user(login:) { repositories }`), as init reads it. */
export interface FakeOwnedRepository {
  name: string;
  description?: string | null;
  homepageUrl?: string | null;
  stars?: number;
  pushedAt?: string | null;
  isFork?: boolean;
  isArchived?: boolean;
  isPrivate?: boolean;
  /** Primary language first; each with a colour. */
  languages?: { name: string; color: string | null }[];
  topics?: string[];
  readme?: string | null;
}

export interface FakeGithubOptions {
  /** Each user's repositories, for the listing query; a login not listed answers `user: null`. */
  users?: Record<string, FakeOwnedRepository[]>;
  /** Each user's profile name (`user { name }`), by login; default null, as for an account without one. */
  userNames?: Record<string, string>;
  /** Keyed by `owner/name` (any case); repositories not listed answer NOT_FOUND. */
  repositories: Record<string, FakeRepository>;
  pulls: FakePull[];
  /** Port to listen on; default: any free one. A test of the cache reuses a port, since the cache key holds the URL. */
  port?: number;
  /** Override of the page size the server honours (GitHub: `first`, at most 100). */
  pageSize?: number;
  /** Given the request too, so a fault can echo what was sent (the Authorization header). */
  fault?: (requestIndex: number, request: RecordedRequest) => FakeFault | undefined;
}

export interface RecordedRequest {
  authorization: string | undefined;
  query: string;
  variables: Record<string, unknown>;
}

export interface FakeGithub {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const REPOSITORY_FIELD = /(\w+): repository\(owner: "([^"]+)", name: "([^"]+)"\)/g;

/**
 * A real HTTP server on 127.0.0.1 that answers the GraphQL requests this project sends, the
 * way GitHub does: aliased repositories, a paginated search, `errors` beside partial `data`.
 * The search ignores its qualifiers (`is:public` included): it lists every pull it was given,
 * as GitHub would to a token with `repo` scope if the qualifier were ever dropped, so tests
 * can prove the second check on `isPrivate`.
 */
export async function startFakeGithub(options: FakeGithubOptions): Promise<FakeGithub> {
  const requests: RecordedRequest[] = [];
  const repositories = new Map(
    Object.entries(options.repositories).map(([key, value]) => [key.toLowerCase(), { key, ...value }]),
  );

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    let parsed: { query?: string; variables?: Record<string, unknown> } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = {};
    }
    const index = requests.length;
    const recorded: RecordedRequest = {
      authorization: req.headers.authorization,
      query: parsed.query ?? "",
      variables: parsed.variables ?? {},
    };
    requests.push(recorded);
    const fault = options.fault?.(index, recorded);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.status || fault?.body !== undefined) {
      res.writeHead(fault.status ?? 200, { "content-type": "application/json", ...fault.headers });
      res.end(fault.body ?? JSON.stringify({ message: "fake failure" }));
      return;
    }
    const normal = answer(parsed.query ?? "", parsed.variables ?? {}, fault);
    res.writeHead(200, { "content-type": "application/json", ...fault?.headers });
    res.end(JSON.stringify(fault?.rewrite ? fault.rewrite(normal) : normal));
  });

  function answer(query: string, variables: Record<string, unknown>, fault: FakeFault | undefined): FakeAnswer {
    const data: Record<string, unknown> = {};
    const errors: NonNullable<FakeAnswer["errors"]> = [];
    for (const match of query.matchAll(REPOSITORY_FIELD)) {
      const [, alias = "", owner = "", name = ""] = match;
      const repository = repositories.get(`${owner}/${name}`.toLowerCase());
      if (!repository || fault?.notFound?.includes(`${owner}/${name}`)) {
        data[alias] = null;
        errors.push({
          type: "NOT_FOUND",
          path: [alias],
          message: `Could not resolve to a Repository with the name '${owner}/${name}'.`,
        });
        continue;
      }
      data[alias] = {
        nameWithOwner: repository.nameWithOwner ?? repository.key,
        isPrivate: repository.isPrivate ?? false,
        stargazerCount: repository.stars,
        pushedAt: repository.pushedAt,
      };
    }
    if (query.includes("user(login: $login)")) data.user = userListing(query, variables);
    if (query.includes("pulls: search(")) {
      if (fault?.failPulls) {
        data.pulls = null;
        errors.push({ type: "SERVICE_UNAVAILABLE", path: ["pulls"], message: "Search is temporarily unavailable" });
      } else {
        const first = Math.min(Number(/first: (\d+)/.exec(query)?.[1] ?? 100), options.pageSize ?? 100);
        const start = typeof variables.after === "string" ? Number(variables.after.replace(/^cursor-/, "")) : 0;
        const page = options.pulls.slice(start, start + first);
        const end = start + page.length;
        data.pulls = {
          issueCount: options.pulls.length,
          pageInfo: { hasNextPage: end < options.pulls.length, endCursor: page.length > 0 ? `cursor-${end}` : null },
          nodes: page.map((pull) => ({
            number: pull.number,
            title: pull.title,
            url: pull.url ?? `https://github.com/${pull.repo}/pull/${pull.number}`,
            state: pull.state,
            createdAt: pull.createdAt,
            repository: {
              nameWithOwner: pull.repo,
              isPrivate: pull.isPrivate ?? false,
              stargazerCount: pull.repoStars,
              owner: { login: pull.repo.split("/")[0] },
            },
          })),
        };
      }
    }
    return errors.length > 0 ? { data, errors } : { data };
  }

  /** One page of a user's repositories, filtered as GitHub does for `privacy: PUBLIC, isFork: false`. */
  function userListing(query: string, variables: Record<string, unknown>): unknown {
    const login = typeof variables.login === "string" ? variables.login.toLowerCase() : "";
    const entry = Object.entries(options.users ?? {}).find(([key]) => key.toLowerCase() === login);
    if (!entry) return null;
    const listed = entry[1].filter(
      (repository) =>
        !(query.includes("privacy: PUBLIC") && repository.isPrivate) &&
        !(query.includes("isFork: false") && repository.isFork),
    );
    const first = Math.min(Number(/repositories\(first: (\d+)/.exec(query)?.[1] ?? 100), options.pageSize ?? 100);
    const start = typeof variables.after === "string" ? Number(variables.after.replace(/^cursor-/, "")) : 0;
    const page = listed.slice(start, start + first);
    const end = start + page.length;
    return {
      name: options.userNames?.[entry[0]] ?? null,
      repositories: {
        pageInfo: { hasNextPage: end < listed.length, endCursor: page.length > 0 ? `cursor-${end}` : null },
        nodes: page.map((repository) => {
          const languages = repository.languages ?? [];
          return {
            name: repository.name,
            description: repository.description ?? null,
            homepageUrl: repository.homepageUrl ?? null,
            stargazerCount: repository.stars ?? 0,
            pushedAt: repository.pushedAt ?? null,
            isFork: repository.isFork ?? false,
            isArchived: repository.isArchived ?? false,
            isPrivate: repository.isPrivate ?? false,
            primaryLanguage: languages[0] ?? null,
            languages: { nodes: languages },
            repositoryTopics: { nodes: (repository.topics ?? []).map((name) => ({ topic: { name } })) },
            readme: repository.readme === undefined || repository.readme === null ? null : { text: repository.readme },
          };
        }),
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
