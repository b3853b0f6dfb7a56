import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DateTime } from "luxon";
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildSite,
  copyContent,
  envelopeFiles,
  listFiles,
  outputDifferences,
  readJson,
  readText,
  removeDir,
  repoRoot,
  sampleContentDir,
  type BuildResult,
  type Envelope,
} from "./support/build-site.ts";
import { SAMPLE_EPOCH, SAMPLE_SITE_URL, sampleSite } from "./support/sample-site.ts";

const SITE_URL = SAMPLE_SITE_URL;

/** now.yaml's `updated` day, read as the start of that day in site.yaml's time zone (content-format.md). */
const updated = (loadYaml(readText(sampleContentDir, "now.yaml"), { schema: CORE_SCHEMA }) as { updated: string })
  .updated;
const zone = (loadYaml(readText(sampleContentDir, "site.yaml"), { schema: CORE_SCHEMA }) as { timezone: string })
  .timezone;
const updatedDay = DateTime.fromISO(updated, { zone }).startOf("day");
const seconds = (at: DateTime) => Math.floor(at.toSeconds());

/** The shared sample build's clock (2026-11-18, 16 days after the update): `first` is that build. */
const FRESH = SAMPLE_EPOCH;
const STALE = seconds(updatedDay.plus({ days: 70 }));
/** The first second of day 60 in the site's zone: still 59.96 days after the update read in UTC. */
const DAY_60 = seconds(updatedDay.plus({ days: 60 }));
const JUST_BEFORE_DAY_60 = DAY_60 - 1;

/**
 * The small second owner (tests/fixtures/other-owner) with the sample's `updated` day and zone:
 * the builds at the day-60 boundary read only now.json, which comes from those two and the clock.
 */
const boundaryContent = copyContent(join(repoRoot, "tests/fixtures/other-owner"));
for (const [file, key, value] of [
  ["now.yaml", "updated", updated],
  ["site.yaml", "timezone", zone],
] as const) {
  const path = join(boundaryContent, file);
  writeFileSync(path, readFileSync(path, "utf8").replace(new RegExp(`^${key}: .*$`, "m"), `${key}: ${value}`));
}
const boundaryYaml = (file: string) =>
  loadYaml(readText(boundaryContent, file), { schema: CORE_SCHEMA }) as { updated?: string; timezone?: string };

/** The run's shared sample build (support/sample-site.ts), which this file only reads. */
let first: Pick<BuildResult, "outDir">;
let second: BuildResult;
let stale: BuildResult;
let day60: BuildResult;
let beforeDay60: BuildResult;

test.before(async () => {
  let shared: string;
  [shared, second, stale, day60, beforeDay60] = await Promise.all([
    sampleSite(),
    buildSite({ siteUrl: SITE_URL, epoch: FRESH }),
    buildSite({ siteUrl: SITE_URL, epoch: STALE }),
    buildSite({ siteUrl: SITE_URL, epoch: DAY_60, contentDir: boundaryContent }),
    buildSite({ siteUrl: SITE_URL, epoch: JUST_BEFORE_DAY_60, contentDir: boundaryContent }),
  ]);
  first = { outDir: shared };
});

test.after(() => {
  for (const build of [second, stale, day60, beforeDay60]) removeDir(build.outDir);
  removeDir(boundaryContent);
});

const staleFlag = (build: Pick<BuildResult, "outDir">) =>
  readJson<Envelope<{ stale: boolean }>>(build.outDir, "api/v1/now.json").data.stale;

test("should build every configuration with exit code 0", () => {
  // sampleSite() resolves only for a build that exited with 0.
  for (const build of [second, stale, day60, beforeDay60]) assert.is(build.status, 0, build.output);
});

test("should read now.yaml's update as 2026-11-02 in the site's zone", () => {
  assert.is(updated, "2026-11-02");
  assert.ok(updatedDay.isValid, `zone ${zone}`);
  assert.is(boundaryYaml("now.yaml").updated, updated);
  assert.is(boundaryYaml("site.yaml").timezone, zone);
});

test("should write byte-identical files in two builds with the same SOURCE_DATE_EPOCH", () => {
  assert.ok(listFiles(first.outDir).length >= 72);
  assert.equal(outputDifferences(first.outDir, second.outDir), []);
});

test("should change meta.generated when SOURCE_DATE_EPOCH changes", () => {
  for (const file of envelopeFiles(first.outDir)) {
    const before = readJson<Envelope>(first.outDir, file).meta.generated;
    const after = readJson<Envelope>(stale.outDir, file).meta.generated;
    assert.is(Date.parse(before), FRESH * 1000, file);
    assert.is(Date.parse(after), STALE * 1000, file);
  }
});

test("should mark now.json stale 70 days after the update", () => {
  assert.is(staleFlag(stale), true);
});

test("should not mark now.json stale 16 days after the update", () => {
  assert.is(Math.floor((FRESH - seconds(updatedDay)) / 86_400), 16);
  assert.is(staleFlag(first), false);
});

test("should mark now.json stale from the first second of day 60 in the site's zone", () => {
  assert.is(staleFlag(day60), true);
});

test("should not mark now.json stale one second before day 60 in the site's zone", () => {
  assert.is(staleFlag(beforeDay60), false);
});

test.run();
