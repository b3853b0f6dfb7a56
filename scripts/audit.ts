// `npm run audit [-- --site=_site --runs=3 --threshold=95 --report-only --only=post,404]`: Lighthouse (mobile,
// simulated throttling: its defaults) on one page of each kind of the built site, served on
// loopback with the host's headers. Prints the median scores of each page as a Markdown table
// and the failing audits of every category under the threshold; exits 1 when there is one,
// unless --report-only. It builds nothing: it measures the folder you would deploy, so run
// `npm run build` first (with the SITE_URL you deploy with). docs/audit.md says more.
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { startChromium } from "./audit/chromium.ts";
import { planAudit } from "./audit/pages.ts";
import {
  CATEGORIES,
  DEFAULT_THRESHOLD,
  type RunResult,
  scoreTable,
  shortfallReport,
  shortfalls,
  summarize,
  toRunResult,
} from "./audit/scores.ts";
import { serveSite } from "./audit/static-server.ts";

const { values } = parseArgs({
  options: {
    site: { type: "string", default: "_site" },
    runs: { type: "string", default: "3" },
    threshold: { type: "string", default: String(DEFAULT_THRESHOLD) },
    "report-only": { type: "boolean", default: false },
    only: { type: "string" },
    json: { type: "string" },
  },
});
const runs = Number(values.runs);
const threshold = Number(values.threshold);
if (!Number.isInteger(runs) || runs < 1) fail(`--runs: expected a whole number of at least 1, found "${values.runs}"`);
if (!(threshold >= 0 && threshold <= 100)) fail(`--threshold: expected 0 to 100, found "${values.threshold}"`);

function fail(message: string): never {
  console.error(`[audit] ${message}`);
  process.exit(2);
}

/** The machine's load, printed with the figures: scores depend on it. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

const site = resolve(values.site);
let plan: ReturnType<typeof planAudit>;
try {
  plan = planAudit(site);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.only !== undefined) {
  const kinds = values.only.split(",").map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => !plan.pages.some((page) => page.kind === kind));
  if (unknown.length > 0)
    fail(`--only: no page of kind ${unknown.join(", ")} (${plan.pages.map((p) => p.kind).join(", ")})`);
  plan.pages = plan.pages.filter((page) => kinds.includes(page.kind));
}
if (plan.missing.length > 0) console.error(`[audit] this site has no page of kind: ${plan.missing.join(", ")}`);

const server = await serveSite(site, plan.basePath);
const chromium = await startChromium();
const results = new Map<string, RunResult[]>(plan.pages.map((page) => [page.kind, []]));
const loadBefore = load();
let version = "";
try {
  // Round by round rather than page by page: a burst of load on the machine then lowers one
  // run of several pages, which the median discards, instead of all runs of one page.
  for (let round = 1; round <= runs; round++) {
    for (const page of plan.pages) {
      const url = `${server.origin}${plan.basePath}${page.path}`;
      const answer = await lighthouse(url, {
        port: chromium.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        ignoreStatusCode: page.excused !== undefined,
      });
      if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`);
      version = answer.lhr.lighthouseVersion;
      const run = toRunResult(answer.lhr, page.excused);
      results.get(page.kind)!.push(run);
      const error = answer.lhr.runtimeError ? ` (${answer.lhr.runtimeError.code})` : "";
      const scores = CATEGORIES.map((c) => run.scores[c] ?? "-").join(" ");
      console.error(`[audit] ${page.kind} ${page.path} run ${round}/${runs}: ${scores}${error}`);
    }
  }
} finally {
  await chromium.stop();
  await server.stop();
}

const loadAfter = load();
const summaries = plan.pages.map((page) => summarize(`${page.kind} (${page.path})`, results.get(page.kind)!));
console.log(
  `\nLighthouse ${version}, mobile, median of ${runs}; load average ${loadBefore} before, ${loadAfter} after\n`,
);
console.log(scoreTable(summaries, threshold));
for (const page of plan.pages) {
  if (page.excused)
    console.log(`\n${page.kind}: SEO scored without ${page.excused.join(", ")}, which it fails by design`);
}
const report = shortfallReport(summaries, threshold);
console.log(
  report ? `\nUnder ${threshold}:\n${report}` : `\nEvery page scores ${threshold} or more in every category.`,
);
// Every failing audit of every page, under the threshold or not: what to look at next.
if (values.json)
  writeFileSync(values.json, `${JSON.stringify({ version, loadBefore, loadAfter, summaries }, null, 2)}\n`);
const short = summaries.some((summary) => shortfalls(summary, threshold).length > 0);
process.exit(short && !values["report-only"] ? 1 : 0);
