import yaml from "js-yaml";
import { DateTime } from "luxon";
import { MAX_DOMAIN_PROJECTS } from "../content/content-limits.ts";
import { REPOSITORY_NAME_PATTERN } from "../schemas/common.ts";
import { isPublishableUrl } from "../github/entry-check.ts";
import type { PullRecord } from "../github/facts.ts";
import { withoutControlCharacters } from "../util/control-characters.ts";
import { xmlDocument } from "../util/xml.ts";
import type { OwnedRepository } from "./list-repositories.ts";
import { firstParagraphs } from "./readme-excerpt.ts";
import { checkRepositoryValues, isTag, shown } from "./repository-entry.ts";

/** What the owner answered (or passed as flags). */
export interface InitAnswers {
  name: string;
  login: string;
  siteUrl: string;
  timezone: string;
  blog: boolean;
}

/** A content tree to write: paths relative to the content folder, and their text. */
export type ContentTree = Map<string, string>;

/** Language of a repository GitHub gives none for: a project needs at least one. */
export const NO_LANGUAGE = "Other";

/** The catch-all domain, and the only one when topics propose none. */
const DEFAULT_DOMAIN = { id: "projects", emoji: "🧰", title: "Projects", blurb: "Things I build and maintain." };

const PROJECT_NAME = new RegExp(REPOSITORY_NAME_PATTERN);
/** Most domains proposed from topics; the rest of the projects go to the catch-all. */
const MAX_TOPIC_DOMAINS = 6;

/**
 * The repositories that can become projects, through the GitHub entry check: a name the build
 * refuses is skipped, not renamed (it finds the stars by it); one listed twice is used once.
 * `lines` say what was skipped or changed.
 */
export function usableRepositories(repositories: readonly OwnedRepository[]): {
  usable: OwnedRepository[];
  lines: string[];
} {
  const usable: OwnedRepository[] = [];
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const repository of repositories) {
    const name = shown(repository.name);
    if (repository.isFork || repository.isArchived) continue;
    if (!PROJECT_NAME.test(repository.name)) {
      lines.push(
        `skipped ${name}: not a project name the build accepts (1-100 of A-Z a-z 0-9 . _ -, not starting with .)`,
      );
    } else if (usable.some((other) => other.name === repository.name)) {
      lines.push(`left out a second ${name}: GitHub listed it more than once`);
    } else if (seen.has(repository.name.toLowerCase())) {
      lines.push(`skipped ${name}: another repository has the same name ignoring case`);
    } else {
      seen.add(repository.name.toLowerCase());
      const checked = checkRepositoryValues(repository);
      lines.push(...checked.lines);
      usable.push(checked.repository);
    }
  }
  return { usable, lines };
}

/** One line of plain text: no control characters, no line breaks, trimmed. */
function oneLine(text: string): string {
  return withoutControlCharacters(text).replace(/\s+/g, " ").trim();
}

/** Topics as tags: GitHub's topics are lowercase words with hyphens; anything else is left out. */
function tagsOf(repository: OwnedRepository): string[] {
  return [...new Set(repository.topics.filter(isTag))];
}

/**
 * Domains from topics: each topic that two or more projects share (most shared first, then by
 * name), up to six; a project joins the first of its topics that is a domain, else the
 * catch-all `projects`. Only domains with a project are written, in chunks of at most
 * MAX_DOMAIN_PROJECTS projects.
 */
