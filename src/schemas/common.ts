import { Type, type Static, type TSchema } from "@sinclair/typebox";

/** `X or null`: the key is always present, with null when there is no value. */
export function Nullable<T extends TSchema>(schema: T, description?: string) {
  return Type.Union([schema, Type.Null()], description ? { description } : {});
}

export const Uri = (description: string, examples?: string[]) =>
  Type.String({ format: "uri", description, ...(examples ? { examples } : {}) });
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
};
const optionalMetaFields = {
  source: Type.Optional(Uri("Where the data came from, when it is not this site")),
  note: Type.Optional(Type.String({ description: "Anything unusual about this build of the file, e.g. data served from a snapshot" })),
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
