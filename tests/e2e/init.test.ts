import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseInitArgs } from "../../src/init/init-options.ts";
import { runInit, type InitResult } from "../../src/init/run-init.ts";
import { filesUnder as listContent } from "../../src/util/files-under.ts";
import {
  startFakeGithub,
  type FakeGithubOptions,
  type FakeOwnedRepository,
  type FakePull,
} from "../support/fake-github.ts";
import { filesCarrying } from "./support/hostile.ts";
import {
  buildSite,
  copyContent,
  makeTempDir,
  readJson,
  removeDir,
  repoRoot,
  sampleContentDir,
  type Envelope,
} from "./support/build-site.ts";

/** Removes a test's content folder and the copies init keeps beside it. */
/** Each file of a content folder with its length: what "nothing was changed" compares. */
function contentSizes(dir: string): string[] {
  return listContent(dir).map((file) => `${file}:${readFileSync(join(dir, file), "utf8").length}`);
}

function removeContent(dir: string): void {
  for (const entry of readdirSync(dirname(dir))) {
    if (entry.startsWith(`${basename(dir)}.before-init-`)) removeDir(join(dirname(dir), entry));
  }
  removeDir(dir);
}

const TOKEN = "ghp_init_test_token_0123456789abcdef0123";
const NOW = new Date("2026-11-23T12:00:00Z");
const LOGIN = "ada-l";

/**
 * An account of `count` repositories with the awkward cases spread through it: forks, archived
 * and private ones, no description, no language, unicode text, a name at the 100-character
 * limit, and names the build refuses as they stand (a leading dot, a non-ASCII letter, a second
 * spelling ignoring case).
 */
function account(count: number): FakeOwnedRepository[] {
  const repositories: FakeOwnedRepository[] = [];
  for (let i = 0; i < count; i += 1) {
    const kind = i % 10;
    const name =
      i === 7
        ? `long-${"n".repeat(95)}`
        : i === 8
          ? ".github"
          : i === 9
            ? "café-tools"
            : i === 19
              ? "Repo-0"
              : `repo-${i}`;
    repositories.push({
      name,
      // repo-0 echoes the token and a terminal escape: neither may reach a file.
      description:
        i === 0
          ? `Tides ${TOKEN} \u001b[31mred`
          : kind === 3
            ? null
            : kind === 5
              ? "Ünïcødé ツール for 🌊 tides"
              : `Repository number ${i}`,
      stars: (i * 7) % 50,
      pushedAt: i % 4 === 0 ? null : "2026-10-01T10:00:00Z",
      isFork: kind === 1,
      isArchived: kind === 2,
      isPrivate: i === 6,
      languages:
        kind === 4
          ? []
          : i % 3 === 0
            ? [
                { name: "Rust", color: "#dea584" },
                { name: "Shell", color: "#89e051" },
              ]
            : [{ name: "TypeScript", color: "#3178c6" }],
      topics: i % 2 === 0 ? ["cli", "tides"] : ["web"],
      homepageUrl: i % 5 === 0 ? "javascript:alert(1)" : i % 5 === 1 ? "https://demo.example/" : null,
      readme:
        i % 2 === 0
          ? `# Title\n\n[![badge](https://x.example/b.svg)](https://x.example)\n\nFirst paragraph with a [relative link](docs/setup.md) and [bad](javascript:alert(1)).\n\nSecond one.\n`
          : null,
    });
  }
  return repositories;
}

/** What `--yes` must make projects of: neither fork, archived nor private, and a usable name. */
function expectedNames(repositories: FakeOwnedRepository[]): string[] {
  const seen = new Set<string>();
  return repositories
    .filter((r) => !r.isFork && !r.isArchived && !r.isPrivate && /^(?!\.)[A-Za-z0-9._-]{1,100}$/.test(r.name))
    .filter((r) => !seen.has(r.name.toLowerCase()) && seen.add(r.name.toLowerCase()))
    .map((r) => r.name);
}

const quiet = { ask: async (): Promise<string | null> => null, print: (): void => {} };

const PULLS: FakePull[] = [
  {
    number: 7,
    title: "Fix the tide tables",
    state: "MERGED",
    createdAt: "2026-01-02T10:00:00Z",
    repo: "other-org/tides",
    repoStars: 12,
  },
];