export function proposeDomains(repositories: readonly OwnedRepository[]): {
  domains: (typeof DEFAULT_DOMAIN)[];
  clusterOf: Map<string, string>;
} {
  const counts = new Map<string, number>();
  for (const repository of repositories)
    for (const tag of tagsOf(repository)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const chosen = [...counts.entries()]
    .filter(([topic, count]) => count >= 2 && topic !== DEFAULT_DOMAIN.id)
    .sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_TOPIC_DOMAINS)
    .map(([topic]) => topic);
  // A domain holds at most MAX_DOMAIN_PROJECTS (each of its projects lists the others): the
  // rest of a topic's projects go on in `{topic}-2`, `{topic}-3`…
  const clusterOf = new Map<string, string>();
  const members = new Map<string, number>();
  for (const repository of repositories) {
    const topic = tagsOf(repository).find((tag) => chosen.includes(tag)) ?? DEFAULT_DOMAIN.id;
    const count = (members.get(topic) ?? 0) + 1;
    members.set(topic, count);
    const part = Math.ceil(count / MAX_DOMAIN_PROJECTS);
    clusterOf.set(repository.name, part === 1 ? topic : `${topic}-${part}`);
  }
  const domains = [...chosen, DEFAULT_DOMAIN.id].flatMap((topic) => {
    const domain =
      topic === DEFAULT_DOMAIN.id
        ? DEFAULT_DOMAIN
        : {
            id: topic,
            emoji: "📁",
            title: topic.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()).replaceAll("-", " "),
            blurb: `Projects tagged ${topic} on GitHub.`,
          };
    const parts = Math.ceil((members.get(topic) ?? 0) / MAX_DOMAIN_PROJECTS);
    return Array.from({ length: parts }, (_, i) =>
      i === 0 ? domain : { ...domain, id: `${topic}-${i + 1}`, title: `${domain.title} (${i + 1})` },
    );
  });
  if (domains.length === 0) domains.push(DEFAULT_DOMAIN);
  return { domains, clusterOf };
}

function dump(value: unknown, sortKeys = false): string {
  return yaml.dump(value, { lineWidth: -1, noRefs: true, quotingType: '"', sortKeys });
}

function projectFile(repository: OwnedRepository, cluster: string, featured: boolean): string {
  const tagline = oneLine(repository.description ?? "") || repository.name;
  const languages = repository.languages.map((language) => oneLine(language.name)).filter((name) => name !== "");
  const tags = tagsOf(repository);
  const front: Record<string, unknown> = {
    name: repository.name,
    tagline,
    cluster,
    languages: languages.length > 0 ? [...new Set(languages)] : [NO_LANGUAGE],
  };
  if (tags.length > 0) front.tags = tags;
  if (featured) front.featured = true;
  if (repository.homepageUrl && isPublishableUrl(repository.homepageUrl.trim()))
    front.demo = repository.homepageUrl.trim();
  const writeup = (repository.readme && firstParagraphs(repository.readme)) || `${tagline}\n`;
  return `---\n${dump(front)}---\n${writeup}`;
}

/** A project for a site made without GitHub: replace it with your own. */
const EXAMPLE_PROJECT: OwnedRepository = {
  name: "example-project",
  description: "An example project: copy this file once per repository, then delete it",
  homepageUrl: null,
  stars: 0,
  pushedAt: null,
  languages: [{ name: "Markdown", color: "#083fa1" }],
  topics: [],
  readme: null,
  isFork: false,
  isArchived: false,
};

/**
 * The new content tree, from the answers and the chosen repositories (none: one example
 * project); `pulls` is null without live data. Every file comes from a serializer, never a
 * template, so no answer can break a file's syntax.
 */
