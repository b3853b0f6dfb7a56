import { existsSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import absoluteUrl from "@11ty/eleventy-plugin-rss/src/absoluteUrl.js";
import slugify from "@sindresorhus/slugify";
import { DateTime } from "luxon";
import type { SiteConfig } from "../config/site-config.ts";
import { checkShape } from "../content/check-shape.ts";
import { ContentError, ProblemList, type ContentProblem } from "../content/content-error.ts";
import { displayPath, listFiles, readFrontMatter, readYaml } from "../content/read-files.ts";
import { renderMarkdown, type RenderedHeading } from "../markdown/render-markdown.ts";
import { BlogFile, PostFrontMatter } from "./blog-content-schemas.ts";
import { readGitHistory, type GitHistory } from "./git-history.ts";
import { readImageSize, type ImageFacts } from "./image-files.ts";
import { readPostDate } from "./post-date.ts";
import { pageUrls, SOCIAL_IMAGE_SIZE } from "../site/page-urls.ts";

/** A published image of a post, with its real pixel size. */
export interface PostImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PostLink {
  url: string;
  text: string;
}

/** A published post: rendered once, every later output derives from this object. */
export interface BlogPost {
  slug: string;
  /** Absolute path of the Markdown file. */
  file: string;
  /** Path of the file inside the content folder's `blog/posts/`, for source links. */
  fileName: string;
  title: string;
  description: string;
  published: DateTime;
  updated: DateTime;
  tags: { name: string; slug: string }[];
  /** Always present (the spec has no "or null" for it): see `coverSource`. */
  cover: PostImage;
  /** Where the cover came from: the front matter, the post's first image, or the site's social image. */
  coverSource: "front matter" | "first image" | "site image";
  html: string;
  text: string;
  summary: string;
  headings: RenderedHeading[];
  links: { internal: PostLink[]; external: PostLink[] };
  images: (PostImage & { cover: boolean })[];
  codeLanguages: (string | null)[];
  wordCount: number;
  readingMinutes: number;
}

export interface BlogContent {
  settings: BlogFile;
  /** Published posts (no drafts, none dated after the build clock), in no particular order. */
  posts: BlogPost[];
  /** Why `updated` fell back to the publication date, or null when git history was used. */
  historyUnavailable: string | null;
}

/** Where the blog's files are inside the content folder. */
export function blogPaths(config: SiteConfig) {
  const dir = join(config.contentDir, "blog");
  return { dir, settings: join(dir, "blog.yaml"), posts: join(dir, "posts"), images: join(dir, "images") };
}

const WORDS_PER_MINUTE = 220;
const SUMMARY_LENGTH = 280;

/**
 * Reads the blog: null when the owner has none (`content/blog/blog.yaml` absent). Drafts and
 * posts dated after the build clock are dropped before anything is rendered or derived, so
 * they appear nowhere.
 */
export function loadBlog(config: SiteConfig): BlogContent | null {
  const paths = blogPaths(config);
  if (!existsSync(paths.settings)) return null;
  const problems = new ProblemList();
  const settings = problems.collect(() => checkShape(BlogFile, readYaml(paths.settings), paths.settings), null);

  const drafts: { file: string; meta: PostFrontMatter; body: string; slug: string; date: DateTime }[] = [];
  const slugOwners = new Map<string, string>();
  for (const file of listFiles(paths.posts, ".md")) {
    const where = displayPath(file);
    problems.collect(() => {
      const { data, body } = readFrontMatter(file);
      const meta = checkShape(PostFrontMatter, data, file);
      const date = readPostDate(meta.date, config.site.timezone);
      if (!date) throw new ContentError([{ file: where, field: "date", expected: "a real calendar date such as 2026-03-10", actual: meta.date }]);
      const slug = slugify(basename(file, ".md"));
      if (!slug) throw new ContentError([{ file: where, field: "(file name)", expected: "a file name with letters or digits, used as the post's slug" }]);
      const taken = slugOwners.get(slug);
      if (taken) throw new ContentError([{ file: where, field: "(file name)", expected: `a slug no other post has (${taken} is also "${slug}")` }]);
      slugOwners.set(slug, where);
      drafts.push({ file, meta, body, slug, date });
    }, undefined);
  }
  problems.throwIfAny();

  const buildTime = DateTime.fromJSDate(config.buildTime);
  const published = drafts.filter((post) => post.meta.draft !== true && post.date <= buildTime);
  const history = readGitHistory(paths.posts);
  const sizes = new Map<string, ImageFacts | null>();
  const blogUrl = config.blogUrl.endsWith("/") ? config.blogUrl : `${config.blogUrl}/`;
  const posts: BlogPost[] = [];
  for (const draft of published) {
    const post = problems.collect(() => toPost(draft, { config, siteImage: pageUrls(config).siteOgImage, paths, blogUrl, history, sizes }), null);
    if (post) posts.push(post);
  }
  problems.throwIfAny();
  return { settings: settings as BlogFile, posts, historyUnavailable: history.unavailable };
}

interface PostContext {
  config: SiteConfig;
  /** The site's social image, every post's cover of last resort. */
  siteImage: string;
  paths: ReturnType<typeof blogPaths>;
  blogUrl: string;
  history: GitHistory;
  sizes: Map<string, ImageFacts | null>;
}

/** The public URL of a post's page. */
export function postUrl(blogUrl: string, slug: string): string {
  return `${blogUrl.endsWith("/") ? blogUrl : `${blogUrl}/`}posts/${slug}/`;
}

function toPost(
  draft: { file: string; meta: PostFrontMatter; body: string; slug: string; date: DateTime },
  context: PostContext,
): BlogPost {
  const { file, meta, slug } = draft;
  const where = displayPath(file);
  const problems: ContentProblem[] = [];
  const url = postUrl(context.blogUrl, slug);
  const siteRoot = `${context.config.baseUrl}/`;

  const tags: BlogPost["tags"] = [];
  (meta.tags ?? []).forEach((name, index) => {
    const tagSlug = tagSlugOf(name);
    if (!tagSlug) problems.push({ file: where, field: `tags[${index}]`, expected: "a tag with letters or digits (it becomes part of a URL)", actual: name });
    else if (!tags.some((tag) => tag.slug === tagSlug)) tags.push({ name, slug: tagSlug });
  });

  const localImage = (written: string, field: string): { url: string; size: ImageFacts } | null => {
    const target = resolve(dirname(file), decodeURI(written.split(/[?#]/)[0] ?? ""));
    const inside = relative(context.paths.images, target);
    if (/^[a-z][a-z0-9+.-]*:/i.test(written) || inside.startsWith("..") || inside === "") {
      problems.push({ file: where, field, expected: `an image file in ${displayPath(context.paths.images)}, referenced relative to the post`, actual: written });
      return null;
    }
    const size = readImageSize(target, context.sizes);
    if (!size) {
      problems.push({ file: where, field, expected: "an existing, readable image file (PNG, JPEG, GIF, WebP or SVG)", actual: written });
      return null;
    }
    return { url: `${context.blogUrl}images/${inside.split(sep).map(encodeURIComponent).join("/")}`, size };
  };

  const rendered = renderMarkdown(draft.body, {
    resolveLink: (href) => resolveLink(href, { file, url, siteRoot, blogUrl: context.blogUrl, postsDir: context.paths.posts }),
    resolveImage: (src) => {
      const local = localImage(src, `body image ${src}`);
      return local ? { url: local.url, width: local.size.width, height: local.size.height } : { url: src };
    },
  });

  const images: BlogPost["images"] = [];
  rendered.images.forEach((image) => {
    if (!image.alt) problems.push({ file: where, field: `body image ${image.written}`, expected: "alt text: ![what the image shows](path)" });
    const size = context.sizes.get(resolve(dirname(file), decodeURI(image.written.split(/[?#]/)[0] ?? "")));
    if (size) images.push({ url: image.url, width: size.width, height: size.height, alt: image.alt, cover: false });
  });
  // Every post has a cover: the one the author chose, else its first image, else the site's
  // social image (so feed readers and cards always have a picture with a size and alt text).
  let cover: PostImage | null = null;
  let coverSource: BlogPost["coverSource"] = "front matter";
  if (meta.cover) {
    const local = localImage(meta.cover.src, "cover.src");
    if (local) {
      cover = { url: local.url, width: local.size.width, height: local.size.height, alt: meta.cover.alt };
      images.unshift({ ...cover, cover: true });
    }
  } else if (images[0]) {
    const first = images[0];
    cover = { url: first.url, width: first.width, height: first.height, alt: first.alt };
    coverSource = "first image";
    images[0] = { ...first, cover: true };
  } else {
    cover = { url: context.siteImage, ...SOCIAL_IMAGE_SIZE, alt: `${context.config.site.title}: ${meta.title}` };
    coverSource = "site image";
    images.unshift({ ...cover, cover: true });
  }
  if (problems.length > 0 || !cover) throw new ContentError(problems);

  const links: BlogPost["links"] = { internal: [], external: [] };
  for (const link of rendered.links) {
    (link.url.startsWith(siteRoot) ? links.internal : links.external).push({ url: link.url, text: link.text });
  }
  const committed = context.history.lastCommit.get(file);
  const commitDate = committed ? DateTime.fromISO(committed, { setZone: true }).setZone(context.config.site.timezone) : null;

  return {
    slug,
    file,
    fileName: basename(file),
    title: meta.title,
    description: meta.description,
    published: draft.date,
    updated: commitDate && commitDate > draft.date ? commitDate : draft.date,
    tags,
    cover,
    coverSource,
    html: rendered.html,
    text: rendered.text,
    summary: summarize(rendered.text),
    headings: rendered.headings,
    links,
    images,
    codeLanguages: rendered.codeBlocks,
    wordCount: rendered.wordCount,
    readingMinutes: Math.max(1, Math.round(rendered.wordCount / WORDS_PER_MINUTE)),
  };
}

// A few dozen tags spread over thousands of posts: each name is slugified once per process.
const tagSlugs = new Map<string, string>();

function tagSlugOf(name: string): string {
  let slug = tagSlugs.get(name);
  if (slug === undefined) {
    slug = slugify(name);
    tagSlugs.set(name, slug);
  }
  return slug;
}

/**
 * Where a link in a post leads once published: in-page anchors and site paths become absolute,
 * links to another post's Markdown file become that post's URL, external URLs stay as written.
 */
function resolveLink(href: string, at: { file: string; url: string; siteRoot: string; blogUrl: string; postsDir: string }): string {
  if (href.startsWith("#")) return at.url + href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return href;
  if (href.startsWith("/")) return at.siteRoot + href.slice(1);
  const [path = "", hash = ""] = href.split("#");
  if (path.endsWith(".md")) {
    // `other.md` (relative to the file) and `../other.md` (relative to the page) both mean the post `other`.
    const name = basename(decodeURI(path));
    if (existsSync(join(at.postsDir, name))) return postUrl(at.blogUrl, slugify(basename(name, ".md"))) + (hash ? `#${hash}` : "");
  }
  return absoluteUrl(href, at.url);
}

/** The opening of a post as plain text: its first paragraph, cut at a word near 280 characters. */
function summarize(text: string): string {
  const first = text.split("\n\n").find((block) => block.trim() !== "")?.replace(/\s+/g, " ").trim() ?? "";
  if (first.length <= SUMMARY_LENGTH) return first;
  const cut = first.slice(0, SUMMARY_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : SUMMARY_LENGTH).replace(/[\s,.;:]+$/, "")}…`;
}
