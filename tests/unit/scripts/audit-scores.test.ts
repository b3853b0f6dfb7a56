import { test } from "uvu";
import * as assert from "uvu/assert";
import { pagesOf, sitemapUrls } from "../../../scripts/audit/pages.ts";
import {
  type LighthouseReport,
  median,
  type RunResult,
  scoreTable,
  shortfallReport,
  shortfalls,
  summarize,
  toRunResult,
  WEIGHT_BUDGET_KIB,
  weightReport,
} from "../../../scripts/audit/scores.ts";

/** A run with the same score in every category but `scores`, and the given failures. */
function run(scores: Partial<RunResult["scores"]>, failedSeo: RunResult["failed"]["seo"] = []): RunResult {
  return {
    scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100, ...scores },
    failed: { performance: [], accessibility: [], "best-practices": [], seo: failedSeo },
    bytes: null,
  };
}

test("should take the middle value, the rounded mean of the two middle ones, and leave out unscored runs", () => {
  assert.is(median([83, 100, 97]), 97);
  assert.is(median([90, 95, 96, 100]), 96);
  assert.is(median([null, 91, null]), 91);
  assert.is(median([null, null]), null);
  assert.is(median([]), null);
});

test("should summarize a page by its median scores and count in how many runs each audit failed", () => {
  const linkText = { id: "link-text", title: "Links have descriptive text" };
  const summary = summarize("blog (/blog/)", [
    run({ performance: 83, seo: 92 }, [linkText]),
    run({ performance: 99, seo: 92 }, [linkText, { id: "canonical", title: "Document has a valid rel=canonical" }]),
    run({ performance: 97, seo: 100 }),
  ]);
  assert.equal(summary.scores, { performance: 97, accessibility: 100, "best-practices": 100, seo: 92 });
  assert.equal(
    summary.failed.seo.map((audit) => [audit.id, audit.runs]),
    [
      ["link-text", 2],
      ["canonical", 1],
    ],
  );
  assert.equal(shortfalls(summary), ["seo"]);
  assert.equal(shortfalls(summary, 90), []);
});

test("should count a category that no run could score as a shortfall", () => {
  assert.equal(shortfalls(summarize("404", [run({ seo: null })])), ["seo"]);
});

test("should print a Markdown table with the scores under the threshold in bold", () => {
  const table = scoreTable([
    summarize("home (/)", [run({})]),
    summarize("post (/p/)", [run({ performance: 94, seo: null })]),
  ]);
  assert.is(
    table,
    [
      "| page       | performance | accessibility | best-practices |   seo |",
      "|------------|------------:|--------------:|---------------:|------:|",
      "| home (/)   |         100 |           100 |            100 |   100 |",
      "| post (/p/) |      **94** |           100 |            100 | error |",
    ].join("\n"),
  );
});

test("should list the failing audits of the categories under the threshold only", () => {
  const summaries = [
    summarize("home (/)", [run({ seo: 96 }, [{ id: "canonical", title: "Canonical" }])]),
    summarize("blog (/blog/)", [run({ seo: 92 }, [{ id: "link-text", title: "Links", displayValue: "1 link" }])]),
  ];
  assert.is(shortfallReport(summaries), "blog (/blog/) · seo: 92\n  - link-text: Links (1 link) [1/1 runs]");
  assert.is(shortfallReport(summaries, 90), "");
});

/** A Lighthouse result with one SEO category of the given audits (weight 1 each unless said). */
function report(audits: [id: string, score: number | null, mode?: string, weight?: number][]): LighthouseReport {
  const weighted = audits.map(([id, , , weight]) => ({ id, weight: weight ?? 1 }));
  const mean = weighted.reduce((sum, ref, i) => sum + (audits[i]![1] ?? 0) * ref.weight, 0);
  const total = weighted.reduce((sum, ref) => sum + ref.weight, 0);
  return {
    categories: { seo: { score: Math.round((mean / total) * 100) / 100, auditRefs: weighted } },
    audits: Object.fromEntries(
      audits.map(([id, score, mode]) => [id, { id, title: id, score, scoreDisplayMode: mode ?? "binary" }]),
    ),
  };
}