export function contentTree(
  answers: InitAnswers,
  chosen: readonly OwnedRepository[],
  featured: ReadonlySet<string>,
  now: Date,
  pulls: readonly PullRecord[] | null,
): ContentTree {
  const tree: ContentTree = new Map();
  const name = oneLine(answers.name);
  // The day in the owner's zone: the build reads a bare date there, and a UTC date ahead of it would schedule the post.
  const today = DateTime.fromJSDate(now, { zone: answers.timezone }).toISODate();
  const siteUrl = answers.siteUrl.replace(/\/+$/, "");
  const projects = chosen.length > 0 ? chosen : [EXAMPLE_PROJECT];

  tree.set(
    "site.yaml",
    dump({
      url: siteUrl,
      title: name,
      description: `Portfolio and API of ${name}`,
      timezone: answers.timezone,
      github: answers.login,
      api: {
        name: `${answers.login.toLowerCase()}-portfolio`,
        description: `Projects, domains and pull requests of ${name} as static JSON.`,
      },
      // Without a blog of its own, the portfolio reads its posts from a feed: an empty one.
      blog: answers.blog ? { url: "/blog/" } : { url: "/blog/", feed: "blog/feed.xml" },
    }),
  );
  tree.set(
    "profile.yaml",
    `# Written by npm run init: replace each placeholder with your own; add links and contact methods (docs/content-format.md).\n${dump(
      {
        name,
        handle: answers.login,
        headline: `Software by ${name}`,
        summary: `${name} builds and maintains the projects below.`,
        focus: "What I am working on now",
        certifications: [],
        open_to_work: { open: false, text: null },
        // Only what init knows: more links (mastodon, linkedin, …) and contact methods are the owner's to add.
        links: { github: `https://github.com/${answers.login}` },
        contact: {},
      },
    )}`,
  );

  const { domains, clusterOf } = proposeDomains(projects);
  tree.set("domains.yaml", dump(domains));
  for (const repository of projects) {
    const cluster = clusterOf.get(repository.name) ?? DEFAULT_DOMAIN.id;
    tree.set(`projects/${repository.name}.md`, projectFile(repository, cluster, featured.has(repository.name)));
  }

  const colours: Record<string, string> = {};
  for (const repository of projects)
    for (const language of repository.languages)
      if (language.color && /^#[0-9A-Fa-f]{6}$/.test(language.color)) colours[oneLine(language.name)] = language.color;
  if (Object.keys(colours).length > 0) tree.set("languages.yaml", dump(colours, true));

  tree.set("now.yaml", dump({ updated: today, sections: [] }));
  tree.set("in-progress.yaml", "[]\n");

  const repositories: Record<string, { stars: number; pushed_at: string | null }> = {};
  if (pulls !== null)
    for (const repository of [...chosen].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
      repositories[`${answers.login}/${repository.name}`] = { stars: repository.stars, pushed_at: repository.pushedAt };
  const snapshot = { fetched_at: now.toISOString().replace(/\.\d{3}Z$/, "Z"), repositories, pulls: pulls ?? [] };
  tree.set("github/snapshot.json", `${JSON.stringify(snapshot, null, 2)}\n`);

  if (!answers.blog) {
    const channel = [
      { name: "title", text: `${name}: posts` },
      { name: "link", text: `${siteUrl}/blog/` },
      { name: "description", text: `Posts by ${name}.` },
    ];
    const rss = { name: "rss", attributes: { version: "2.0" }, children: [{ name: "channel", children: channel }] };
    tree.set("blog/feed.xml", xmlDocument(rss));
  } else {
    // A project site (https://LOGIN.github.io/REPO/) is built from REPO; a guess for any other URL.
    const repository = /^https:\/\/[^/]+\.github\.io\/([^/]+)/i.exec(siteUrl)?.[1] ?? `${answers.login}.github.io`;
    tree.set(
      "blog/blog.yaml",
      dump({
        title: `${name}'s notes`,
        tagline: "Notes on what I build",
        description: `Posts by ${name} on the projects of this site.`,
        language: "en",
        api: { name: `${answers.login.toLowerCase()}-blog` },
        links: [{ label: "Portfolio", url: `${siteUrl}/` }],
        schedule: "New posts when there is something to say.",
        source: {
          repository: `https://github.com/${answers.login}/${repository}`,
          branch: "main",
          path: "content/blog/posts",
        },
      }),
    );
    tree.set(
      "blog/posts/hello-world.md",
      `---\n${dump({ title: "Hello, world", description: "The first post of this blog: replace it with your own.", date: today, tags: ["meta"] })}---\nThis site was made by \`npm run init\`. Write posts as Markdown files in \`content/blog/posts/\`.\n`,
    );
  }
  return tree;
}
