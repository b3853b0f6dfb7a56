import { ContentError } from "../content/content-error.ts";
import { toPullRecord, type PullRecord } from "../github/facts.ts";
import { fetchLiveGithub } from "../github/live-github.ts";
import { githubSettings, type GithubEnvironment } from "../github/settings.ts";
import { redact, secretsIn } from "../util/redact.ts";
import { withoutControlCharacters } from "../util/control-characters.ts";
import { escapeControlCharacters } from "../util/terminal-text.ts";
import { checkContentTree } from "./check-tree.ts";
import { contentTree, usableRepositories, type InitAnswers } from "./content-tree.ts";
import { answerProblem, list, type InitOptions } from "./init-options.ts";
import { listRepositories, type OwnedRepository } from "./list-repositories.ts";
import { classifyContent } from "./sample-content.ts";
import { swapContent } from "./swap-content.ts";
import { countOf } from "../util/plural.ts";
import { filesUnder } from "../util/files-under.ts";

/** How init talks to the owner: `ask` returns null when there is no one to ask (no terminal). */
export interface InitIo {
  ask(question: string): Promise<string | null>;
  print(line: string): void;
}

export interface InitRun {
  contentDir: string;
  env: GithubEnvironment;
  now: Date;
  /** Test hook: runs after the new tree is staged, before the swap. */
  beforeSwap?: () => void;
}

/** What happened: `written` false means the content folder was left exactly as it was. */
export interface InitResult {
  written: boolean;
  projects: string[];
}

class InitRefused extends Error {}

/** How many projects are featured when the owner does not say. */
const DEFAULT_FEATURED = 3;

/**
 * Makes the content folder the owner's own: asks (or reads flags), lists the repositories when
 * a token is given, shows what it will remove, then replaces the folder in one swap. The new
 * tree passes the GitHub entry check and the build's content checks first, so a refused or
 * failed run changes nothing. Every printed line shows control and bidi characters as escapes.
 */
export async function runInit(options: InitOptions, given: InitIo, run: InitRun): Promise<InitResult> {
  const io: InitIo = {
    ask: (question) => given.ask(question),
    print: (line) => given.print(escapeControlCharacters(line)),
  };
  try {
    return await initialise(options, io, run);
  } catch (error) {
    if (!(error instanceof InitRefused || error instanceof ContentError)) throw error;
    // Both are thrown before the swap, the only step that changes the folder.
    io.print(redact(error.message));
    io.print(`Nothing was changed in ${run.contentDir}.`);
    return { written: false, projects: [] };
  }
}

async function initialise(options: InitOptions, io: InitIo, run: InitRun): Promise<InitResult> {
  const existing = classifyContent(run.contentDir);
  if (existing.kind === "own" && !options.force) {
    throw new InitRefused(
      `${run.contentDir} holds your own content (${existing.why}); init replaces only the sample. Run with --force to replace it (the old folder is kept beside it).`,
    );
  }
  const login = await answer(io, options, "github", "Your GitHub login");
  const settings = githubSettings(run.env);
  const listing = settings ? await listRepositories(settings, login) : null;
  if (listing && !listing.ok)
    throw new InitRefused(
      `Could not list the repositories of ${login} (${countOf(listing.requests, "request", "requests")}): ${listing.reason}`,
    );
  // The name GitHub's profile gives, else the login: what --yes takes and a question offers.
  const githubName = listing?.ok ? (listing.name?.trim() ?? "") : "";
  const nameProblem = githubName === "" ? null : answerProblem.name(githubName);
  if (nameProblem) io.print(`Left out GitHub's profile name: expected ${nameProblem}.`);
  // GitHub Pages' address for the login: where the deploy workflow publishes by default.
  const pagesUrl = `https://${login.toLowerCase()}.github.io`;
  const answers: InitAnswers = {
    name: await answer(io, options, "name", "Your name", githubName && !nameProblem ? githubName : login),
    login,
    siteUrl: await answer(io, options, "siteUrl", "Your site's URL (https://…)", pagesUrl),
    timezone: await answer(io, options, "timezone", "Your time zone", "UTC"),
    blog: options.blog ?? (await yesNo(io, options, "Keep a blog?", true)),
  };

  let chosen: OwnedRepository[] = [];
  let pulls: PullRecord[] | null = null;
  if (settings && listing?.ok) {
    const { usable, lines } = usableRepositories(listing.repositories);
    for (const line of lines) io.print(line);
    chosen = await choose(io, options, usable);
    // The owner's pull requests elsewhere, so the first build is complete offline (as `npm run snapshot` would write).
    const live = await fetchLiveGithub({ ...settings, cacheMaxAgeMs: 0 }, answers.login, []);
    const failure = live.pullsFailure ?? "no answer";
    if (!live.pulls) throw new InitRefused(`Could not list the pull requests of ${answers.login}: ${failure}`);
    for (const line of live.pullsCleaned) io.print(line);
    pulls = live.pulls.map(toPullRecord);
  } else {
    io.print(
      "GITHUB_TOKEN is not set: writing a minimal site with one example project (docs/init.md says how to add yours).",
    );
  }
  const featured = new Set(options.featured ?? (await chooseFeatured(io, options, chosen)));
  const unknownFeatured = [...featured].filter((name) => !chosen.some((r) => r.name === name));
  if (settings && unknownFeatured.length > 0)
    throw new InitRefused(`--featured names repositories that are not chosen: ${unknownFeatured.join(", ")}`);

  const tree = contentTree(answers, chosen, featured, run.now, pulls);
  // Every file is committed and published: none may carry a secret of this process (the token).
  const leaked = [...tree.entries()].filter(([, text]) => secretsIn(text).length > 0).map(([path]) => path);
  if (leaked.length > 0)
    throw new InitRefused(`${leaked.join(", ")} would carry the value of a secret (not shown): nothing was written`);
  try {
    await checkContentTree(tree, run.contentDir);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    throw new InitRefused(`The new content would not pass the build's checks. ${error.message}`);
  }
  const old = filesUnder(run.contentDir);
  const whose = existing.kind === "own" ? "your own content" : "the sample owner's";
  const files = countOf(old.length, "file", "files");
  if (old.length > 0) io.print(`This replaces ${files} of ${run.contentDir} (${whose}), kept as a copy beside it:`);
  for (const file of old) io.print(`  ${file}`);
  const projects = chosen.length === 0 ? "one example project" : countOf(chosen.length, "project", "projects");
  io.print(`and writes ${countOf(tree.size, "file", "files")}: ${projects}.`);
  if (!(await yesNo(io, options, "Go ahead?", false))) throw new InitRefused("Stopped at your answer.");

  // The old folder is always kept: a sample file edited in place keeps its name, so "the
  // sample's" cannot be told from "the owner's edit of it", and nothing of theirs may be lost.
  const keepOldAs = `${run.contentDir}.before-init-${run.now.toISOString().replace(/[:.]/g, "-")}`;
  swapContent(run.contentDir, tree, keepOldAs, run.beforeSwap);
  io.print(`Wrote ${run.contentDir}.`);
  return { written: true, projects: chosen.map((r) => r.name) };
}

