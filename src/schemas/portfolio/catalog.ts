import { Type, type Static } from "@sinclair/typebox";
import { WEB_URL_PATTERN } from "../../util/safe-url.ts";
import { Count, Nullable, ProjectName, SITE_PATH_OR_URL_PATTERN, SITE_PATH_PATTERN, Uri } from "../common.ts";

export const SearchItem = Type.Object(
  {
    kind: Type.Union([Type.Literal("page"), Type.Literal("project"), Type.Literal("domain"), Type.Literal("post")], {
      description: "What the entry is",
    }),
    title: Type.String({ description: "Title to show" }),
    subtitle: Type.String({ description: "Second line to show" }),
    path: Type.String({
      pattern: SITE_PATH_OR_URL_PATTERN,
      description:
        "Site-relative path (with the site's base path), for same-origin links; an absolute URL only for posts hosted on another origin",
      examples: ["/projects/tidewatch/"],
    }),
    url: Uri("Absolute URL of the same target"),
    keywords: Type.Array(Type.String(), { description: "Extra words to match" }),
  },
  { description: "One entry of the site's search index (what the command palette loads)." },
);
export type SearchItem = Static<typeof SearchItem>;

const NamedStars = Type.Object(
  { name: ProjectName("Project name"), stars: Count("Its stars") },
  { description: "A project and its stars." },
);

export const Stats = Type.Object(
  {
    projects: Count("Number of projects"),
    domains: Count("Number of domains"),
    featured: Count("Number of featured projects"),
    languages: Count("Number of distinct languages"),
    tags: Count("Number of distinct tags"),
    stars: Type.Object(
      {
        total: Count("Sum of stars over all projects"),
        top: Type.Array(NamedStars, { description: "The five most-starred projects, most first" }),
      },
      { description: "Stars." },
    ),
    pull_requests: Type.Object(
      {
        count: Count("Pull requests sent to other people's projects"),
        repos: Count("Distinct repositories that received them"),
        merged: Count("How many were merged"),
        reach: Count("Sum of stars over the repositories that received pull requests (each counted once)"),
      },
      { description: "Pull requests to other people's projects." },
    ),
    posts: Count("Number of blog posts"),
    awards: Count("Number of awards"),
    in_progress: Count("Number of names reserved for unpublished projects"),
    last_push: Nullable(
      Type.Object(
        { project: ProjectName("Project name"), at: Type.String({ format: "date-time", description: "When" }) },
        { description: "The latest push." },
      ),
      "The most recent push to any project, or null when none was ever pushed",
    ),
  },
  { description: "Aggregate numbers, all derived from the other files." },
);
export type Stats = Static<typeof Stats>;

export const IndexEndpoint = Type.Object(
  {
    path: Type.String({
      pattern: SITE_PATH_PATTERN,
      description: "Path template relative to the site's base URL",
      examples: ["/api/v1/projects/{name}.json"],
    }),
    url: Type.String({
      pattern: WEB_URL_PATTERN,
      description: "Absolute URL; a URL template when `params` is present",
    }),
    summary: Type.String({ description: "What it returns" }),
    group: Type.String({ description: "Group the endpoint belongs to" }),
    type: Type.String({ description: "Media type of the response", examples: ["application/json"] }),
    params: Type.Optional(
      Type.Unsafe<Record<string, string[]>>({
        type: "object",
        additionalProperties: { type: "array", items: { type: "string" } },
        description: "For templated paths: each path parameter with every valid value",
      }),
    ),
  },
  { description: "One endpoint of the API." },
);
export type IndexEndpoint = Static<typeof IndexEndpoint>;

export const ApiIndex = Type.Object(
  {
    name: Type.String({ description: "Name of the API" }),
    description: Type.String({ description: "What it offers" }),
    version: Type.String({ description: "API version", examples: ["1.0.0"] }),
    docs: Uri("Human documentation page"),
    openapi: Uri("OpenAPI 3.1 description"),
    endpoints: Type.Array(IndexEndpoint, { description: "Every endpoint" }),
  },
  { description: "Entry point: every endpoint with its URL." },
);
export type ApiIndex = Static<typeof ApiIndex>;
