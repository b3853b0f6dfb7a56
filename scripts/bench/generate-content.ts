import { appendFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_DOMAIN_PROJECTS } from "../../src/content/content-limits.ts";

/** How much synthetic content to write. */
export interface ContentSize {
  posts: number;
  projects: number;
}

const DOMAINS = [
  "systems",
  "security",
  "medicine",
  "climbing",
  "geospatial",
  "networking",
  "devtools",
  "assistant-tooling",
  "ai",
  "games",
  "audio",
];
const LANGUAGES = ["Python", "Rust", "Go", "TypeScript", "C", "C++", "Zig", "Lua", "Kotlin", "GDScript"];
const TAGS = [
  "cli",
  "embedded",
  "webassembly",
  "offline-first",
  "parser",
  "security",
  "gis",
  "health",
  "audio",
  "ml",
  "tooling",
  "radio",
  "crdt",
  "kernels",
  "testing",
  "web",
  "data",
  "maps",
  "dsp",
  "games",
];
const WORDS =
  "signal buffer parser kernel route offline mesh tile latency schema token cache graph sensor frame packet timer ledger vector index".split(
    " ",
  );

/** Deterministic pseudo-random numbers, so every run benchmarks the same content. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sentence(next: () => number, words = 14): string {
  const picked = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]);
  const text = picked.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(next: () => number): string {
  return Array.from({ length: 4 }, () => sentence(next)).join(" ");
}

/** A post body like a real one: headings, lists, links, fenced code, an image (~450 words). */
function postBody(index: number, next: () => number): string {
  return [
    paragraph(next),
    "## Background",
    `${paragraph(next)} See [the previous post](/blog/posts/post-${Math.max(0, index - 1)}/) and [the spec](https://example.org/spec/${index}).`,
    "- first point about the design\n- second point with `inline code`\n- third point, [linked](https://example.org/)",
    // Each post's code differs, as in a real blog: no block is highlighted once for many posts.
    `\`\`\`rust\nfn main() {\n    let total: u32 = (1..=${index + 10}).sum();\n    println!("post ${index}: {total}");\n}\n\`\`\``,
    "## Results",
    paragraph(next),
    "![A bar chart of the results](../images/chart.png)",
    "### Details",
    `${paragraph(next)} Jump back to [the background](#background).`,
    `\`\`\`python\nfor n in range(${index + 3}):\n    print(n * n, "${sentence(next, 3)}")\n\`\`\``,
    paragraph(next),
    paragraph(next),
  ].join("\n\n");
}

function projectBody(next: () => number): string {
  return [
    paragraph(next),
    "## Usage",
    "```sh\nmake && ./run --fast\n```",
    "- fast\n- small\n- tested",
    paragraph(next),
  ].join("\n\n");
}

/**
 * Writes a complete content tree: the sample's owner files (site, profile, domains, now, key),
 * plus `projects` projects with a matching GitHub snapshot and `posts` blog posts.
 */
export function generateContent(sampleDir: string, targetDir: string, size: ContentSize): void {
  const next = random(size.posts * 31 + size.projects);
  mkdirSync(targetDir, { recursive: true });
  for (const file of ["site.yaml", "profile.yaml", "domains.yaml", "now.yaml", "languages.yaml", "pgp.asc"]) {
    cpSync(join(sampleDir, file), join(targetDir, file));
  }
  // Each sample domain holds MAX_DOMAIN_PROJECTS at most; the rest go to more domains of as many.
  const sampleHolds = DOMAINS.length * MAX_DOMAIN_PROJECTS;
  const clusterOf = (i: number) =>
    i < sampleHolds ? DOMAINS[i % DOMAINS.length] : `more-${Math.floor(i / MAX_DOMAIN_PROJECTS)}`;
  for (let i = sampleHolds; i < size.projects; i += MAX_DOMAIN_PROJECTS) {
    const domain = `- id: ${clusterOf(i)}\n  emoji: "📁"\n  title: More\n  blurb: More projects.\n`;
    appendFileSync(join(targetDir, "domains.yaml"), domain);
  }

  const projects = join(targetDir, "projects");
  mkdirSync(projects, { recursive: true });
  const repositories: Record<string, { stars: number; pushed_at: string | null }> = {};
  for (let i = 0; i < size.projects; i += 1) {
    const name = `project-${String(i).padStart(4, "0")}`;
    const tags = [TAGS[i % TAGS.length], TAGS[(i * 7) % TAGS.length]];
    const languages = [LANGUAGES[i % LANGUAGES.length]];
    writeFileSync(
      join(projects, `${name}.md`),
      `---\nname: ${name}\ntagline: Synthetic project number ${i}\ncluster: ${clusterOf(i)}\nlanguages: [${languages.join(", ")}]\ntags: [${[...new Set(tags)].join(", ")}]\nfeatured: ${i % 9 === 0}\n---\n${projectBody(next)}\n`,
    );
    repositories[`margo-voss/${name}`] = {
      stars: Math.floor(next() * 900),
      pushed_at: i % 13 === 0 ? null : `2026-0${1 + (i % 9)}-1${i % 10}T12:00:00Z`,
    };
  }
  mkdirSync(join(targetDir, "github"), { recursive: true });
  const pulls = Array.from({ length: 40 }, (_, i) => ({
    repo: `upstream-${i % 12}/project`,
    number: 100 + i,
    title: `Synthetic pull request ${i}`,
    state: (["merged", "open", "closed"] as const)[i % 3],
    url: `https://github.com/upstream-${i % 12}/project/pull/${100 + i}`,
    created: `2025-0${1 + (i % 9)}-1${i % 10}`,
    repo_stars: 1000 * ((i % 12) + 1),
  }));
  writeFileSync(
    join(targetDir, "github", "snapshot.json"),
    `${JSON.stringify({ fetched_at: "2026-11-20T03:12:00Z", repositories, pulls }, null, 2)}\n`,
  );

  const blog = join(targetDir, "blog");
  mkdirSync(join(blog, "posts"), { recursive: true });
  mkdirSync(join(blog, "images"), { recursive: true });
  cpSync(join(sampleDir, "blog", "blog.yaml"), join(blog, "blog.yaml"));
  cpSync(join(sampleDir, "blog", "images", "grade-error-chart.png"), join(blog, "images", "chart.png"));
  cpSync(join(sampleDir, "blog", "images", "contour-cover.png"), join(blog, "images", "cover.png"));
  const start = Date.UTC(2014, 0, 1);
  for (let i = 0; i < size.posts; i += 1) {
    const date = new Date(start + i * 86_400_000 * (4000 / Math.max(size.posts, 1)) * 0.9).toISOString().slice(0, 10);
    const tags = [TAGS[i % TAGS.length], TAGS[(i * 3 + 1) % TAGS.length], TAGS[(i * 5 + 2) % TAGS.length]];
    const cover = i % 4 === 0 ? "cover:\n  src: ../images/cover.png\n  alt: A contour map\n" : "";
    writeFileSync(
      join(blog, "posts", `post-${i}.md`),
      `---\ntitle: "Post ${i}: ${sentence(next, 5).slice(0, -1)}"\ndescription: ${sentence(next, 18)}\ndate: ${date}\ntags: [${[...new Set(tags)].join(", ")}]\n${cover}---\n${postBody(i, next)}\n`,
    );
  }
}
