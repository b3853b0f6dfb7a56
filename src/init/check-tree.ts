import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSiteConfig } from "../config/site-config.ts";
import { ContentError, ProblemList } from "../content/content-error.ts";
import { loadPortfolioContent } from "../content/load-portfolio-content.ts";
import { displayPath } from "../content/read-files.ts";
import { readSnapshot } from "../github/snapshot.ts";
import type { ContentTree } from "./content-tree.ts";
import { writeTree } from "./swap-content.ts";

/**
 * Reads `tree` from a temporary folder with the build's own readers before init replaces
 * anything; throws their ContentError, naming each file as it would be in `contentDir`.
 */
export async function checkContentTree(tree: ContentTree, contentDir: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "folio-init-check-"));
  try {
    writeTree(dir, tree);
    const problems = new ProblemList();
    problems.collect(() => readSiteConfig({ CONTENT_DIR: dir }), null);
    await problems.collectAsync(() => loadPortfolioContent(dir), null);
    problems.collect(() => readSnapshot(join(dir, "github", "snapshot.json"), dir), null);
    if (problems.items.length === 0) return;
    const prefixes = [dir, displayPath(dir)];
    const inContent = (file: string) => {
      const prefix = prefixes.find((candidate) => file.startsWith(candidate));
      return prefix === undefined ? file : join(contentDir, file.slice(prefix.length));
    };
    throw new ContentError(problems.items.map((problem) => ({ ...problem, file: inContent(problem.file) })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
