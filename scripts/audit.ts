// `npm run audit [-- --runs=3 --threshold=95 --report-only --only=post,404 --json=<file>]`:
// Lighthouse (mobile, simulated throttling: its defaults) on one page of each kind of the site,
// served on loopback with the host's headers. Prints the median scores of each page as a
// Markdown table, each page's weight beside its kind's budget, and the failing audits of every
// category under the threshold; exits 1 when there is one or a page is over its budget, unless
// --report-only. docs/audit.md says more.
//
// It builds the site itself, from the same content and code, into a temporary folder and for
// the loopback address (SITE_URL=http://127.0.0.1:{port}{base path}): pages name their post
// images and social cards by absolute URL, and a build for the real host would send the
// browser there, so Lighthouse would measure pages whose images never load.
import { spawnSync } from "node:child_process";
import { readOptions } from "./cli-args.mjs";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import lighthouse from "lighthouse";
import { readSiteConfig } from "../src/config/site-config.ts";
import { startChromium } from "./audit/chromium.ts";
import { type AuditPlan, planAudit } from "./audit/pages.ts";
import {
  CATEGORIES,
  DEFAULT_THRESHOLD,
  type RunResult,
  scoreTable,
  shortfallReport,
  shortfalls,
  summarize,
  toRunResult,
  weightReport,
} from "./audit/scores.ts";
import { startStaticServer } from "./audit/static-server.ts";

const values = readOptions("audit", {
  runs: { type: "string", default: "3" },
  threshold: { type: "string", default: String(DEFAULT_THRESHOLD) },
  "report-only": { type: "boolean", default: false },
  only: { type: "string" },
  json: { type: "string" },
});
const runs = Number(values.runs);
const threshold = Number(values.threshold);
// Each run is a Lighthouse pass over every page kind: past 20, hours no one watches.
if (!Number.isInteger(runs) || runs < 1 || runs > 20)
  fail(`--runs: expected a whole number from 1 to 20, found "${values.runs}"`);
if (!(threshold >= 0 && threshold <= 100)) fail(`--threshold: expected 0 to 100, found "${values.threshold}"`);

/** A reason to stop that is not a bug of this script: said in one line, exit status 2. */
class AuditError extends Error {}

function fail(message: string): never {
  console.error(`[audit] ${message}`);
  process.exit(2);
}

/** The machine's load, printed with the figures: scores depend on it. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

const root = resolve(import.meta.dirname, "..");
let basePath: string;
try {
  // The base path the owner deploys under (SITE_URL or site.yaml), kept on loopback.
  basePath = readSiteConfig().basePath;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const work = mkdtempSync(join(tmpdir(), "audit-"));
const site = join(work, "site");
const server = await startStaticServer(site, { basePath, gzip: true });
const removeWork = () => rmSync(work, { recursive: true, force: true });
// Chromium, in the same process group, gets the same Ctrl-C and ends by itself.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const)
  process.once(signal, () => {
    removeWork();
    process.exit(code);
  });
const loadBefore = load();
let measured: Measured | AuditError;
try {
  measured = await measure(buildAndPlan());
} catch (error) {
  if (!(error instanceof AuditError)) throw error;
  measured = error;
} finally {
  await server.stop();
  removeWork();
}
if (measured instanceof AuditError) fail(measured.message);
const { plan, results, version } = measured;
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
const weights = weightReport(plan.pages.map((page, i) => ({ kind: page.kind, summary: summaries[i]! })));
console.log(`\nPage weight, as transferred, and the budget of its kind:\n${weights.text}`);
const report = shortfallReport(summaries, threshold);
console.log(
  report ? `\nUnder ${threshold}:\n${report}` : `\nEvery page scores ${threshold} or more in every category.`,
);
// Every failing audit of every page, under the threshold or not: what to look at next.
if (values.json !== undefined)
  writeFileSync(values.json, `${JSON.stringify({ version, loadBefore, loadAfter, summaries }, null, 2)}\n`);
const short = weights.over || summaries.some((summary) => shortfalls(summary, threshold).length > 0);
process.exit(short && !values["report-only"] ? 1 : 0);

interface Measured {
  plan: AuditPlan;
  /** Each page's runs, by kind. */
  results: Map<string, RunResult[]>;
  version: string;
}

/** Runs Lighthouse `runs` times on every page of the plan, in one Chromium. */
async function measure(plan: AuditPlan): Promise<Measured> {
  const results = new Map<string, RunResult[]>(plan.pages.map((page) => [page.kind, []]));
  let version = "";
  const chromium = await startChromium();
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
        if (!answer) throw new AuditError(`Lighthouse returned nothing for ${url}`);
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
  }
  return { plan, results, version };
}

/** Builds the site for the loopback server into `site`, then picks the pages to audit from it. */
function buildAndPlan(): AuditPlan {
  const siteUrl = `${server.origin}${basePath}`;
  console.error(`[audit] building the site for ${siteUrl}`);
  const build = spawnSync(process.execPath, [join(root, "scripts/build.mjs"), `--output=${site}`, "--quiet"], {
    cwd: root,
    env: { ...process.env, SITE_URL: siteUrl },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (build.status !== 0) throw new AuditError("the build failed (above): nothing to audit");
  const planned = planAudit(site);
  if (values.only !== undefined) {
    const kinds = values.only.split(",").map((kind) => kind.trim());
    const unknown = kinds.filter((kind) => !planned.pages.some((page) => page.kind === kind));
    if (unknown.length > 0)
      throw new AuditError(
        `--only: no page of kind ${unknown.join(", ")} (${planned.pages.map((p) => p.kind).join(", ")})`,
      );
    planned.pages = planned.pages.filter((page) => kinds.includes(page.kind));
  }
  if (planned.missing.length > 0) console.error(`[audit] this site has no page of kind: ${planned.missing.join(", ")}`);
  return planned;
}