/** Runs init against a fake GitHub with `users` (and, for faults, other `github` options). */
async function initWithFake(
  users: FakeGithubOptions["users"],
  argv: string[],
  contentDir: string,
  lines: string[] = [],
  github: Partial<FakeGithubOptions> = {},
): Promise<InitResult> {
  const fake = await startFakeGithub({ repositories: {}, pulls: PULLS, users, ...github });
  const cache = makeTempDir("init-cache");
  try {
    return await runInit(
      parseInitArgs(argv),
      { ask: async () => null, print: (line) => lines.push(line) },
      {
        contentDir,
        env: { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: fake.url, GITHUB_CACHE_DIR: cache },
        now: NOW,
      },
    );
  } finally {
    await fake.close();
    removeDir(cache);
  }
}

const BASE = ["--name", "Ada Lovelace", "--github", LOGIN, "--site-url", "https://ada.example", "--no-build"];

async function builtProjects(contentDir: string, pulls = 0): Promise<string[]> {
  const result = await buildSite({ contentDir });
  try {
    assert.is(result.status, 0, result.output);
    assert.equal(filesCarrying(result.outDir, TOKEN), []);
    assert.is(readJson<Envelope<unknown[]>>(result.outDir, "api/v1/pulls.json").data.length, pulls);
    return readJson<Envelope<{ name: string }[]>>(result.outDir, "api/v1/projects.json")
      .data.map((p) => p.name)
      .sort();
  } finally {
    removeDir(result.outDir);
  }
}

for (const size of [0, 1, 30, 150]) {
  test(`should make a site that builds with exactly the usable repositories of an account of ${size}`, async () => {
    const dir = copyContent();
    try {
      const repositories = account(size);
      const lines: string[] = [];
      const result = await initWithFake({ [LOGIN]: repositories }, [...BASE, "--yes"], dir, lines);
      assert.ok(result.written, lines.join("\n"));
      const expected = expectedNames(repositories).sort();
      assert.equal(result.projects.slice().sort(), expected);
      if (size >= 10) {
        assert.ok(
          lines.some((line) => line.includes('".github"') && line.includes("skipped")),
          lines.join("\n"),
        );
        assert.ok(lines.some((line) => line.includes('"café-tools"')));
      }
      if (size >= 20) assert.ok(lines.some((line) => line.includes('"Repo-0"') && line.includes("ignoring case")));
      // Nothing of the sample owner is left.
      assert.not.ok(
        listContent(dir).some(
          (file) => file.includes("kestrel") || file === "pgp.asc" || file.startsWith("blog/images"),
        ),
      );
      assert.equal(await builtProjects(dir, PULLS.length), size === 0 ? ["example-project"] : expected);
      const published = listContent(dir)
        .map((file) => readFileSync(join(dir, file), "utf8"))
        .join("\n");
      assert.not.match(published, "javascript:");
      assert.not.match(published, TOKEN);
      assert.not.match(published, "\u001b");
      assert.not.match(published, "docs/setup.md");
    } finally {
      removeContent(dir);
    }
  });
}

test("should make projects of only the repositories named by --repos, and feature those of --featured", async () => {
  const dir = copyContent();
  try {
    const result = await initWithFake(
      { [LOGIN]: account(30) },
      [...BASE, "--repos", "repo-0,repo-3,repo-10", "--featured", "repo-3", "--yes"],
      dir,
    );
    assert.equal(result.projects.slice().sort(), ["repo-0", "repo-10", "repo-3"]);
    assert.match(readFileSync(join(dir, "projects/repo-3.md"), "utf8"), "featured: true");
    assert.not.match(readFileSync(join(dir, "projects/repo-0.md"), "utf8"), "featured");
    assert.equal(readdirSync(join(dir, "projects")).sort(), ["repo-0.md", "repo-10.md", "repo-3.md"]);
    // The sample is replaced, never lost: a copy stays beside (a sample file may hold the owner's edits).
    const kept = readdirSync(dirname(dir)).filter((entry) => entry.startsWith(`${basename(dir)}.before-init-`));
    assert.is(kept.length, 1);
    assert.ok(listContent(join(dirname(dir), kept[0] ?? "")).includes("projects/kestrel-os.md"));
  } finally {
    removeContent(dir);
  }
});

