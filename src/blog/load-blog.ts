import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { absoluteUrl } from "@11ty/eleventy-plugin-rss";
import type { Static } from "@sinclair/typebox";
import { DateTime } from "luxon";
import type { SiteConfig } from "../config/site-config.ts";
import { checkShape } from "../content/check-shape.ts";
import { ContentError, ProblemList, type ContentProblem } from "../content/content-error.ts";
import { MAX_BLOG_TAGS } from "../content/content-limits.ts";
import { spellingProblems } from "../content/name-spellings.ts";
import { checkContentPath, displayPath, readYaml } from "../content/read-files.ts";
import type { RenderedHeading } from "../markdown/render-markdown.ts";
import { renderMarkdown } from "../markdown/cached-render.ts";
import { warnUnknownLanguages } from "../markdown/highlight.ts";
import { summarize } from "../markdown/summary.ts";
import { BlogFile } from "./blog-content-schemas.ts";
import { readGitHistory, type GitHistory } from "./git-history.ts";
import type { ImagePlan } from "../images/rendition-plan.ts";
import { decodedPath, postImages } from "./post-images.ts";
import { postTags, type PostTag } from "./post-tags.ts";
import { readPostSources, type PostSource } from "./post-sources.ts";
import { publishedUrl, rebasedUrl, SOCIAL_IMAGE_SIZE, sitePaths } from "../config/site-paths.ts";
import { UnpublishedPosts } from "../util/unpublished-posts.ts";
import type { Cover, PostImage } from "../schemas/blog/posts.ts";

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
  /** A draft, shown only under `npm start` (SiteConfig.drafts). */
  draft: boolean;
  tags: PostTag[];
  /** Always present (the OpenAPI schema has no "or null" for it): see `coverSource`. */
  cover: Static<typeof Cover>;
  /** Where the cover came from: the front matter, the post's first image, or the site's social image. */
  coverSource: "front matter" | "first image" | "site image";
  html: string;
  text: string;
  summary: string;
  headings: RenderedHeading[];
  links: Record<"internal" | "external", { url: string; text: string }[]>;
  images: Static<typeof PostImage>[];
  /**
   * The post's local images (cover included) by the URL its HTML, feeds and API show: what pages
   * turn into `<picture>` and the build publishes (`source` in the content folder, `plan` its files).
   */
  pictures: ReadonlyMap<string, { source: string; plan: ImagePlan }>;
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
  /** Drafts and scheduled posts: links to them are held back (scheduled) or refused (drafts). */
  unpublished: UnpublishedPosts;
}

/** Where the blog's files are inside the content folder. */
function blogPaths(config: SiteConfig) {
  const dir = join(config.contentDir, "blog");
  return { dir, settings: join(dir, "blog.yaml"), posts: join(dir, "posts"), images: join(dir, "images") };
}

const WORDS_PER_MINUTE = 220;

/**
 * Reads the blog: null when the owner has none (no `content/blog/blog.yaml`: site.yaml must then
 * name a `blog.feed`). Every post, drafts and scheduled ones included, is checked and rendered,
 * so a post cannot break the build on the day it comes out; only then are unpublished posts
 * dropped, before anything is derived from them. Every problem of every post is reported at once.
 */
