import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { WEB_OR_MAIL_URL_PATTERN, WEB_URL_PATTERN, type UrlUse } from "../util/safe-url.ts";

/** `X or null`: the key is always present, with null when there is no value. */
export function Nullable<T extends TSchema>(schema: T, description?: string) {
  return Type.Union([schema, Type.Null()], description ? { description } : {});
}

/**
 * A published URL: every URL field of both APIs is made here, with the scheme rule of
 * src/util/safe-url.ts as a pattern too (`format: uri` accepts `javascript:`), so validation
 * refuses what got past the entry checks. `web-or-mail` only where a contact address may be published.
 */
export const UriString = (use: UrlUse = "web", options: { description?: string; examples?: string[] } = {}) =>
  Type.String({ format: "uri", pattern: use === "web" ? WEB_URL_PATTERN : WEB_OR_MAIL_URL_PATTERN, ...options });

/** A required http(s) URL field. */
export const Uri = (description: string, examples?: string[]) =>
  UriString("web", { description, ...(examples ? { examples } : {}) });
/** A site-relative path: one leading slash (`//host/…` would leave the site for another host). */
export const SITE_PATH_PATTERN = "^/(?!/)";
/** A site-relative path, or an absolute http(s) URL where the target lives on another origin. */
export const SITE_PATH_OR_URL_PATTERN = `^(?:/(?!/)|${WEB_URL_PATTERN.slice(1)})`;

/**
 * GitHub's rule for a repository name, which is a project's name and the `{name}` of its file:
 * 1-100 letters, digits, `.`, `_` or `-`, and not starting with `.`: that refuses `.` and `..`
 * (which would step out of the folder in a path) and `.github`, whose dot-folder Pages drops.
 */
export const REPOSITORY_NAME_PATTERN = "^(?!\\.)[A-Za-z0-9._-]{1,100}$";

/** A project's name: its repository's name. */
export const ProjectName = (description?: string, examples?: string[]) =>
  Type.String({
    pattern: REPOSITORY_NAME_PATTERN,
    ...(description ? { description } : {}),
    ...(examples ? { examples } : {}),
  });

export const DateTimeString = (description: string) =>
  Type.String({ format: "date-time", description, examples: ["2026-11-20T03:12:00Z"] });
export const DateString = (description: string) =>
  Type.String({ format: "date", description, examples: ["2026-11-02"] });
export const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const Link = Type.Object(
  {
    label: Type.String({ description: "What the link leads to", examples: ["Talk video"] }),
    url: Uri("Where it leads"),
  },
  { description: "A labelled link." },
);
export type Link = Static<typeof Link>;

const metaFields = {
  api: Type.String({ description: "Name of the API; the portfolio API and the blog API have different names" }),
  version: Type.String({ description: "API version", examples: ["1.0.0"] }),
  generated: DateTimeString("When the build that wrote this file ran"),
  self: Uri("URL of this file"),
  docs: Uri("URL of the human documentation page"),
  schema: Uri(
    "URL of the JSON Schema (2020-12) of `data`: validate this file's `data` against it with any JSON Schema validator",
    ["https://example.org/api/v1/schemas/ProjectDetail.json"],
  ),
};
const optionalMetaFields = {
  source: Type.Optional(Uri("Where the data came from, when it is not this site")),
  note: Type.Optional(
    Type.String({ description: "Anything unusual about this build of the file, e.g. data served from a snapshot" }),
  ),
};

export const Meta = Type.Object(
  { ...metaFields, count: Type.Optional(Count("Number of items in `data`, on list endpoints")), ...optionalMetaFields },
  { description: "Facts about the file itself." },
);
export const ListMeta = Type.Object(
  { ...metaFields, count: Count("Number of items in `data`"), ...optionalMetaFields },
  { description: "Facts about a list file; `count` is the number of items in `data`." },
);
export type Meta = Static<typeof Meta>;

export const Badge = Type.Object(
  {
    schemaVersion: Type.Unsafe<1>({ type: "integer", const: 1, description: "Always 1" }),
    label: Type.String({ minLength: 1, description: "Left-hand text of the badge" }),
    message: Type.String({ minLength: 1, description: "Right-hand text of the badge" }),
    color: Type.String({ minLength: 1, description: "Colour of the message side", examples: ["blue", "4c1"] }),
  },
  { description: "A badge in the badge-service endpoint format (schemaVersion 1). No envelope." },
);
export type Badge = Static<typeof Badge>;
