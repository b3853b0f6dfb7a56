import { join } from "node:path";
import type { SiteConfig } from "../config/site-config.ts";
import { checkPulls, DATE_RANGE, entryInstant, withoutDuplicates } from "./entry-check.ts";
import { fromPullRecord, repositoryKey, type GithubData, type RepositoryFacts, type RepositoryRef } from "./facts.ts";
import { fetchLiveGithub, type LiveGithub } from "./live-github.ts";
import { githubSettings, type GithubEnvironment } from "./settings.ts";
import { readSnapshot, type SnapshotFile } from "./snapshot.ts";
import { ProblemList } from "../content/content-error.ts";
import { redact } from "../util/redact.ts";
import { StacklessError } from "../util/stackless-error.ts";

export { repositoryKey, type GithubData, type PullFacts, type RepositoryFacts, type RepositoryRef } from "./facts.ts";
export { githubSettings, type GithubEnvironment } from "./settings.ts";

/** Where the committed snapshot lives in the content folder. */
export function snapshotPath(config: SiteConfig): string {
  return join(config.contentDir, "github", "snapshot.json");
}

/** Raised when `GITHUB_REQUIRED` is set and the build would otherwise fall back to last-known data. */
export class GithubRequiredError extends StacklessError {
  constructor(reasons: string[]) {
    super(redact(`GITHUB_REQUIRED is set, but live GitHub data is incomplete:\n  ${reasons.join("\n  ")}`));
  }
}

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes)$/i.test(value.trim());

/** The lines said in this process: `npm start` rebuilds on every save, and says each only once. */
const said = new Set<string>();

/** Prints a line on stderr (stdout may be `eleventy --to=json`'s) the first time this process says it. */
function sayOnce(line: string): void {
  if (said.has(line)) return;
  said.add(line);
  console.error(line);
}

/**
 * The one entry point for GitHub data: with `GITHUB_TOKEN`, live figures, falling back per
 * repository and for the pull requests to the committed snapshot (said in the notes); without,
 * no request. Secrets are registered first; every log line and note is redacted.
 */
export async function loadGithubData(
  config: SiteConfig,
  wanted: readonly RepositoryRef[],
  env: GithubEnvironment = process.env,
  writeLog: (line: string) => void = sayOnce,
): Promise<GithubData> {
  // A bad setting and a bad snapshot are both the owner's to fix: report them together.
  const problems = new ProblemList();
  const settings = problems.collect(() => githubSettings(env), null);
  const snapshot = problems.collect(() => readSnapshot(snapshotPath(config), config.contentDir), null);
  problems.throwIfAny();
  const log = (line: string) => writeLog(redact(line));
  const known = snapshotFacts(snapshot);
  const asOf = snapshot ? `the GitHub snapshot of ${snapshot.fetched_at}` : "no earlier GitHub data";
  if (!settings) {
    if (truthy(env.GITHUB_REQUIRED)) throw new GithubRequiredError(["GITHUB_TOKEN is not set"]);
    log(`[github] No GITHUB_TOKEN: using ${asOf}; no request sent.`);
    return fromSnapshot(snapshot, wanted, known);
  }

  const live = await fetchLiveGithub(settings, config.site.github, wanted);
  const merged = mergeLive(known, live, wanted, asOf);
  // Origin and path only: a query string may carry a key of some proxy, which is not ours to print.
  const endpoint = new URL(settings.endpoint);
  log(
    `[github] Live data: ${live.requests} request(s) to ${endpoint.origin}${endpoint.pathname}, ${live.repositories.size}/${wanted.length} repositories, ${live.pulls ? `${live.pulls.length} pull requests` : "pull requests from the snapshot"}.`,
  );
  const failed = Map.groupBy(live.repositoryFailures.keys(), (key) => live.repositoryFailures.get(key) ?? "");
  const reasons = [...failed].map(([reason, keys]) => {
    const which = keys.length === 1 ? keys[0] : `${keys.length}/${wanted.length} repositories`;
    return `${which}${reason === live.pullsFailure ? " and the pull requests" : ""}: ${reason}`;
  });
  if (live.pullsFailure && !failed.has(live.pullsFailure)) reasons.push(`pull requests: ${live.pullsFailure}`);
  for (const reason of reasons) log(`[github] Fallback: ${reason}`);
  for (const sentence of live.pullsCleaned) log(`[github] ${sentence}`);
  if (reasons.length > 0 && truthy(env.GITHUB_REQUIRED)) throw new GithubRequiredError(reasons);
  return merged;
}

/**
 * Live facts over last-known ones, with notes naming every figure that is not live (and what
 * the entry check changed in the last-known ones shown).
 */
