// `npm run snapshot`: refreshes content/github/snapshot.json from live GitHub data (needs
// GITHUB_TOKEN), so offline builds stay close to the truth. Commit the file it writes.
import { readSiteConfig } from "../src/config/site-config.ts";
import { loadPortfolioContent } from "../src/content/load-portfolio-content.ts";
import { refreshSnapshot } from "../src/github/refresh-snapshot.ts";
import { projectRepositories } from "../src/model/load-portfolio.ts";

const config = readSiteConfig();
const content = await loadPortfolioContent(config.contentDir);
const result = await refreshSnapshot(config, projectRepositories(config, content), process.env, new Date());

if (!result.snapshot) {
  console.error(`Snapshot not written (${result.requests} request(s)):\n  ${result.problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `Wrote ${result.file}: ${Object.keys(result.snapshot.repositories).length} repositories, ` +
    `${result.snapshot.pulls.length} pull requests, ${result.requests} request(s).`,
);
