import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { buildBlogModel, type BlogModel } from "../../../../src/blog/blog-model.ts";
import { loadBlog } from "../../../../src/blog/load-blog.ts";
import { readSiteConfig, type SiteConfig } from "../../../../src/config/site-config.ts";
import { yamlText } from "../../support/yaml-text.ts";

/** The repository's own sample content: its site.yaml, blog.yaml and images are reused. */
export const SAMPLE_CONTENT = resolve(import.meta.dirname, "../../../../content");

/** 2026-11-18T11:06:40Z, the clock the sample site is built at in the other suites. */
export const BLOG_EPOCH = "1795000000";
export const BLOG_SITE_URL = "https://margo.example";

/** Writes a post file: YAML front matter and a Markdown body. */
export function postFile(meta: Record<string, unknown>, body = "Hello, world.\n"): string {
  return `---\n${yamlText(meta)}---\n${body}`;
}

/** A valid front matter, to change one field of. */
export function meta(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = { title: "A post", description: "What it is about.", date: "2026-03-10" };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete base[key];
    else base[key] = value;
  }
  return base;
}

/** A content folder in a temp directory holding a blog: the sample's site.yaml, blog.yaml and images, plus the given posts. */
export interface BlogTree {
  /** The temp folder (a git repository root when made with `git`). */
  root: string;
  /** The content folder (`root/content`). */
  contentDir: string;
  /** Absolute path of a file of the content folder, e.g. `file("blog/posts/a.md")`. */
  file(relativePath: string): string;
  write(relativePath: string, text: string): void;
  config(env?: { SOURCE_DATE_EPOCH?: string; SITE_URL?: string }): SiteConfig;
  cleanup(): void;
}

/** Posts by file name (`a.md`), written under `content/blog/posts/`. */
export function writeBlogTree(posts: Record<string, string>): BlogTree {
  const root = mkdtempSync(join(tmpdir(), "folio-blog-"));
  const contentDir = join(root, "content");
  const file = (relativePath: string) => join(contentDir, relativePath);
  const write = (relativePath: string, text: string) => {
    mkdirSync(dirname(file(relativePath)), { recursive: true });
    writeFileSync(file(relativePath), text);
  };
  write("site.yaml", readFileSync(join(SAMPLE_CONTENT, "site.yaml"), "utf8"));
  write("blog/blog.yaml", readFileSync(join(SAMPLE_CONTENT, "blog/blog.yaml"), "utf8"));
  mkdirSync(file("blog/images"), { recursive: true });
  for (const image of ["contour-cover.png", "crdt-merge-timeline.png", "gpx-clock-jump.svg"]) {
    copyFileSync(join(SAMPLE_CONTENT, "blog/images", image), file(`blog/images/${image}`));
  }
  mkdirSync(file("blog/posts"), { recursive: true });
  for (const [name, text] of Object.entries(posts)) write(`blog/posts/${name}`, text);
  return {
    root,
    contentDir,
    file,
    write,
    config: (env = {}) =>
      readSiteConfig({
        CONTENT_DIR: contentDir,
        SOURCE_DATE_EPOCH: env.SOURCE_DATE_EPOCH ?? BLOG_EPOCH,
        SITE_URL: env.SITE_URL ?? BLOG_SITE_URL,
      }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Runs git in `cwd`, failing loudly; `date` (ISO 8601) fixes both the author and committer dates. */
export function git(cwd: string, args: string[], date?: string): string {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[name];
  if (date) Object.assign(env, { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  const run = spawnSync("git", args, { cwd, env, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr}`);
  return run.stdout;
}

/** Stages everything in `root` and commits it at `date`. */
export function commitAll(root: string, date: string, message = "change"): void {
  git(root, ["add", "-A"]);
  git(
    root,
    ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "commit", "-q", "-m", message],
    date,
  );
}

/** The blog model of a fixture tree of these posts, loaded the way a build loads it; the tree is removed afterwards. */
export function blogModelOf(posts: Record<string, string>): BlogModel {
  const tree = writeBlogTree(posts);
  try {
    const config = tree.config();
    const content = loadBlog(config);
    if (!content) throw new Error("expected a blog");
    return buildBlogModel(config, content);
  } finally {
    tree.cleanup();
  }
}