test("should ask in a terminal for what no flag gives, and choose and feature from the answers", async () => {
  const dir = copyContent();
  const fake = await startFakeGithub({ repositories: {}, pulls: [], users: { [LOGIN]: account(5) } });
  const cache = makeTempDir("init-cache");
  try {
    const replies = [LOGIN, "Ada Lovelace", "not a url", "https://ada.example", "", "n", "1,3", "repo-4", "y"];
    const questions: string[] = [];
    const ask = async (question: string): Promise<string | null> => {
      questions.push(question);
      return replies.shift() ?? null;
    };
    const result = await runInit(
      parseInitArgs(["--no-build"]),
      { ask, print: () => {} },
      {
        contentDir: dir,
        env: { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: fake.url, GITHUB_CACHE_DIR: cache },
        now: NOW,
      },
    );
    assert.ok(result.written);
    // The numbered list is repo-0, repo-3, repo-4 (repo-1 is a fork, repo-2 archived).
    assert.equal(result.projects, ["repo-0", "repo-4"], questions.join("|"));
    assert.equal(readdirSync(join(dir, "projects")).sort(), ["repo-0.md", "repo-4.md"]);
    assert.match(readFileSync(join(dir, "projects/repo-4.md"), "utf8"), "featured: true");
    assert.not.match(readFileSync(join(dir, "projects/repo-0.md"), "utf8"), "featured");
    assert.is(questions.filter((question) => question.startsWith("Your site's URL")).length, 2);
    assert.not.ok(listContent(dir).some((file) => file.startsWith("blog/posts")));
  } finally {
    await fake.close();
    removeDir(cache);
    removeContent(dir);
  }
});

test("should take the name from GitHub's profile with --yes, else the login, and the URL of GitHub Pages", async () => {
  const named = copyContent();
  const unnamed = copyContent();
  try {
    const args = ["--github", LOGIN, "--yes", "--no-build"];
    const lines: string[] = [];
    const result = await initWithFake({ [LOGIN]: account(3) }, args, named, lines, {
      userNames: { [LOGIN]: "Ada King" },
    });
    assert.ok(result.written, lines.join("\n"));
    assert.match(readFileSync(join(named, "profile.yaml"), "utf8"), /^name: Ada King$/m);
    assert.ok((await initWithFake({ [LOGIN]: account(3) }, args, unnamed)).written);
    assert.match(readFileSync(join(unnamed, "profile.yaml"), "utf8"), new RegExp(`^name: ${LOGIN}$`, "m"));
    const pagesUrl = `https://${LOGIN.toLowerCase()}.github.io`;
    assert.match(
      readFileSync(join(named, "site.yaml"), "utf8"),
      new RegExp(`^url: ${pagesUrl.replaceAll(".", "\\.")}$`, "m"),
    );
  } finally {
    removeContent(named);
    removeContent(unnamed);
  }
});

test("should record the owner's APIs as the baseline, so the deploy workflow's check passes", () => {
  // A copy of the project: init on its own content/ writes its api-baseline/.
  const project = makeTempDir("init-project");
  try {
    for (const name of [
      "src",
      "scripts",
      "site-templates",
      "site-assets",
      "api-templates",
      "_data",
      "content",
      "api-baseline",
    ])
      cpSync(join(repoRoot, name), join(project, name), { recursive: true });
    for (const name of [".eleventy.js", "package.json", "tsconfig.json"])
      cpSync(join(repoRoot, name), join(project, name));
    symlinkSync(join(repoRoot, "node_modules"), join(project, "node_modules"));
    // The repository's build cache, as every build of the tests' own: the copy's empty one made
    // init's build compile every validator and draw every icon again (0.8 s of CPU).
    const env: NodeJS.ProcessEnv = { ...process.env, GITHUB_TOKEN: "", FOLIO_CACHE_DIR: join(repoRoot, ".cache") };
    delete env.CONTENT_DIR;
    const run = (argv: string[]) => spawnSync(process.execPath, argv, { cwd: project, env, encoding: "utf8" });
    const init = run(["scripts/init.ts", ...BASE.filter((arg) => arg !== "--no-build"), "--no-blog", "--yes"]);
    assert.is(init.status, 0, init.stdout + init.stderr);
    assert.match(init.stdout, "Recorded your APIs' OpenAPI documents in api-baseline/");
    assert.not.ok(existsSync(join(project, "api-baseline/blog/api/openapi.json")), "no blog, no blog API");
    // Against the sample's baseline, which requires the sample's profile links, this check fails.
    const after = run(["scripts/api-check.ts"]);
    assert.is(after.status, 0, after.stdout + after.stderr);
    assert.match(after.stdout, "no breaking change");
    // The project's own tests read the sample, which is gone: npm test says so at once.
    const tests = run(["scripts/test.ts"]);
    assert.is(tests.status, 1);
    assert.match(tests.stdout, "content/ is not the sample (site.yaml names the GitHub login");
    assert.match(tests.stdout, "npm run check");
  } finally {
    removeDir(project);
  }
});