export function loadBlog(config: SiteConfig, history?: GitHistory): BlogContent | null {
  const paths = blogPaths(config);
  if (!existsSync(paths.settings)) {
    if (config.site.blog.feed) return null;
    const expected = `the blog's RSS feed (a path under content/ or a URL), since ${displayPath(paths.settings)} does not exist`;
    throw new ContentError([{ file: displayPath(join(config.contentDir, "site.yaml")), field: "blog.feed", expected }]);
  }
  // A link at `blog/` itself is reported once, not by every read below it.
  checkContentPath(config.contentDir, paths.dir);
  const problems = new ProblemList();
  const settings = problems.collect(
    () => checkShape(BlogFile, readYaml(paths.settings, config.contentDir), paths.settings),
    null,
  );
  // Each API's files name it (`meta.api`): a client told two APIs apart by that name.
  if (settings?.api.name === config.site.api.name) {
    const expected = `a name other than the portfolio API's (site.yaml api.name), found "${settings.api.name}"`;
    problems.add({ file: displayPath(paths.settings), field: "api.name", expected });
  }
  const sources = readPostSources(paths.posts, config, problems);
  // Drafts and scheduled posts count too, so publishing one never brings a tag spelling clash.
  const tagUses = sources.flatMap(({ where, meta }) =>
    (meta.tags ?? []).map((name, index) => ({ where, field: `tags[${index}]`, name })),
  );
  for (const problem of spellingProblems(tagUses, { thing: "tag", across: "every post", most: MAX_BLOG_TAGS }))
    problems.add(problem);

  // A link or a file at `blog/images` is reported once here, not again for every image a post shows.
  const imagesLinked = problems.collect(() => {
    checkContentPath(config.contentDir, paths.images, true);
    return false;
  }, true);
  const context: PostContext = {
    config,
    imagesLinked,
    paths,
    history: history ?? readGitHistory(paths.posts),
    sourceByName: new Map(sources.map((source) => [basename(source.file), source])),
    unpublished: new UnpublishedPosts(
      sources
        .filter((source) => !isPublished(source, config))
        .map((source) => ({
          url: postUrl(config, source.slug),
          file: source.where,
          date: source.meta.draft === true ? null : source.meta.date,
        })),
    ),
  };
  const posts: BlogPost[] = [];
  for (const source of sources) {
    const post = problems.collect(() => toPost(source, context), null);
    if (post && isPublished(source, config)) posts.push(post);
  }
  problems.throwIfAny();
  return {
    settings: settings as BlogFile,
    posts,
    historyUnavailable: context.history.unavailable,
    unpublished: context.unpublished,
  };
}

/** Out at the build clock: not a draft (unless drafts are shown, under `npm start`), and dated no later than the build. */
function isPublished(source: PostSource, config: SiteConfig, drafts = config.drafts): boolean {
  return (drafts || source.meta.draft !== true) && source.date !== null && source.date.toJSDate() <= config.buildTime;
}

interface PostContext {
  config: SiteConfig;
  paths: ReturnType<typeof blogPaths>;
  /** True when `blog/images` is a symbolic link (reported already): no image is read. */
  imagesLinked: boolean;
  history: GitHistory;
  /** Every post whose front matter is sound, by file name: where links to other posts lead. */
  sourceByName: ReadonlyMap<string, PostSource>;
  unpublished: UnpublishedPosts;
}

/** The public URL of a post's page. */
export function postUrl(config: SiteConfig, slug: string): string {
  return publishedUrl(config, sitePaths(config).blog.post(slug));
}

