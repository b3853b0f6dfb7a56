import { Worker } from "node:worker_threads";
import { deadLinkProblems, findDeadLinks, type DeadLinks, type LinkCheckOptions } from "../checks/check-links.ts";
import { ContentError } from "../content/content-error.ts";
import { displayPath } from "../content/read-files.ts";
import { outputFileOf, pathOfOutputFile, publishedUrl, sitePaths } from "../config/site-paths.ts";
import type { WrittenFiles } from "../util/written-files.ts";
import { blogContent, portfolioContent, siteConfig } from "./build-data.ts";

/*
 * The after-build link check as the build runs it (checks/check-links.ts does the work): this
 * build's base URL, which authored file each post and project page comes from (so a dead link
 * names the file to fix), and what to say when a link leads to a draft or scheduled post.
 */

/** What the check needs of the build's data: the part a worker thread is sent, and the rest. */
interface LinkCheckSetup {
  request: Omit<LinkCheckOptions, "written" | "explainMissing">;
  explainMissing(path: string): string | undefined;
}

async function linkCheckSetup(outputDir: string): Promise<LinkCheckSetup> {
  const config = await siteConfig();
  const blog = await blogContent();
  const portfolio = await portfolioContent();
  const paths = sitePaths(config);
  const sourceOf = new Map<string, string>();
  const from = (path: string, file: string) => {
    const page = outputFileOf(config, path);
    // A blog on another host has no pages in this folder to name a source for.
    if (page !== null) sourceOf.set(page, displayPath(file));
  };
  for (const post of blog?.posts ?? []) from(paths.blog.post(post.slug), post.file);
  for (const project of portfolio.projects) from(paths.project(project.meta.name), project.file);
  return {
    request: { outputDir, baseUrl: config.baseUrl, sourceOf },
    explainMissing: (path) => {
      const post = blog?.unpublished.find(publishedUrl(config, pathOfOutputFile(config, path)));
      if (!post) return undefined;
      return post.date === null
        ? `a link to a published post (${post.file} is a draft: publish it or remove the link)`
        : `a link to a published post (${post.file} is dated ${post.date}; only links in posts, writeups and project links wait for it as plain text)`;
    },
  };
}

/** The problems as one content error; null when there is none. */
function asError(dead: DeadLinks, setup: LinkCheckSetup): ContentError | null {
  const problems = deadLinkProblems(dead, setup.explainMissing);
  return problems.length > 0 ? new ContentError(problems) : null;
}

/** Every dead link to this site in the built folder, as one content error; null when there is none. */
export async function checkSiteLinks(outputDir: string, written?: WrittenFiles): Promise<ContentError | null> {
  const setup = await linkCheckSetup(outputDir);
  return asError(findDeadLinks({ ...setup.request, written }), setup);
}

/** The compiled site module as the main thread ran it (src/eleventy/compiled-site.mjs). */
interface CompiledSiteRun {
  file: string;
  code: string;
  codeDigest: string;
  cacheFile: string | undefined;
}

const COMPILED_SITE_RUN = Symbol.for("folio.compiled-site-run");

/**
 * The link check on a thread of its own, started as the build starts so that loading the site
 * module there overlaps the build; `check` runs it on the files written on disk, while the main
 * thread validates the APIs. The link check is the largest after-build step (0.8 s of a
 * 4,000-post rebuild), and ran after the validation (0.6 s) on the one thread before
 * (docs/performance.md). The thread does not keep the process alive but while it checks.
 */
export class LinkCheckThread {
  readonly #worker: Worker;
  /** Why the thread stopped, when it stopped before answering. */
  #failure: Error | undefined;
  #answer: ((message: { dead?: DeadLinks; error?: string }) => void) | undefined;

  private constructor(run: CompiledSiteRun) {
    this.#worker = new Worker(new URL("./link-check-worker.mjs", import.meta.url), { workerData: run });
    this.#worker.unref();
    this.#worker.on("message", (message: { dead?: DeadLinks; error?: string }) => this.#answer?.(message));
    const stopped = (error: Error) => {
      this.#failure ??= error;
      this.#answer?.({ error: error.stack ?? error.message });
    };
    this.#worker.on("error", stopped);
    this.#worker.on("exit", (code) => stopped(new Error(`the link check's thread stopped (exit code ${code})`)));
  }

  /** A thread running the module the main thread runs; none when it was not loaded as a compiled module. */
  static start(): LinkCheckThread | undefined {
    const run = (globalThis as Record<symbol, unknown>)[COMPILED_SITE_RUN] as CompiledSiteRun | undefined;
    return run ? new LinkCheckThread(run) : undefined;
  }

  /**
   * Sends the thread what it needs to check the files written in `outputDir` (once this has
   * settled, it is checking), and gives the way to wait for its answer: every dead link to this
   * site, as one content error, or null when there is none.
   */
  async startCheck(outputDir: string): Promise<() => Promise<ContentError | null>> {
    const setup = await linkCheckSetup(outputDir);
    if (this.#failure) throw this.#failure;
    this.#worker.ref();
    const answered = new Promise<{ dead?: DeadLinks; error?: string }>((resolve) => {
      this.#answer = resolve;
    });
    this.#worker.postMessage(setup.request);
    return async () => {
      try {
        const answer = await answered;
        if (!answer.dead) throw new Error(`The link check failed on its thread: ${answer.error ?? "no answer"}`);
        return asError(answer.dead, setup);
      } finally {
        this.#answer = undefined;
        void this.#worker.terminate();
      }
    };
  }

  /** Stops the thread unused (a build that failed before its after-build steps). */
  stop(): void {
    void this.#worker.terminate();
  }
}
