import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { ProfileFile } from "../../../src/content/content-schemas.ts";
import { yamlText } from "./yaml-text.ts";

/** The fixture owner's profile, as written to profile.yaml (and used by model fixtures). */
export const fixtureProfile: ProfileFile = {
  name: "Fixture Owner",
  handle: "fixture-owner",
  headline: "Writes small tools",
  summary: "A paragraph about the fixture owner.",
  focus: "Testing",
  certifications: [],
  open_to_work: { open: true, text: null },
  links: { itch: "https://fixture.itch.io" },
  contact: {
    form: "https://fixture.example/contact/",
    discord: "fixture",
    irc: {
      network: "Libera.Chat",
      nick: "fixture",
      how: "/msg fixture",
      web_client: "https://web.libera.chat/#fixture",
    },
  },
};

/** A content folder written into a temp directory; `cleanup` removes it. */
export interface ContentTree {
  dir: string;
  /** Absolute path of a file of the tree, e.g. `file("projects/alpha.md")`. */
  file(relativePath: string): string;
  cleanup(): void;
}

/** File contents by path relative to the content folder; `null` leaves the file out. */
export type TreeOverrides = Record<string, string | null>;

/** The real public key of the project's own content, used as the fixture's key. */
export const PGP_FIXTURE = resolve(import.meta.dirname, "../../../content/pgp.asc");
export const PGP_FINGERPRINT = "DFD5C74840C80C2336B089294FAF1A7DC53A6CCF";

/** Writes YAML front matter and a Markdown body as a project file. */
export function projectFile(meta: Record<string, unknown>, body = ""): string {
  return `---\n${yamlText(meta)}---\n${body}`;
}

/** The front matter of the fixture's projects, so a test can change one field of one. */
export const fixtureProjects: Record<string, Record<string, unknown>> = {
  alpha: {
    name: "alpha",
    tagline: "A tiny allocator",
    cluster: "systems",
    languages: ["Rust", "C"],
    tags: ["memory", "embedded"],
    featured: true,
    award: { place: "1st place", medal: "gold", event: "Hack 2025" },
  },
  beta: {
    name: "beta",
    tagline: "A scheduler",
    cluster: "systems",
    languages: ["C"],
    tags: ["embedded"],
    pypi: "beta-sched",
    demo: "https://beta.example/demo",
  },
  gamma: {
    name: "gamma",
    owner: "other-org",
    tagline: "A climbing logbook",
    cluster: "climbing",
    languages: ["Kotlin"],
    tags: ["mobile"],
    links: [{ label: "Talk", url: "https://talks.example/gamma" }],
  },
  Delta: {
    name: "Delta",
    tagline: "A synthesizer",
    cluster: "audio",
    languages: ["Faust"],
  },
};

const defaults: Record<string, string> = {
  "site.yaml": yamlText({
    url: "https://fixture.example",
    title: "Fixture Owner",
    description: "Portfolio of a fixture",
    timezone: "Europe/Berlin",
    github: "fixture-owner",
    api: { name: "fixture-portfolio", description: "Projects of a fixture as static JSON." },
    blog: { url: "/blog/", feed: "blog/feed.xml" },
  }),
  "profile.yaml": yamlText(fixtureProfile),
  "domains.yaml": yamlText([
    { id: "systems", emoji: "⚙️", title: "Systems", blurb: "Low-level code." },
    { id: "climbing", emoji: "🧗", title: "Climbing", blurb: "Tools for the crag." },
    { id: "audio", emoji: "🎛️", title: "Audio", blurb: "Sound." },
  ]),
  "now.yaml": yamlText({
    updated: "2026-11-02",
    sections: [{ title: "Building", items: ["Porting [alpha](https://github.com/fixture-owner/alpha)"] }],
  }),
  "in-progress.yaml": yamlText([{ name: "secret-thing", hint: "Not yet published." }]),
  "languages.yaml": yamlText({ Rust: "#DEA584", C: "#555555" }),
  "github/snapshot.json": JSON.stringify({
    fetched_at: "2026-11-20T03:12:00Z",
    repositories: {
      "fixture-owner/alpha": { stars: 10, pushed_at: "2026-11-10T10:00:00Z" },
      "fixture-owner/beta": { stars: 5, pushed_at: "2026-10-01T10:00:00Z" },
      "other-org/gamma": { stars: 7, pushed_at: null },
      "fixture-owner/Delta": { stars: 2, pushed_at: "2025-01-01T00:00:00Z" },
    },
    pulls: [
      {
        repo: "python/cpython",
        number: 1,
        title: "Fix a typo",
        state: "merged",
        url: "https://github.com/python/cpython/pull/1",
        created: "2025-04-02",
        repo_stars: 1000,
      },
      {
        repo: "python/cpython",
        number: 2,
        title: "Another fix",
        state: "open",
        url: "https://github.com/python/cpython/pull/2",
        created: "2025-05-02",
        repo_stars: 1000,
      },
      {
        repo: "rust-lang/rust",
        number: 3,
        title: "Docs",
        state: "closed",
        url: "https://github.com/rust-lang/rust/pull/3",
        created: null,
        repo_stars: 500,
      },
    ],
  }),
  "blog/feed.xml": `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Fixture blog</title>
    <link>https://fixture.example/blog/</link>
    <description>Posts</description>
    <item>
      <title>First post</title>
      <link>https://fixture.example/blog/posts/first/</link>
      <pubDate>Tue, 11 Feb 2025 07:45:00 +0000</pubDate>
      <description>The first one.</description>
    </item>
    <item>
      <title>Second post</title>
      <link>https://fixture.example/blog/posts/second/</link>
      <pubDate>Wed, 28 Oct 2026 07:15:00 +0000</pubDate>
      <description>The second one.</description>
    </item>
  </channel>
</rss>
`,
};

for (const [file, meta] of Object.entries(fixtureProjects)) {
  defaults[`projects/${file}.md`] = projectFile(meta, `Writeup of ${String(meta.name)}.\n\n## Usage\n\nRun it.\n`);
}

/**
 * Writes a small valid content tree (3 domains, 4 projects, profile, now, snapshot, feed,
 * PGP key) into a fresh temp folder. Each override replaces one file, or removes it (`null`).
 */
export function writeContentTree(overrides: TreeOverrides = {}): ContentTree {
  const dir = mkdtempSync(join(tmpdir(), "folio-content-"));
  const files: Record<string, string | null> = { ...defaults, ...overrides };
  for (const [path, text] of Object.entries(files)) {
    if (text === null) continue;
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  if (!("pgp.asc" in overrides)) copyFileSync(PGP_FIXTURE, join(dir, "pgp.asc"));
  return {
    dir,
    file: (relativePath) => join(dir, relativePath),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A project file of the fixture with some front-matter fields changed (`undefined` removes one). */
export function changedProject(name: keyof typeof fixtureProjects, changes: Record<string, unknown>): string {
  const meta: Record<string, unknown> = { ...fixtureProjects[name] };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete meta[key];
    else meta[key] = value;
  }
  return projectFile(meta, "Body.\n");
}