function toPost(source: PostSource, context: PostContext): BlogPost {
  const { file, meta, slug, where } = source;
  const problems: ContentProblem[] = [];
  const url = postUrl(context.config, slug);
  const tags = postTags(meta.tags ?? [], where, problems);
  const { pictures, localImage } = postImages(file, where, problems, context);

  const linkSource = { file: where, base: url, warn: isPublished(source, context.config, false) };

  const rendered = renderMarkdown(source.body, {
    firstLine: source.bodyLine,
    rawHtml: context.config.site.markdown?.raw_html,
    resolveLink: (href) =>
      context.unpublished.publishable(
        rebasedUrl(context.config, resolveLink(href, source, context, problems)),
        linkSource,
      ),
    resolveImage: (src) => localImage(src, `body image ${src}`) ?? { url: src },
  });
  for (const problem of rendered.problems) problems.push({ file: where, ...problem });
  warnUnknownLanguages(where, rendered.codeBlocks);

  const images: Static<typeof Cover>[] = [];
  const expected = "alt text: ![what the image shows](path)";
  rendered.images.forEach((image) => {
    if (!image.alt) problems.push({ file: where, field: `body image ${image.written}`, expected });
    const picture = pictures.get(image.url)?.plan.fallback;
    if (picture) images.push({ url: picture.url, width: picture.width, height: picture.height, alt: image.alt });
  });
  // Every post has a cover: the one the author chose, else its first image, else the site's
  // social image (so feed readers and cards always have a picture with a size and alt text).
  let cover: Static<typeof Cover> | null = null;
  let coverSource: BlogPost["coverSource"] = "front matter";
  if (meta.cover) {
    const local = localImage(meta.cover.src, "cover.src");
    if (local) cover = { ...local, alt: meta.cover.alt };
  } else if (images.length > 0) {
    cover = images.shift() ?? null;
    coverSource = "first image";
  } else {
    const url = publishedUrl(context.config, sitePaths(context.config).siteOgImage);
    cover = { url, ...SOCIAL_IMAGE_SIZE, alt: `Portfolio card of ${context.config.site.title}` };
    coverSource = "site image";
  }
  // Without a date (its problem is reported already) a post is checked but never built.
  if (problems.length > 0 || !cover || !source.date) throw new ContentError(problems);

  const links: BlogPost["links"] = { internal: [], external: [] };
  for (const { url: href, text } of rendered.links)
    (href.startsWith(`${context.config.baseUrl}/`) ? links.internal : links.external).push({ url: href, text });
  const committed = context.history.lastCommit.get(file);
  const commitDate = committed ? DateTime.fromISO(committed, { zone: context.config.site.timezone }) : null;
  // A commit dated after the build clock (forged, or an earlier SOURCE_DATE_EPOCH) counts as of the build.
  const built = DateTime.fromJSDate(context.config.buildTime, { zone: context.config.site.timezone });

  return {
    slug,
    file,
    fileName: basename(file),
    title: meta.title,
    description: meta.description,
    published: source.date,
    updated: commitDate && commitDate > source.date ? DateTime.min(commitDate, built) : source.date,
    draft: meta.draft === true,
    tags,
    cover,
    coverSource,
    html: rendered.html,
    text: rendered.text,
    summary: summarize(rendered.text),
    headings: rendered.headings,
    links,
    images: [{ ...cover, cover: true }, ...images.map((image) => ({ ...image, cover: false }))],
    pictures,
    codeLanguages: rendered.codeBlocks,
    wordCount: rendered.wordCount,
    readingMinutes: Math.max(1, Math.round(rendered.wordCount / WORDS_PER_MINUTE)),
  };
}

/**
 * Where a link in a post leads once published, decided in the one render that pages, feeds and
 * the API share: against the post's URL, or the site's root (base path included) for a site
 * path; another post's Markdown file as that post's URL; a URL with a scheme as written; `//host`
 * (or `\\host`) as `https:` (the JSON lists absolute URLs; the link check passed it as https).
 */
function resolveLink(href: string, from: PostSource, context: PostContext, problems: ContentProblem[]): string {
  if (/^[\\/]{2}/.test(href)) return `https://${href.slice(2)}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  if (href.startsWith("/")) return absoluteUrl(`.${href}`, `${context.config.baseUrl}/`);
  const [path = "", hash = ""] = href.split("#");
  const decoded = path.endsWith(".md") ? decodedPath(path) : null;
  // `other.md` (relative to the file) and `../other.md` (relative to the page) both mean the post `other`.
  const target = decoded === null ? undefined : context.sourceByName.get(basename(decoded));
  // As a browser resolves it on the post's page; one that cannot be resolved is kept as written.
  if (!target) return absoluteUrl(href, postUrl(context.config, from.slug));
  // A link to a draft would be broken, and would publish its URL: a draft may link anywhere,
  // but nothing may link to one. A link to a scheduled post is held back as plain text until
  // it is out (util/unpublished-posts.ts), so it is not refused here.
  if (from.meta.draft !== true && target.meta.draft === true) {
    const expected = `a link to a post that is out when this one is (${target.where} is a draft)`;
    problems.push({ file: from.where, field: `body link ${href}`, expected });
  }
  return postUrl(context.config, target.slug) + (hash ? `#${hash}` : "");
}