test("should read a run's scores and list the audits that lost points, not the ones that cannot", () => {
  const result = toRunResult(
    report([
      ["document-title", 1],
      ["link-text", 0],
      ["structured-data", null, "manual", 0],
      ["hreflang", null, "notApplicable", 0],
    ]),
  );
  assert.is(result.scores.seo, 50);
  assert.is(result.scores.performance, null);
  assert.equal(
    result.failed.seo.map((audit) => audit.id),
    ["link-text"],
  );
});

test("should score a page without the audits it fails by design, weighed as Lighthouse weighs", () => {
  const notFound = report([
    ["is-crawlable", 0, "binary", 93 / 23],
    ["http-status-code", 0],
    ["document-title", 1],
    ["link-text", 0],
  ]);
  assert.is(toRunResult(notFound).scores.seo, 14);
  const excused = toRunResult(notFound, ["http-status-code", "is-crawlable"]);
  assert.is(excused.scores.seo, 50);
  assert.equal(
    excused.failed.seo.map((audit) => audit.id),
    ["link-text"],
  );
});

test("should weigh a page by the median of its runs and fail it over its kind's budget", () => {
  const weighing = (...kib: (number | null)[]) =>
    summarize(
      "/p/",
      kib.map((k) => ({ ...run({}), bytes: k === null ? null : k * 1024 })),
    );
  const budget = WEIGHT_BUDGET_KIB.home!;
  const within = weightReport([{ kind: "home", summary: weighing(budget, budget + 50, budget - 1) }]);
  assert.is(within.text, `/p/: ${budget} KiB of ${budget}`);
  assert.is(within.over, false);
  const over = weightReport([{ kind: "home", summary: weighing(budget + 1) }]);
  assert.is(over.over, true);
  assert.match(over.text, "(over budget)");
  assert.is(weightReport([{ kind: "home", summary: weighing(null) }]).over, true);
  assert.is(weightReport([{ kind: "no-budget", summary: weighing(9999) }]).over, false);
});

test("should read a run's weight from Lighthouse's total-byte-weight audit", () => {
  const weighed = report([["document-title", 1]]);
  weighed.audits["total-byte-weight"] = {
    id: "total-byte-weight",
    title: "",
    score: 1,
    scoreDisplayMode: "numeric",
    numericValue: 2048,
  };
  assert.is(toRunResult(weighed).bytes, 2048);
  assert.is(toRunResult(report([["document-title", 1]])).bytes, null);
});

test("should score nothing of a run that Lighthouse could not complete", () => {
  const failed = { ...report([["document-title", 1]]), runtimeError: { code: "NO_FCP", message: "no paint" } };
  assert.is(toRunResult(failed).scores.seo, null);
});

test("should pick one page of each kind from the sitemap, under the site's base path", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.org/folio/projects/</loc></url>
<url><loc>https://example.org/folio/</loc></url>
<url><loc>https://example.org/folio/projects/tidewatch/</loc></url>
<url><loc>https://example.org/folio/projects/bramble/</loc></url>
<url><loc>https://example.org/folio/domains/systems/</loc></url>
<url><loc>https://example.org/folio/docs/api/</loc></url>
</urlset>`;
  const plan = pagesOf(sitemapUrls(xml));
  assert.is(plan.basePath, "/folio");
  assert.equal(
    plan.pages.map((page) => [page.kind, page.path]),
    [
      ["home", "/"],
      ["project", "/projects/tidewatch/"],
      ["domain", "/domains/systems/"],
      ["api-docs", "/docs/api/"],
      ["404", "/audit-no-such-page/"],
    ],
  );
  assert.equal(plan.missing, ["blog", "post"]);
  assert.equal(plan.pages.at(-1)?.excused, ["http-status-code", "is-crawlable"]);
});

test("should pick the page of a kind with the most images, the first in sitemap order among equals", () => {
  const urls = ["/", "/blog/posts/a/", "/blog/posts/b/", "/blog/posts/c/", "/projects/x/", "/projects/y/"].map(
    (path) => `https://site.example${path}`,
  );
  const images: Record<string, number> = { "/blog/posts/b/": 3, "/blog/posts/c/": 3 };
  const plan = pagesOf(urls, (path) => images[path] ?? 0);
  assert.equal(
    plan.pages.filter((page) => page.kind === "post" || page.kind === "project").map((page) => page.path),
    ["/projects/x/", "/blog/posts/b/"],
  );
});

test("should refuse a sitemap without a page", () => {
  assert.throws(() => pagesOf(sitemapUrls("<urlset></urlset>")), /lists no page/);
});

test.run();
