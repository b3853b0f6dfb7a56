/*
 * The plain part of `npm run audit`: from several Lighthouse results per page, the median score
 * of each category, the table that prints them, and which pages fall short. No browser, no
 * server: tests/unit/scripts/audit-scores.test.ts covers it all.
 */

/** The four categories the issue asks for, in the order Lighthouse's report shows them. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** A page's score below this, in any category, fails the audit. */
export const DEFAULT_THRESHOLD = 95;

/**
 * The most a page of each kind may weigh, in KiB as transferred (compressed), everything it
 * loads included: HTML, the stylesheet, the script, the font (about 47 KiB), images. Over it,
 * the audit fails. A post carries its images, the API reference its thousands of elements.
 */
export const WEIGHT_BUDGET_KIB: Readonly<Record<string, number>> = {
  home: 120,
  project: 120,
  domain: 120,
  blog: 120,
  post: 400,
  "api-docs": 200,
  "404": 120,
};

/** One audit that lost points in one run: its id and Lighthouse's title for it. */
export interface FailedAudit {
  id: string;
  title: string;
  /** What the audit measured, when it measures (`2.9 s`, `Potential savings of 12 KiB`). */
  displayValue?: string;
}

/** What one Lighthouse run of one page gave, reduced to what the table needs. */
export interface RunResult {
  /** Scores 0-100 per category; null when Lighthouse could not score it (an error in the run). */
  scores: Record<Category, number | null>;
  /** Per category, the audits of that category with a score below 1 (informative ones excluded). */
  failed: Record<Category, FailedAudit[]>;
  /** What the page and everything it loaded weighed, in bytes as transferred; null when not measured. */
  bytes: number | null;
}

/** A page's median scores over its runs, and the audits that failed in any of its runs. */
export interface PageSummary {
  /** The page's path, as the table shows it. */
  page: string;
  runs: number;
  scores: Record<Category, number | null>;
  /** Per category, every audit that failed in at least one run, with how many runs it failed in. */
  failed: Record<Category, (FailedAudit & { runs: number })[]>;
  /** The median weight of its runs, in bytes as transferred. */
  bytes: number | null;
}

/**
 * The median of `values`: the middle one, or the mean of the two middle ones (rounded, as
 * Lighthouse scores are whole numbers). Null when there is none: a run that could not score a
 * category is left out rather than counted as zero.
 */
export function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** Reduces the runs of one page to its summary. */
export function summarize(page: string, runs: readonly RunResult[]): PageSummary {
  const scores = {} as Record<Category, number | null>;
  const failed = {} as PageSummary["failed"];
  for (const category of CATEGORIES) {
    scores[category] = median(runs.map((run) => run.scores[category]));
    const seen = new Map<string, FailedAudit & { runs: number }>();
    for (const run of runs) {
      for (const audit of run.failed[category]) {
        const known = seen.get(audit.id);
        if (known) known.runs += 1;
        else seen.set(audit.id, { ...audit, runs: 1 });
      }
    }
    // Most frequent first; ties by id, so two runs of the script print the same list.
    failed[category] = [...seen.values()].sort((a, b) => b.runs - a.runs || (a.id < b.id ? -1 : 1));
  }
  return { page, runs: runs.length, scores, failed, bytes: median(runs.map((run) => run.bytes)) };
}

/**
 * Each page's weight beside its kind's budget (`WEIGHT_BUDGET_KIB`), one line a page, and
 * whether any is over it (or could not be weighed).
 */
export function weightReport(pages: readonly { kind: string; summary: PageSummary }[]): {
  text: string;
  over: boolean;
} {
  let over = false;
  const lines = pages.map(({ kind, summary }) => {
    const budget = WEIGHT_BUDGET_KIB[kind];
    const kib = summary.bytes === null ? null : Math.round(summary.bytes / 1024);
    const fails = budget !== undefined && (kib === null || kib > budget);
    over ||= fails;
    return `${summary.page}: ${kib ?? "not measured"} KiB${budget === undefined ? "" : ` of ${budget}`}${fails ? " (over budget)" : ""}`;
  });
  return { text: lines.join("\n"), over };
}

