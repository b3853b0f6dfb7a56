import { lstatSync } from "node:fs";
import { basename } from "node:path";
import type { Static } from "@sinclair/typebox";
import type { DateTime } from "luxon";
import type { SiteConfig } from "../config/site-config.ts";
import { checkShape } from "../content/check-shape.ts";
import { ContentError, type ProblemList } from "../content/content-error.ts";
import { displayPath, listFiles, readFrontMatter } from "../content/read-files.ts";
import { POST_FILE_NAME, POST_FILE_NAME_RULE, PostFrontMatter } from "./blog-content-schemas.ts";
import { readPostDate } from "./post-date.ts";
import { keepsReads } from "../util/build-cache.ts";

/** A post file whose front matter passed its checks: everything known before rendering. */
export interface PostSource {
  file: string;
  /** The file as error messages name it. */
  where: string;
  meta: PostFrontMatter;
  body: string;
  /** The line of the file on which `body` starts. */
  bodyLine: number;
  slug: string;
  /** Null when the date was refused: the post is still checked, never published. */
  date: DateTime | null;
}

/**
 * `npm start`: each post file's source as the last build read it, by path, with the file's size,
 * inode and times then (a write changes its ctime, whatever its mtime says): reading and checking
 * 1,000 unchanged posts again cost about 0.05 s an edit. Only a source read without a problem is
 * kept; a build keeps none (`keepsReads`: `npm start` alone builds again).
 */
let lastRead = new Map<string, { stamp: string; source: PostSource }>();

/**
 * Each post file's front matter, date and slug, checked. A file whose front matter has the wrong
 * shape is left out; one with a bad date or slug is kept, so its tags, images and links are
 * still checked in the same build.
 */
export function readPostSources(folder: string, config: SiteConfig, problems: ProblemList): PostSource[] {
  // Every read names the content folder, so a symbolic link anywhere below it is refused.
  const files = problems.collect(() => listFiles(folder, ".md", config.contentDir), []);
  const keep = keepsReads();
  const read = new Map<string, { stamp: string; source: PostSource }>();
  const sources = files.flatMap((file) => {
    const stats = keep ? lstatSync(file, { throwIfNoEntry: false }) : undefined;
    const stamp = stats?.isFile()
      ? `${stats.size} ${stats.ino} ${stats.mtimeMs} ${stats.ctimeMs} ${config.site.timezone}`
      : undefined;
    const kept = lastRead.get(file);
    if (stamp !== undefined && kept?.stamp === stamp) {
      read.set(file, kept);
      return [kept.source];
    }
    const before = problems.items.length;
    const source = readPostSource(file, config, problems);
    if (stamp !== undefined && source.length === 1 && problems.items.length === before)
      read.set(file, { stamp, source: source[0] as PostSource });
    return source;
  });
  lastRead = read;
  return sources;
}

function readPostSource(file: string, config: SiteConfig, problems: ProblemList): PostSource[] {
  return problems.collect(() => {
    const where = displayPath(file);
    const { data, body, bodyLine } = readFrontMatter(file, config.contentDir);
    let meta: Static<typeof PostFrontMatter>;
    try {
      meta = checkShape(PostFrontMatter, data, file);
    } catch (error) {
      // A bad day is named beside a missing title in one build, unless the shape named the date.
      const written = (data as { date?: unknown } | null)?.date;
      const day = typeof written === "string" ? readPostDate(written, config.site.timezone).problem : undefined;
      if (day && error instanceof ContentError && error.problems.every((problem) => problem.field !== "date"))
        problems.add({ file: where, field: "date", expected: day, actual: written });
      throw error;
    }
    const date = readPostDate(meta.date, config.site.timezone);
    if (date.problem !== undefined)
      problems.add({ file: where, field: "date", expected: date.problem, actual: meta.date });
    // The file name is the slug as it is (POST_FILE_NAME says why that is safe).
    const slug = basename(file, ".md");
    if (!POST_FILE_NAME.test(basename(file)))
      problems.add({ file: where, field: "(file name)", expected: POST_FILE_NAME_RULE, actual: basename(file) });
    return [{ file, where, meta, body, bodyLine, slug, date: date.date ?? null }];
  }, []);
}
