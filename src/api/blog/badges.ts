import type { BlogModel } from "../../blog/blog-model.ts";
import type { BadgeTable } from "../badges.ts";

const MAX_TITLE = 60;

/** Each badge of the blog API: its label, message and colour. */
export const blogBadges: BadgeTable<BlogModel["stats"]> = {
  posts: (s) => ["posts", String(s.posts), "blue"],
  words: (s) => ["words", String(s.words), "informational"],
  latest: (s) => ["latest post", s.latest ? shorten(s.latest.title) : "none yet", "orange"],
  updated: (s) => ["updated", s.latest?.published.toISODate() ?? "never", "brightgreen"],
};

function shorten(title: string): string {
  return title.length <= MAX_TITLE ? title : `${title.slice(0, MAX_TITLE - 1).trimEnd()}…`;
}
