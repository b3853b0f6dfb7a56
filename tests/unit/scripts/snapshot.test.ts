import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readSiteConfig } from "../../../src/config/site-config.ts";
import { loadPortfolioContent } from "../../../src/content/load-portfolio-content.ts";
import { projectRepositories } from "../../../src/model/load-portfolio.ts";
import { startFakeGithub } from "../../support/fake-github.ts";

test("should say in one line that the snapshot cannot be written, without a stack trace (before: a stack trace)", async () => {
  const contentDir = mkdtempSync(join(tmpdir(), "folio-snapshot-script-"));
  cpSync("content", contentDir, { recursive: true });
  const config = readSiteConfig({ CONTENT_DIR: contentDir, SITE_URL: "https://margo.example" });
  const wanted = projectRepositories(config, await loadPortfolioContent(contentDir));
  const repositories = Object.fromEntries(
    wanted.map((ref) => [`${ref.owner}/${ref.name}`, { stars: 1, pushedAt: "2026-11-21T01:02:03Z" }]),
  );
  // A folder in its place: a write fault even for root, who may write into a read-only folder.
  rmSync(join(contentDir, "github/snapshot.json"));
  mkdirSync(join(contentDir, "github/snapshot.json/x"), { recursive: true });
  const server = await startFakeGithub({ repositories, pulls: [] });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTENT_DIR: contentDir,
    GITHUB_TOKEN: "ghp_SNAPSHOT0SCRIPT0TEST00000000000000000",
    GITHUB_GRAPHQL_URL: server.url,
    GITHUB_CACHE_DIR: join(contentDir, ".cache"),
  };
  // The test runner's colour settings make Node warn on stderr, which is not the script's output.
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  // Asynchronous, so that the fake GitHub in this process can answer.
  const run = await promisify(execFile)(process.execPath, ["scripts/snapshot.ts"], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
  await server.close();

  assert.is(run.code, 1, run.output);
  assert.match(run.output, /^Snapshot not written: EISDIR.*snapshot\.json/);
  assert.is(run.output.trim().split("\n").length, 1, run.output);
  rmSync(contentDir, { recursive: true, force: true });
});

test("should count requests in words when the snapshot cannot be written (before: 0 request(s))", async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, GITHUB_TOKEN: "" };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;

  const run = await promisify(execFile)(process.execPath, ["scripts/snapshot.ts"], { env }).catch(
    (error: { code: number; stdout: string; stderr: string }) => ({ stdout: error.stdout, stderr: error.stderr }),
  );

  assert.match(run.stderr, /^Snapshot not written \(0 requests\):\n {2}GITHUB_TOKEN is not set/);
});

test.run();