test("should ask a yes-or-no question again until the answer is one", async () => {
  const dir = copyContent();
  try {
    const asked: string[] = [];
    const replies = ["maybe", "n", "nope", "n"];
    const lines: string[] = [];
    const result = await runInit(
      parseInitArgs(BASE),
      {
        ask: async (question) => {
          if (question.startsWith("Your time zone")) return "UTC";
          asked.push(question.trim());
          return replies.shift() ?? null;
        },
        print: (line) => lines.push(line),
      },
      { contentDir: dir, env: {}, now: NOW },
    );
    assert.is(result.written, false);
    // "Keep a blog?" twice, then "Go ahead?" twice.
    assert.is(asked.length, 4, asked.join(" | "));
    assert.equal(
      lines.filter((line) => line === "Expected y or n."),
      ["Expected y or n.", "Expected y or n."],
    );
  } finally {
    removeContent(dir);
  }
});

test("should stop without a stack trace at Ctrl-D on a question, changing nothing", async () => {
  const dir = copyContent();
  try {
    const before = listContent(dir);
    // A terminal (util-linux's script): init asks only there.
    const child = spawn("script", ["-qec", `${process.execPath} scripts/init.ts`, "/dev/null"], {
      env: { ...process.env, CONTENT_DIR: dir, GITHUB_TOKEN: "" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Your GitHub login:")) child.stdin.write("\x04");
    });
    const status = await new Promise<number | null>((ended) => {
      child.on("close", ended);
      child.on("error", (error) => {
        output += String(error);
        ended(null);
      });
    });
    assert.match(output, "Stopped at a question: nothing was changed.");
    assert.not.match(output, /AbortError|\n\s+at /);
    assert.is.not(status, 0);
    assert.equal(listContent(dir), before);
  } finally {
    removeContent(dir);
  }
});

test("should write a minimal site without a token, and build it from the CLI", () => {
  const dir = copyContent();
  const out = makeTempDir("init-out");
  try {
    const argv = [
      "scripts/init.ts",
      ...BASE.filter((arg) => arg !== "--no-build"),
      "--no-blog",
      "--yes",
      "--output",
      out,
    ];
    const run = spawnSync(process.execPath, argv, {
      env: { ...process.env, CONTENT_DIR: dir, GITHUB_TOKEN: "" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    assert.is(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, "GITHUB_TOKEN is not set");
    assert.match(run.stdout, "npm start");
    // Counted in words: "writes 9 files: one example project", never "file(s)" or "0 project(s)".
    assert.match(run.stdout, /writes \d+ files: one example project\./);
    assert.not.match(run.stdout, "(s)");
    assert.equal(listContent(dir), [
      "blog/feed.xml",
      "domains.yaml",
      "github/snapshot.json",
      "in-progress.yaml",
      "languages.yaml",
      "now.yaml",
      "profile.yaml",
      "projects/example-project.md",
      "site.yaml",
    ]);
    assert.equal(
      readJson<Envelope<{ name: string }[]>>(out, "api/v1/projects.json").data.map((p) => p.name),
      ["example-project"],
    );
    // No award and no pull request: those sections leave the pages, the navigation, the
    // sitemap and the search, and the home page has no "Featured projects" over nothing.
    for (const page of ["awards/index.html", "pulls/index.html"]) assert.not.ok(existsSync(join(out, page)), page);
    const home = readFileSync(join(out, "index.html"), "utf8");
    const nav = /<nav aria-label="Site">[\s\S]*?<\/nav>/.exec(home)?.[0] ?? "";
    assert.match(nav, 'href="/projects/"');
    assert.not.match(nav, "/awards/");
    assert.not.match(nav, "/pulls/");
    assert.not.match(readFileSync(join(out, "sitemap.xml"), "utf8"), /\/(awards|pulls)\//);
    const search = readJson<Envelope<{ url: string }[]>>(out, "api/v1/search.json").data.map((item) => item.url);
    assert.not.ok(
      search.some((url) => /\/(awards|pulls)\/$/.test(url)),
      search.join(", "),
    );
    assert.not.match(home, "Featured projects");
    // Nothing featured: the project is shown under "Projects", not an empty list.
    assert.match(home, /<h2 id="featured-title">Projects<\/h2>[\s\S]*?<ul class="cards">\s*<li[\s\S]*?example-project/);
  } finally {
    removeContent(dir);
    removeDir(out);
  }
});

test("should refuse content that is not the sample's without --force, and keep it beside with --force", async () => {
  const dir = copyContent();
  try {
    writeFileSync(join(dir, "projects", "my-own.md"), "---\nname: my-own\n---\n");
    const before = listContent(dir);
    const lines: string[] = [];
    const refused = await runInit(
      parseInitArgs([...BASE, "--yes"]),
      { ask: async () => null, print: (line) => lines.push(line) },
      { contentDir: dir, env: {}, now: NOW },
    );
    assert.not.ok(refused.written);
    assert.match(lines.join("\n"), "projects/my-own.md");
    assert.match(lines.join("\n"), "--force");
    assert.equal(listContent(dir), before);

    const forced = await runInit(parseInitArgs([...BASE, "--yes", "--force"]), quiet, {
      contentDir: dir,
      env: {},
      now: NOW,
    });
    assert.ok(forced.written);
    const kept = `${dir}.before-init-${NOW.toISOString().replace(/[:.]/g, "-")}`;
    assert.ok(listContent(kept).includes("projects/my-own.md"));
    removeDir(kept);
  } finally {
    removeContent(dir);
  }
});

test("should leave the content untouched when interrupted before the swap", async () => {
  const dir = copyContent();
  try {
    const before = contentSizes(dir);
    let thrown: unknown = null;
    try {
      await runInit(parseInitArgs([...BASE, "--yes"]), quiet, {
        contentDir: dir,
        env: {},
        now: NOW,
        beforeSwap: () => {
          throw new Error("interrupted");
        },
      });
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown instanceof Error && thrown.message === "interrupted");
    assert.equal(contentSizes(dir), before);
    assert.not.ok(
      readdirSync(join(dir, "..")).some(
        (entry) => entry.includes("init-staging") && entry.includes(dir.split("/").pop() ?? ""),
      ),
    );
  } finally {
    removeContent(dir);
  }
});

test("should leave the content untouched and say why when GitHub fails on the second page", async () => {
  const dir = copyContent();
  try {
    const before = listContent(dir);
    const lines: string[] = [];
    let asked = 0;
    const result = await initWithFake({ [LOGIN]: account(150) }, [...BASE, "--yes"], dir, lines, {
      pulls: [],
      fault: (index) => {
        asked = index + 1;
        return index === 1 ? { status: 502 } : undefined;
      },
    });
    assert.not.ok(result.written);
    assert.match(lines.join("\n"), "HTTP 502");
    assert.match(lines.join("\n"), "Nothing was changed");
    assert.equal(listContent(dir), before);
    assert.is(asked, 2);
  } finally {
    removeContent(dir);
  }
});

test("should quote three of GitHub's errors beside the listing and count the others", async () => {
  // Before: every message was printed in one line, as the live fetch once noted them: 120,000
  // errors (a 32 MiB answer) made a line of 24 MB.
  const dir = copyContent();
  try {
    const lines: string[] = [];
    const errors = Array.from({ length: 1_000 }, (_, i) => ({ type: "X", path: ["user"], message: `m${i}` }));
    const result = await initWithFake({ [LOGIN]: account(3) }, [...BASE, "--yes"], dir, lines, {
      fault: (_, request) =>
        request.query.includes("user(login: $login)") ? { rewrite: (normal) => ({ ...normal, errors }) } : undefined,
    });
    assert.not.ok(result.written);
    assert.equal(lines, [
      `Could not list the repositories of ${LOGIN} (1 request): GitHub answered with GraphQL errors: m0; m1; m2; and 997 more`,
      `Nothing was changed in ${dir}.`,
    ]);
  } finally {
    removeContent(dir);
  }
});

test("should change nothing when the pull request search fails after the listing", async () => {
  const dir = copyContent();
  try {
    const before = listContent(dir);
    const lines: string[] = [];
    const result = await initWithFake({ [LOGIN]: account(3) }, [...BASE, "--yes"], dir, lines, {
      fault: (_, request) => (request.query.includes("search(") ? { failPulls: true } : undefined),
    });
    assert.not.ok(result.written);
    assert.match(lines.join("\n"), "Search is temporarily unavailable");
    assert.equal(listContent(dir), before);
  } finally {
    removeContent(dir);
  }
});

test("should not make a project of a repository GitHub calls private, whatever the query asked", async () => {
  const dir = copyContent();
  const makePrivate = (answer: { data: Record<string, unknown> }): unknown => {
    const user = answer.data.user as { repositories: { nodes: { name: string; isPrivate: boolean }[] } } | null;
    for (const node of user?.repositories.nodes ?? []) if (node.name === "repo-3") node.isPrivate = true;
    return answer;
  };
  const fake = await startFakeGithub({
    repositories: {},
    pulls: [],
    users: { [LOGIN]: account(5) },
    fault: () => ({ rewrite: makePrivate }),
  });
  const cache = makeTempDir("init-cache");
  try {
    const result = await runInit(parseInitArgs([...BASE, "--yes"]), quiet, {
      contentDir: dir,
      env: { GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: fake.url, GITHUB_CACHE_DIR: cache },
      now: NOW,
    });
    assert.equal(result.projects, ["repo-0", "repo-4"]);
    assert.not.ok(listContent(dir).some((file) => file.includes("repo-3")));
  } finally {
    await fake.close();
    removeDir(cache);
    removeContent(dir);
  }
});

/** A repository of each kind of value GitHub may send that the site cannot publish as it is. */
const HOSTILE_ACCOUNT: FakeOwnedRepository[] = [
  { name: "tide", description: "Tides", homepageUrl: 'https://tide.example/"><script>alert(1)</script>' },
  {
    name: "flip",
    description: "Flip \u202egnp.exe\u202c here",
    readme: "Read \u2067me\u2069 first, \u200bplease.\n",
    languages: [{ name: "Ru\u202est", color: "#dea584" }],
    topics: ["cli", "Not A Tag\u202e"],
  },
  { name: "old", description: "Old", pushedAt: "0001-01-01T00:00:00Z" },
  { name: "twice", description: "Twice" },
  { name: "twice", description: "Twice" },
];
const HOSTILE_PULLS: FakePull[] = [
  { ...(PULLS[0] as FakePull), url: 'https://github.com/other-org/tides/pull/7"><script>alert(1)</script>' },
  { ...(PULLS[0] as FakePull), number: 8, createdAt: "0001-01-01T00:00:00Z" },
];
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

test("should leave out, with a line, each value from GitHub the site cannot publish, and the site builds", async () => {
  const dir = copyContent();
  try {
    const lines: string[] = [];
    const result = await initWithFake({ [LOGIN]: HOSTILE_ACCOUNT }, [...BASE, "--yes"], dir, lines, {
      pulls: HOSTILE_PULLS,
    });
    const printed = lines.join("\n");
    assert.ok(result.written, printed);
    assert.equal(result.projects.slice().sort(), ["flip", "old", "tide", "twice"]);
    assert.match(printed, 'left out the homepage of "tide"');
    assert.match(printed, 'left out the last push of "old" (0001-01-01T00:00:00Z): a date outside 1970-9999');
    assert.match(printed, 'left out a second "twice": GitHub listed it more than once');
    assert.match(printed, 'removed control or invisible characters from the description, languages, README of "flip"');
    assert.match(printed, 'left out topics of "flip" that are not tags');
    assert.match(printed, "not http(s) URLs for other-org/tides#7");
    assert.match(printed, "dates outside 1970-9999 for other-org/tides#8");
    assert.not.ok(BIDI.test(printed), "printed lines carry no bidi control");

    const contentFiles = listContent(dir).map((file) => readFileSync(join(dir, file), "utf8"));
    assert.not.ok(contentFiles.some((text) => text.includes("<script>") || BIDI.test(text)));
    const built = await buildSite({ contentDir: dir });
    try {
      assert.is(built.status, 0, built.output);
      assert.equal(filesCarrying(built.outDir, "<script>alert(1)"), []);
      assert.equal(filesCarrying(built.outDir, "\u202e"), []);
      assert.equal(filesCarrying(built.outDir, "\u2067"), []);
    } finally {
      removeDir(built.outDir);
    }
  } finally {
    removeContent(dir);
  }
});

test("should change nothing when an answer would fail the build's content checks", async () => {
  const dir = copyContent();
  try {
    const before = contentSizes(dir);
    const lines: string[] = [];
    const argv = ["--name", "Ada", "--github", LOGIN, "--site-url", 'https://ada.example/"x', "--no-build", "--yes"];

    const result = await runInit(
      parseInitArgs(argv),
      { ask: async () => null, print: (line) => lines.push(line) },
      { contentDir: dir, env: {}, now: NOW },
    );

    assert.not.ok(result.written, lines.join("\n"));
    assert.match(lines.join("\n"), "Nothing was changed");
    assert.equal(contentSizes(dir), before);
  } finally {
    removeContent(dir);
  }
});

test("should say that nothing was changed when GITHUB_TOKEN is refused", async () => {
  const dir = copyContent();
  try {
    const before = contentSizes(dir);
    const lines: string[] = [];

    const result = await runInit(
      parseInitArgs([...BASE, "--yes"]),
      { ask: async () => null, print: (line) => lines.push(line) },
      { contentDir: dir, env: { GITHUB_TOKEN: "too-short" }, now: NOW },
    );

    assert.not.ok(result.written);
    assert.match(lines.join("\n"), "GITHUB_TOKEN");
    assert.is(lines.at(-1), `Nothing was changed in ${dir}.`);
    assert.equal(contentSizes(dir), before);
  } finally {
    removeContent(dir);
  }
});

test("should name the missing flag when the CLI cannot ask, and refuse an unknown flag", () => {
  const dir = copyContent();
  try {
    const env = { ...process.env, CONTENT_DIR: dir, GITHUB_TOKEN: "" };
    const missing = spawnSync(
      process.execPath,
      ["scripts/init.ts", "--name", "Ada", "--site-url", "https://ada.example", "--yes", "--no-build"],
      { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    const unknown = spawnSync(process.execPath, ["scripts/init.ts", "--colour", "red"], {
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });

    assert.is(missing.status, 1);
    assert.match(missing.stdout, "--github is needed");
    assert.is(unknown.status, 2);
    assert.match(unknown.stderr, "--colour");
    assert.equal(listContent(dir).length, listContent(sampleContentDir).length);
  } finally {
    removeContent(dir);
  }
});

test("should refuse an output folder holding the content, or inside it, before changing anything", () => {
  // Before: the content was replaced, and only then did the closing build refuse the folder;
  // a folder inside the content was accepted, and the site written into the content.
  const dir = copyContent();
  try {
    const before = contentSizes(dir);
    const env = { ...process.env, CONTENT_DIR: dir, GITHUB_TOKEN: "" };
    const argv = ["--name", "Ada", "--github", LOGIN, "--site-url", "https://ada.example", "--yes"];
    const init = (output: string) =>
      spawnSync(process.execPath, ["scripts/init.ts", ...argv, `--output=${output}`], {
        env,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });

    const holding = init(dir);
    const inside = init(join(dir, "site"));

    assert.is(holding.status, 2, holding.stdout + holding.stderr);
    assert.match(holding.stderr, `holds ${dir}`);
    assert.is(inside.status, 2, inside.stdout + inside.stderr);
    assert.match(inside.stderr, `is inside the content folder ${dir}`);
    for (const run of [holding, inside]) {
      assert.match(run.stderr, "Nothing was changed.");
      assert.not.match(run.stderr, "    at ");
    }
    assert.equal(contentSizes(dir), before);
  } finally {
    removeContent(dir);
  }
});

test.run();
