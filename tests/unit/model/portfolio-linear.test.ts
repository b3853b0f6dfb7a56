import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import { readSiteConfig } from "../../../src/config/site-config.ts";
import { loadPortfolioContent, type PortfolioContent } from "../../../src/content/load-portfolio-content.ts";
import { renderPortfolioMarkdown } from "../../../src/model/portfolio-markdown.ts";
import { buildPortfolioModel } from "../../../src/model/portfolio-model.ts";
import { assertLinear } from "../support/linear-time.ts";
import { FIXTURE_EPOCH, github } from "../support/model.ts";

/*
 * Rendering the writeups and modelling the portfolio is one pass over the projects: ten times
 * the projects cost at most twelve times as much. 1× is the sample's 36 projects; 10× is 360,
 * each sample project nine times more under another name (so each domain holds ten times as
 * many: related projects are ranked within a domain). Reading and checking the files is the
 * blog's pass too (tests/unit/blog/blog-linear.test.ts); it is done here before timing.
 */

const SAMPLE = join(import.meta.dirname, "../../../content");
const folders: string[] = [];

test.after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The sample content with each project `copies` times (the first under its own name). */
async function portfolio(copies: number): Promise<{ content: PortfolioContent; contentDir: string }> {
  const contentDir = mkdtempSync(join(tmpdir(), "folio-portfolio-linear-"));
  folders.push(contentDir);
  cpSync(SAMPLE, contentDir, { recursive: true });
  const projects = join(contentDir, "projects");
  for (const file of readdirSync(projects)) {
    const text = readFileSync(join(projects, file), "utf8");
    const name = /^name: (.+)$/m.exec(text)?.[1] ?? "";
    for (let copy = 1; copy < copies; copy += 1)
      writeFileSync(
        join(projects, `${name}-copy-${copy}.md`),
        text.replace(/^name: .+$/m, `name: ${name}-copy-${copy}`),
      );
  }
  return { content: await loadPortfolioContent(contentDir), contentDir };
}

test("should render and model the portfolio in time linear in its number of projects", async () => {
  const loaded = new Map([
    [1, await portfolio(1)],
    [10, await portfolio(10)],
  ]);
  assertLinear("portfolio", (scale) => {
    const { content, contentDir } = loaded.get(scale) ?? { content: undefined, contentDir: "" };
    if (!content) throw new Error(`no portfolio at ${scale}×`);
    const config = readSiteConfig({ CONTENT_DIR: contentDir, SOURCE_DATE_EPOCH: FIXTURE_EPOCH });
    return () =>
      buildPortfolioModel({
        config,
        content,
        github: github(),
        posts: [],
        markdown: renderPortfolioMarkdown({ config, projects: content.projects, now: content.now }),
      });
  });
});

test.run();
