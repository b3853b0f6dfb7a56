import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readSiteConfig } from "../../../src/config/site-config.ts";
import { ContentError } from "../../../src/content/content-error.ts";
import { fromSnapshot, loadGithubData } from "../../../src/github/github-data.ts";
import { readSnapshot } from "../../../src/github/snapshot.ts";
import { forgetSecrets } from "../../../src/util/redact.ts";

const sample = JSON.parse(readFileSync("content/github/snapshot.json", "utf8")) as {
  pulls: Record<string, unknown>[];
  repositories: Record<string, unknown>;
};

function writeSnapshot(change: (snapshot: typeof sample) => unknown): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "folio-snapshot-"));
  const file = join(dir, "snapshot.json");
  writeFileSync(file, JSON.stringify(change(JSON.parse(JSON.stringify(sample)) as typeof sample)));
  return { dir, file };
}

function problemsOf(file: string): string[] {
  try {
    readSnapshot(file);
  } catch (error) {
    if (error instanceof ContentError) return error.problems.map((p) => `${p.field}: ${p.expected}`);
    throw error;
  }
  return [];
}

test.after(() => {
  forgetSecrets();
});

test("should read the sample snapshot without a problem", () => {
  assert.equal(problemsOf("content/github/snapshot.json"), []);
});

test("should refuse pull links that are not http(s) URLs, naming each field", () => {
  const { dir, file } = writeSnapshot((s) => {
    s.pulls[0] = { ...s.pulls[0], url: "javascript:alert(1)" };
    s.pulls[2] = { ...s.pulls[2], url: "data:text/html,<script>alert(1)</script>" };
    s.pulls[3] = { ...s.pulls[3], url: "JavaScript:alert(1)" };
    return s;
  });

  assert.equal(problemsOf(file).sort(), [
    "pulls[0].url: an absolute http(s) URL such as https://example.org/",
    "pulls[2].url: an absolute http(s) URL such as https://example.org/",
    "pulls[3].url: an absolute http(s) URL such as https://example.org/",
  ]);
  rmSync(dir, { recursive: true, force: true });
});

test("should refuse http(s) pull links that the URL check does not pass (credentials)", () => {
  const { dir, file } = writeSnapshot((s) => {
    s.pulls[1] = { ...s.pulls[1], url: "https://user:pass@github.com/python/cpython/pull/1" };
    return s;
  });

  assert.equal(problemsOf(file), ["pulls[1].url: an absolute http(s) URL such as https://example.org/"]);
  rmSync(dir, { recursive: true, force: true });
});

test("should refuse a title with a control character", () => {
  const { dir, file } = writeSnapshot((s) => {
    s.pulls[1] = { ...s.pulls[1], title: "Fix\u001b[2J" };
    return s;
  });

  assert.equal(problemsOf(file), ["pulls[1].title: a title without control characters (found U+001B at character 4)"]);
  rmSync(dir, { recursive: true, force: true });
});

test("should refuse repository names GitHub cannot have", () => {
  const { dir, file } = writeSnapshot((s) => {
    s.pulls[0] = { ...s.pulls[0], repo: "evil/na me" };
    s.repositories["margo-voss/<script>"] = { stars: 1, pushed_at: null };
    return s;
  });

  const problems = problemsOf(file);

  assert.ok(
    problems.some((p) => p.startsWith("pulls[0].repo: owner/name of letters")),
    problems.join("\n"),
  );
  assert.ok(
    problems.includes(
      "repositories.margo-voss/<script>: a key of the form owner/name of letters, digits, `.`, `_` or `-`",
    ),
    problems.join("\n"),
  );
  rmSync(dir, { recursive: true, force: true });
});

test("should refuse star counts past GraphQL's Int, whose sum would not be a number", () => {
  // Two of 1e308 added up to Infinity: stats.json failed the after-build validation instead.
  const { dir, file } = writeSnapshot((s) => {
    s.repositories["margo-voss/kestrel-os"] = { stars: 1e308, pushed_at: null };
    s.pulls[0] = { ...s.pulls[0], repo_stars: 2 ** 31 };
    return s;
  });

  const problems = problemsOf(file).sort();

  assert.equal(problems.length, 2, problems.join("\n"));
  assert.ok(problems[0]?.startsWith("pulls[0].repo_stars: "), problems.join("\n"));
  assert.ok(problems[1]?.startsWith("repositories.margo-voss/kestrel-os.stars: "), problems.join("\n"));
  rmSync(dir, { recursive: true, force: true });
});

test("should refuse a pull request title longer than any content string may be", () => {
  const { dir, file } = writeSnapshot((s) => {
    s.pulls[1] = { ...s.pulls[1], title: "x".repeat(10_001) };
    return s;
  });

  const problems = problemsOf(file);

  assert.equal(problems.length, 1, problems.join("\n"));
  assert.ok(problems[0]?.startsWith("pulls[1].title: "), problems.join("\n"));
  rmSync(dir, { recursive: true, force: true });
});

test("should read repositories named like Object.prototype members from a snapshot", () => {
  const { dir, file } = writeSnapshot((s) => ({
    fetched_at: "2026-11-20T03:12:00Z",
    repositories: JSON.parse(
      '{"margo-voss/__proto__":{"stars":1,"pushed_at":null},"margo-voss/constructor":{"stars":2,"pushed_at":null},"margo-voss/toString":{"stars":3,"pushed_at":null}}',
    ) as unknown,
    pulls: [
      { ...s.pulls[0], repo: "hasOwnProperty/__proto__", url: "https://github.com/hasOwnProperty/__proto__/pull/1" },
    ],
  }));
  const refs = ["__proto__", "constructor", "toString"].map((name) => ({ owner: "margo-voss", name }));

  const data = fromSnapshot(readSnapshot(file), refs);

  assert.equal(
    refs.map((ref) => data.repositories.get(`margo-voss/${ref.name.toLowerCase()}`)?.stars),
    [1, 2, 3],
  );
  assert.equal(
    data.pulls.map((p) => p.repo),
    ["hasOwnProperty/__proto__"],
  );
  assert.not.match(data.notes.repositories ?? "", "No data for");
  rmSync(dir, { recursive: true, force: true });
});

test("should report a bad token and a bad snapshot in one error", async () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-snapshot-content-"));
  const config = { ...readSiteConfig({ CONTENT_DIR: "content" }), contentDir: dir };
  mkdirSync(join(dir, "github"));
  const bad = { ...sample, pulls: [{ ...sample.pulls[0], url: "javascript:alert(1)" }] };
  writeFileSync(join(dir, "github", "snapshot.json"), JSON.stringify(bad));
  let error: unknown;

  try {
    await loadGithubData(config, [], { GITHUB_TOKEN: "ghp_BAD\nTOKEN0000000000000000" }, () => {});
  } catch (caught) {
    error = caught;
  }

  assert.instance(error, ContentError);
  assert.equal(
    (error as ContentError).problems.map((p) => p.field),
    ["(environment)", "pulls[0].url"],
  );
  assert.not.match((error as Error).message, "ghp_BAD");
  rmSync(dir, { recursive: true, force: true });
});

test.run();
