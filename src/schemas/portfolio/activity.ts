import { Type, type Static } from "@sinclair/typebox";
import { Count, DateString, Nullable, Uri } from "../common.ts";
import { RecentPush } from "./projects.ts";

export const Pull = Type.Object(
  {
    repo: Type.String({ description: "Target repository as owner/name", examples: ["python/cpython"] }),
    number: Count("Pull request number in that repository"),
    title: Type.String({ description: "Title, as written on the code host" }),
    state: Type.Union([Type.Literal("open"), Type.Literal("closed"), Type.Literal("merged")], {
      description: "State as of the last build: open, closed (without merging) or merged",
    }),
    url: Uri("The pull request"),
    created: Nullable(Type.String({ format: "date" }), "Day it was opened (YYYY-MM-DD, UTC), or null when unknown"),
    repo_stars: Count("Stars of the target repository"),
  },
  { description: "A pull request sent to someone else's project." },
);
export type Pull = Static<typeof Pull>;

export const Post = Type.Object(
  {
    title: Type.String({ description: "Post title (plain text)" }),
    url: Uri("The post on the blog"),
    published: Nullable(Type.String({ format: "date-time" }), "Publication time, or null when the feed gives none"),
    summary: Type.String({ description: "Short plain-text summary" }),
  },
  { description: "A blog post in summary form, from the blog built with the site or else its RSS feed." },
);
export type Post = Static<typeof Post>;

export const NowItem = Type.Object(
  {
    text: Type.String({ description: "The item as plain text" }),
    html: Type.String({ description: "The item as inline HTML" }),
  },
  { description: "One item of the /now list." },
);

export const Now = Type.Object(
  {
    updated: DateString("Day the list was last updated"),
    stale: Type.Boolean({ description: "True once the list has gone 60 days without an update" }),
    url: Uri("The /now page"),
    sections: Type.Array(
      Type.Object(
        {
          title: Type.String({ description: "Section title" }),
          items: Type.Array(NowItem, { description: "Items of the section" }),
        },
        { description: "A section of the /now list." },
      ),
      { description: "The list, by section" },
    ),
    lately: Type.Object(
      {
        latest_post: Nullable(Post, "The newest blog post, or null"),
        recent_pushes: Type.Array(RecentPush, { description: "The most recent pushes, newest first (at most five)" }),
      },
      { description: "Recent activity derived at build time." },
    ),
  },
  { description: "What the owner is doing now." },
);
export type Now = Static<typeof Now>;
