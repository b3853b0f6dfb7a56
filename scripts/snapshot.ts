// `npm run snapshot`: refreshes content/github/snapshot.json from live GitHub data (needs
// GITHUB_TOKEN), so offline builds stay close to the truth. Commit the file it writes.
import { readSiteConfig } from "../src/config/site-config.ts";
import { ContentError } from "../src/content/content-error.ts";
import { loadPortfolioContent } from "../src/content/load-portfolio-content.ts";
import { refreshSnapshot, type RefreshResult } from "../src/github/refresh-snapshot.ts";
import { projectRepositories } from "../src/model/load-portfolio.ts";
import { countOf } from "../src/util/plural.ts";
import { redact } from "../src/util/redact.ts";
import { escapeControlCharacters } from "../src/util/terminal-text.ts";

let result: RefreshResult;
try {
  const config = readSiteConfig();
  const content = await loadPortfolioContent(config.contentDir);
  result = await refreshSnapshot(config, projectRepositories(config, content), process.env, new Date());
} catch (error) {
  // A bad setting or content file is the owner's to fix: its message says where, a stack would not;
  // so is a snapshot file that cannot be written (a link or FIFO in its place, a read-only folder).
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (!(error instanceof ContentError) && typeof code !== "string") throw error;
  const message = error instanceof ContentError ? error.message : `Snapshot not written: ${(error as Error).message}`;
  console.error(escapeControlCharacters(redact(message)));
  process.exit(1);
}

const requests = countOf(result.requests, "request", "requests");
if (!result.snapshot) {
  console.error(
    escapeControlCharacters(redact(`Snapshot not written (${requests}):\n  ${result.problems.join("\n  ")}`)),
  );
  process.exit(1);
}
for (const sentence of result.cleaned) console.log(escapeControlCharacters(redact(sentence)));
const repositories = countOf(Object.keys(result.snapshot.repositories).length, "repository", "repositories");
const pulls = countOf(result.snapshot.pulls.length, "pull request", "pull requests");
console.log(`Wrote ${escapeControlCharacters(JSON.stringify(result.file))}: ${repositories}, ${pulls}, ${requests}.`);
