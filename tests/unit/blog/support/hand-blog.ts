import { DateTime } from "luxon";
import type { BlogFile } from "../../../../src/blog/blog-content-schemas.ts";
import { buildBlogModel, type BlogModel } from "../../../../src/blog/blog-model.ts";
import type { BlogPost } from "../../../../src/blog/load-blog.ts";
import type { SiteConfig } from "../../../../src/config/site-config.ts";
import { UnpublishedPosts } from "../../../../src/util/unpublished-posts.ts";
import { siteConfig } from "../../support/model.ts";
import { blogModelOf, meta, postFile } from "./blog-tree.ts";

/*
 * Blog models built in memory, for tests of what is derived from the model (resource builders,
 * feeds): each post's every figure is set by the test, not by rendering a Markdown file.
 */

/** The zone of `siteConfig()`: posts' dates are read in it, as the loader reads them. */
export const BLOG_ZONE = "Europe/Berlin";

/** A date-time (or a date) as the loader gives it: in the site's zone. */
export function blogTime(iso: string): DateTime {
  return DateTime.fromISO(iso, { zone: BLOG_ZONE });
}

let template: BlogPost | undefined;

/** One post loaded from a real file, once: a hand-made post starts from it, so it has every field a loaded post has. */
function templatePost(): BlogPost {
  template ??= blogModelOf({ "template.md": postFile(meta()) }).posts[0];
  if (!template) throw new Error("expected the template post");
  return template;
}

/** blog.yaml's settings, with some changed. */
export function blogSettings(changes: Partial<BlogFile> = {}): BlogFile {
  return {
    title: "Fixture Notes",
    tagline: "Notes of a fixture",
    description: "What the fixture writes about.",
    language: "en",
    api: { name: "fixture-blog" },
    schedule: "Now and then.",
    source: { repository: "https://code.example/fixture/site", branch: "main", path: "content/blog/posts" },
    ...changes,
  };
}

/**
 * A published post with no tags, code, images, headings or links: `published` (and `updated`,
 * unless given) at `date` in the site's zone; every other field as `changes` give it.
 */
export function handPost(slug: string, date: string, changes: Partial<BlogPost> = {}): BlogPost {
  const published = blogTime(date);
  const cover = { url: "https://fixture.example/og/site.png", width: 1200, height: 630, alt: `Fixture Owner: ${slug}` };
  return {
    ...templatePost(),
    slug,
    file: `/nonexistent/content/blog/posts/${slug}.md`,
    fileName: `${slug}.md`,
    title: `Title ${slug}`,
    description: `About ${slug}.`,
    published,
    updated: published,
    tags: [],
    cover,
    coverSource: "site image",
    html: `<p>Body of ${slug}.</p>\n`,
    text: `Body of ${slug}.`,
    summary: `Body of ${slug}.`,
    headings: [],
    links: { internal: [], external: [] },
    images: [{ ...cover, cover: true }],
    codeLanguages: [],
    wordCount: 3,
    readingMinutes: 1,
    ...changes,
  };
}

/**
 * A blog model of hand-made posts, as buildBlogModel makes it from loaded ones. Give each model
 * posts of its own: the resource builders remember a post's shape per post object (util/memo.ts).
 */
export function handBlogModel(
  posts: BlogPost[],
  inputs: { config?: SiteConfig; settings?: BlogFile; historyUnavailable?: string | null } = {},
): BlogModel {
  return buildBlogModel(inputs.config ?? siteConfig(), {
    settings: inputs.settings ?? blogSettings(),
    posts,
    historyUnavailable: inputs.historyUnavailable ?? null,
    unpublished: new UnpublishedPosts([]),
  });
}
