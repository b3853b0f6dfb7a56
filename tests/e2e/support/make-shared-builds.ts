// `node tests/e2e/support/make-shared-builds.ts [sample] [base] [served]`: what
// scripts/test.ts runs once before the end-to-end files that read a shared build. It builds
// the variants asked for, side by side, and prints one JSON line: the environment variables that
// hand the folders to the test files (sample-site.ts). The runner removes the folders at the end.
import { removeDir } from "./build-site.ts";
import { buildSample, buildSampleAtBase, buildServedSample, SHARED_BUILD_ENV } from "./sample-site.ts";

const wanted = new Set(process.argv.slice(2));
const unknown = [...wanted].filter((name) => !["sample", "base", "served"].includes(name));
if (unknown.length > 0 || wanted.size === 0) {
  console.error(`usage: make-shared-builds.ts [sample] [base] [served] (not: ${unknown.join(", ") || "nothing"})`);
  process.exit(2);
}

const [sample, atBase, served] = await Promise.allSettled([
  wanted.has("sample") ? buildSample() : undefined,
  wanted.has("base") ? buildSampleAtBase() : undefined,
  wanted.has("served") ? buildServedSample() : undefined,
]);
if (sample.status === "rejected" || atBase.status === "rejected" || served.status === "rejected") {
  // Nothing is handed over, so nothing may be left behind either.
  if (sample.status === "fulfilled" && sample.value) removeDir(sample.value);
  if (atBase.status === "fulfilled" && atBase.value) removeDir(atBase.value);
  if (served.status === "fulfilled" && served.value) removeDir(served.value.dir);
  for (const outcome of [sample, atBase, served])
    if (outcome.status === "rejected") console.error(messageOf(outcome.reason));
  process.exit(1);
}
const env: Record<string, string> = {};
if (sample.value) env[SHARED_BUILD_ENV.sample] = sample.value;
if (atBase.value) env[SHARED_BUILD_ENV.atBase] = atBase.value;
if (served.value) {
  env[SHARED_BUILD_ENV.servedDir] = served.value.dir;
  env[SHARED_BUILD_ENV.servedOrigin] = served.value.origin;
}
console.log(JSON.stringify(env));

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