async function answer(
  io: InitIo,
  options: InitOptions,
  key: keyof typeof answerProblem,
  question: string,
  fallback?: string,
): Promise<string> {
  const flag = `--${key === "siteUrl" ? "site-url" : key}`;
  const value = options[key] ?? (options.yes ? fallback : undefined);
  if (value !== undefined) {
    const problem = answerProblem[key](value);
    if (problem)
      throw new InitRefused(`${flag}: expected ${problem}, not ${JSON.stringify(withoutControlCharacters(value))}`);
    return value.trim();
  }
  for (;;) {
    const reply = await io.ask(`${question}${fallback ? ` [${fallback}]` : ""}: `);
    if (reply === null) throw new InitRefused(`${flag} is needed when init cannot ask (no terminal).`);
    const typed = reply.trim() || fallback;
    const problem = typed === undefined ? "an answer" : answerProblem[key](typed);
    if (typed !== undefined && problem === null) return typed.trim();
    io.print(`Expected ${problem}.`);
  }
}

async function yesNo(io: InitIo, options: InitOptions, question: string, fallback: boolean): Promise<boolean> {
  if (options.yes) return true;
  for (;;) {
    const reply = (await io.ask(`${question} [${fallback ? "Y/n" : "y/N"}] `))?.trim();
    if (reply === undefined)
      throw new InitRefused(`${question} needs an answer: pass --yes when init cannot ask (no terminal).`);
    if (reply === "" || /^(y(es)?|no?)$/i.test(reply)) return reply === "" ? fallback : /^y/i.test(reply);
    io.print("Expected y or n.");
  }
}

/**
 * Which repositories become projects: `--repos` (every name must be listed and usable),
 * `--min-stars`, both, or with `--yes` all of them; otherwise the owner picks from a numbered list.
 */
async function choose(io: InitIo, options: InitOptions, usable: OwnedRepository[]): Promise<OwnedRepository[]> {
  if (options.repos) {
    const missing = options.repos.filter((name) => !usable.some((r) => r.name === name));
    if (missing.length > 0)
      throw new InitRefused(
        `--repos names repositories that cannot become projects (not listed, forks, archived or skipped above): ${missing.join(", ")}`,
      );
  }
  const chosen = usable.filter(
    (r) =>
      (!options.repos || options.repos.includes(r.name)) &&
      (options.minStars === undefined || r.stars >= options.minStars),
  );
  if (options.repos || options.minStars !== undefined || options.yes || usable.length === 0) return chosen;
  for (const [index, r] of usable.entries()) io.print(`${String(index + 1).padStart(4)}. ${r.name} (${r.stars} ★)`);
  const reply = await io.ask("Which repositories become projects? Numbers separated by commas, empty for all: ");
  if (reply === null)
    throw new InitRefused("Choose repositories with --repos, --min-stars or --yes when init cannot ask (no terminal).");
  if (reply.trim() === "") return chosen;
  const picked = new Set(reply.split(",").map((part) => Number(part.trim()) - 1));
  return usable.filter((_, index) => picked.has(index));
}

/** The projects to feature: asked in a terminal (empty for the default), else the three most starred. */
async function chooseFeatured(io: InitIo, options: InitOptions, chosen: OwnedRepository[]): Promise<string[]> {
  const mostStarred = [...chosen]
    .sort((a, b) => b.stars - a.stars || (a.name < b.name ? -1 : 1))
    .slice(0, DEFAULT_FEATURED)
    .map((r) => r.name);
  if (options.yes || chosen.length === 0) return mostStarred;
  const question = `Which projects to feature? Names separated by commas, empty for ${mostStarred.join(", ")}: `;
  const reply = await io.ask(question);
  return reply === null || reply.trim() === "" ? mostStarred : (list(reply) ?? []);
}