function mergeLive(known: SnapshotFacts, live: LiveGithub, wanted: readonly RepositoryRef[], asOf: string): GithubData {
  const repositories = new Map<string, RepositoryFacts>();
  const staleByReason = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const ref of wanted) {
    const key = repositoryKey(ref);
    const facts = live.repositories.get(key) ?? known.repositories.get(key);
    if (facts) repositories.set(key, facts);
    const reason = live.repositoryFailures.get(key);
    if (!reason) continue;
    if (known.repositories.has(key))
      staleByReason.set(reason, [...(staleByReason.get(reason) ?? []), `${ref.owner}/${ref.name}`]);
    else unknown.push(`${ref.owner}/${ref.name}`);
  }
  const sentences: string[] = [];
  for (const [reason, names] of staleByReason) {
    const which = names.length === wanted.length ? "all repositories" : names.join(", ");
    sentences.push(`Stars and last pushes of ${which} are from ${asOf}: ${reason}.`);
  }
  if (staleByReason.size > 0) sentences.push(...known.cleaned.repositories);
  if (unknown.length > 0) sentences.push(`No data for ${unknown.join(", ")}: shown with 0 stars and no push date.`);
  for (const [key, now] of live.renamed) sentences.push(`${key} is now ${now} on GitHub.`);

  const notes: GithubData["notes"] = {};
  if (sentences.length > 0) notes.repositories = redact(sentences.join(" "));
  const stalePulls = `Pull requests and their states are from ${asOf}: ${live.pullsFailure ?? "the live list failed"}.`;
  if (!live.pulls) notes.pulls = redact([stalePulls, ...known.cleaned.pulls].join(" "));
  else if (live.pullsCleaned.length > 0) notes.pulls = redact(live.pullsCleaned.join(" "));
  return { repositories, pulls: live.pulls ?? known.pulls, notes };
}

/** The snapshot's facts in our shape, through the entry check, and what it changed there. */
type SnapshotFacts = ReturnType<typeof snapshotFacts>;

/**
 * The committed snapshot through the same entry check as a live answer: what an older `npm run
 * snapshot` may have written (a pull request twice) is dropped with a note (`cleaned`).
 */
function snapshotFacts(snapshot: SnapshotFile | null) {
  const repositories = new Map<string, RepositoryFacts>();
  const { kept, repeated } = withoutDuplicates(Object.entries(snapshot?.repositories ?? {}), ([key]) =>
    key.toLowerCase(),
  );
  const outOfRange: string[] = [];
  // A push after the snapshot was taken cannot have happened (a hand edit, `9999-12-31`).
  const takenAt = Date.parse(snapshot?.fetched_at ?? "");
  for (const [key, facts] of kept) {
    const instant = facts.pushed_at === null ? null : entryInstant(facts.pushed_at);
    const pushedAt = instant !== null && Date.parse(instant) > takenAt ? null : instant;
    if (facts.pushed_at !== null && pushedAt === null) outOfRange.push(key);
    repositories.set(key.toLowerCase(), { stars: facts.stars, pushedAt });
  }
  const pulls = checkPulls((snapshot?.pulls ?? []).map(fromPullRecord));
  const cleaned = { repositories: [] as string[], pulls: pulls.notes };
  if (repeated.length > 0)
    cleaned.repositories.push(
      `The snapshot lists ${repeated.map(([key]) => key).join(", ")} more than once (ignoring case): the first is used.`,
    );
  if (outOfRange.length > 0)
    cleaned.repositories.push(
      `The snapshot dates the last pushes of ${outOfRange.join(", ")} outside ${DATE_RANGE} or after it was taken: they are shown without one.`,
    );
  return { repositories, pulls: pulls.pulls, cleaned };
}

/** Maps the snapshot into our shape and says, for the notes, what it stands in for. */
export function fromSnapshot(
  snapshot: SnapshotFile | null,
  wanted: readonly RepositoryRef[],
  facts: SnapshotFacts = snapshotFacts(snapshot),
): GithubData {
  const missing = wanted
    .filter((ref) => !facts.repositories.has(repositoryKey(ref)))
    .map((ref) => `${ref.owner}/${ref.name}`);
  const asOf = snapshot
    ? `the GitHub snapshot of ${snapshot.fetched_at}`
    : "no GitHub data at all (no snapshot and no live fetch)";
  const notLive = `are from ${asOf}, not fetched live in this build.`;
  const noData = missing.length > 0 ? [`No data for ${missing.join(", ")}: shown with 0 stars and no push date.`] : [];
  return {
    repositories: facts.repositories,
    pulls: facts.pulls,
    notes: {
      repositories: [`Stars and last pushes ${notLive}`, ...facts.cleaned.repositories, ...noData].join(" "),
      pulls: [`Pull requests and their states ${notLive}`, ...facts.cleaned.pulls].join(" "),
    },
  };
}