/** The categories of a page whose median is under the threshold, or could not be measured. */
export function shortfalls(summary: PageSummary, threshold: number = DEFAULT_THRESHOLD): Category[] {
  return CATEGORIES.filter((category) => {
    const score = summary.scores[category];
    return score === null || score < threshold;
  });
}

/** A Markdown table of the median scores, one row per page (docs/audit.md keeps the latest). */
export function scoreTable(summaries: readonly PageSummary[], threshold: number = DEFAULT_THRESHOLD): string {
  const header = ["page", ...CATEGORIES];
  const rows = summaries.map((summary) => [
    summary.page,
    ...CATEGORIES.map((category) => {
      const score = summary.scores[category];
      if (score === null) return "error";
      return score < threshold ? `**${score}**` : String(score);
    }),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((width, i) => (i === 0 ? `${"-".repeat(width + 1)}-` : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/**
 * The failing audits of every category under the threshold, page by page: what to fix. Empty
 * when every page reaches it.
 */
export function shortfallReport(summaries: readonly PageSummary[], threshold: number = DEFAULT_THRESHOLD): string {
  const lines: string[] = [];
  for (const summary of summaries) {
    for (const category of shortfalls(summary, threshold)) {
      const score = summary.scores[category];
      lines.push(`${summary.page} · ${category}: ${score === null ? "not scored" : score}`);
      for (const audit of summary.failed[category]) {
        const value = audit.displayValue ? ` (${audit.displayValue})` : "";
        lines.push(`  - ${audit.id}: ${audit.title}${value} [${audit.runs}/${summary.runs} runs]`);
      }
    }
  }
  return lines.join("\n");
}

/** The few fields of a Lighthouse result (an LHR) that `toRunResult` reads. */
export interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: readonly AuditRef[] } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        numericValue?: number;
      }
    | undefined
  >;
  runtimeError?: { code: string; message: string };
}

/** An audit's place in a category: Lighthouse's score is the mean of its audits' scores by weight. */
interface AuditRef {
  id: string;
  weight: number;
}

// Audits that never cost points: notes, checks left to a person, checks that do not apply.
const UNSCORED_MODES = new Set(["informative", "manual", "notApplicable"]);

/**
 * One run's scores (0-100) and failing audits, from its Lighthouse result. The `excused`
 * audits are the ones a page fails on purpose: the 404 page answers 404, which Lighthouse's
 * `http-status-code` counts against SEO. They are left out of the score as Lighthouse leaves
 * out an audit that does not apply (weight 0), and out of the failures.
 */
export function toRunResult(report: LighthouseReport, excused: readonly string[] = []): RunResult {
  const scores = {} as RunResult["scores"];
  const failed = {} as RunResult["failed"];
  for (const category of CATEGORIES) {
    const scored = report.categories[category];
    const refs = scored?.auditRefs ?? [];
    const rescore = refs.some((ref) => excused.includes(ref.id));
    const score = rescore ? weightedScore(report, refs, excused) : (scored?.score ?? null);
    scores[category] = score === null || report.runtimeError ? null : Math.round(score * 100);
    failed[category] = refs.flatMap(({ id }) => {
      const audit = report.audits[id];
      if (!audit || excused.includes(id) || UNSCORED_MODES.has(audit.scoreDisplayMode)) return [];
      if (audit.scoreDisplayMode !== "error" && (audit.score === null || audit.score >= 1)) return [];
      return [
        { id: audit.id, title: audit.title, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) },
      ];
    });
  }
  const bytes = report.audits["total-byte-weight"]?.numericValue;
  return { scores, failed, bytes: bytes === undefined || report.runtimeError ? null : bytes };
}

/** A category's score (0-1) as Lighthouse computes it (core/scoring.js), without the `excused` audits. */
function weightedScore(report: LighthouseReport, refs: readonly AuditRef[], excused: readonly string[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const ref of refs) {
    const audit = report.audits[ref.id];
    if (excused.includes(ref.id) || ref.weight <= 0 || !audit || UNSCORED_MODES.has(audit.scoreDisplayMode)) continue;
    if (audit.score === null) return null;
    sum += audit.score * ref.weight;
    weights += ref.weight;
  }
  return weights === 0 ? null : Math.round((sum / weights) * 100) / 100;
}
