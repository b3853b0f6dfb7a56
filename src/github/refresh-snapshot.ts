import { renameSync, writeFileSync } from "node:fs";
import { dateToRfc3339 } from "@11ty/eleventy-plugin-rss";
import type { SiteConfig } from "../config/site-config.ts";
import { repositoryKey, toPullRecord, type RepositoryRef } from "./facts.ts";
import { snapshotPath } from "./github-data.ts";
import { githubSettings, type GithubEnvironment } from "./settings.ts";
import { fetchLiveGithub } from "./live-github.ts";
import type { SnapshotFile } from "./snapshot.ts";
import { byText } from "../util/order.ts";
import { secretsIn } from "../util/redact.ts";

export interface RefreshResult {
  /** The new snapshot, or null when live data was incomplete (then nothing was written). */
  snapshot: SnapshotFile | null;
  problems: string[];
  /** What was changed in live pull requests before they were written (unsafe links, control characters). */
  cleaned: string[];
  requests: number;
  file: string;
}

/**
 * Rewrites the committed snapshot (keys sorted, for small diffs) from live data, only when all of
 * it came; it is published, so a text that carries a registered secret is not written.
 */
export async function refreshSnapshot(
  config: SiteConfig,
  wanted: readonly RepositoryRef[],
  env: GithubEnvironment,
  now: Date,
): Promise<RefreshResult> {
  const settings = githubSettings(env);
  const file = snapshotPath(config);
  const noToken = "GITHUB_TOKEN is not set: a snapshot needs live data";
  if (!settings) return { snapshot: null, problems: [noToken], cleaned: [], requests: 0, file };

  // Always ask GitHub: a snapshot made from the cache would only copy old answers.
  const live = await fetchLiveGithub({ ...settings, cacheMaxAgeMs: 0 }, config.site.github, wanted);
  const problems = [
    ...[...live.repositoryFailures.entries()].map(([key, reason]) => `${key}: ${reason}`),
    ...(live.pullsFailure ? [`pull requests: ${live.pullsFailure}`] : []),
  ];
  if (problems.length > 0 || !live.pulls)
    return { snapshot: null, problems, cleaned: [], requests: live.requests, file };

  const repositories: SnapshotFile["repositories"] = {};
  for (const ref of [...wanted].sort((a, b) => byText(repositoryKey(a), repositoryKey(b)))) {
    const facts = live.repositories.get(repositoryKey(ref));
    if (facts) repositories[`${ref.owner}/${ref.name}`] = { stars: facts.stars, pushed_at: facts.pushedAt };
  }
  const snapshot: SnapshotFile = {
    fetched_at: dateToRfc3339(now),
    repositories,
    pulls: live.pulls.map(toPullRecord),
  };
  const text = `${JSON.stringify(snapshot, null, 2)}\n`;
  const leaked = secretsIn(text);
  if (leaked.length > 0) {
    const problem = `the snapshot would carry the value of ${leaked.join(" and ")} (not shown), and it is committed and published`;
    return { snapshot: null, problems: [problem], cleaned: live.pullsCleaned, requests: live.requests, file };
  }
  // Whole or not at all; and a link or FIFO in its place is replaced, never written through or waited on.
  writeFileSync(`${file}.new-${process.pid}`, text, { flag: "wx" });
  renameSync(`${file}.new-${process.pid}`, file);
  return { snapshot, problems, cleaned: live.pullsCleaned, requests: live.requests, file };
}
