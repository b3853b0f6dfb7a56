import { basename, join } from "node:path";
import type { Static, TObject, TSchema } from "@sinclair/typebox";
import { checkShape } from "./check-shape.ts";
import { ProblemList } from "./content-error.ts";
import {
  DomainsFile,
  InProgressFile,
  LanguagesFile,
  NowFile,
  ProfileFile,
  ProjectFrontMatter,
  ResumeFile,
  type DomainEntry,
} from "./content-schemas.ts";
import { MAX_DOMAIN_PROJECTS } from "./content-limits.ts";
import { spellingProblems } from "./name-spellings.ts";
import { readPublicKey, type PublicKeyInfo } from "./pgp-key.ts";
import { contentFileExists, displayPath, listFiles, readFrontMatter, readYaml } from "./read-files.ts";

/** A project file as authored: its checked front matter and its Markdown body. */
export interface ProjectSource {
  file: string;
  meta: ProjectFrontMatter;
  body: string;
  /** The line of the file on which `body` starts. */
  bodyLine: number;
}

/** Every authored input of the portfolio, checked file by file and across files. */
export interface PortfolioContent {
  profile: ProfileFile;
  domains: DomainEntry[];
  projects: ProjectSource[];
  now: NowFile;
  inProgress: InProgressFile;
  languageColors: LanguagesFile;
  pgp: PublicKeyInfo | null;
  /** resume.yaml: work history and education for the JSON Resume; absent when there is no file. */
  resume?: ResumeFile;
}

/** A project file whose front matter was refused: its writeup, name and cluster are still checked. */
export type RefusedProject = Omit<ProjectSource, "meta"> & { name?: string; cluster?: string };

/** Reads `content/`: each file against its schema, then the rules across files; all problems at once. */
export async function loadPortfolioContent(contentDir: string): Promise<PortfolioContent> {
  const problems = new ProblemList();
  const { content } = await readPortfolioContent(contentDir, problems);
  problems.throwIfAny();
  return content;
}

/**
 * The same reading, adding its problems to `problems` and returning what did parse (a refused
 * project's body, now.yaml's sound sections) for the later checks; publishable only without problems.
 */
export async function readPortfolioContent(
  contentDir: string,
  problems: ProblemList,
): Promise<{ content: PortfolioContent; refusedProjects: RefusedProject[] }> {
  const read = <T extends TSchema, F>(schema: T, name: string, fallback: F, optional = false): Static<T> | F => {
    const file = join(contentDir, name);
    if (optional && !contentFileExists(file)) return fallback;
    return problems.collect(() => checkShape(schema, readYaml(file, contentDir), file), fallback);
  };

  const profile = read(ProfileFile, "profile.yaml", undefined as unknown as ProfileFile);
  const domains = read(DomainsFile, "domains.yaml", null);
  const now = readNow(contentDir, problems);
  const inProgress = read(InProgressFile, "in-progress.yaml", [], true);
  const languageColors = read(LanguagesFile, "languages.yaml", {}, true);
  const resume = read(ResumeFile, "resume.yaml", {}, true);
  const { projects, refusedProjects } = readProjects(contentDir, problems);
  const pgp = problems.collect(() => readPublicKey(join(contentDir, "pgp.asc"), contentDir), null);
  // Cross-file rules run on whatever did parse, so one build shows every problem; without a
  // readable domains.yaml every cluster would look unknown, which would only be noise.
  const named = [...projects.map(({ file, meta }) => ({ file, ...meta })), ...refusedProjects];
  if (domains) checkAcrossFiles(contentDir, domains, named, inProgress, problems);
  checkSpellings(contentDir, projects, languageColors, problems);
  checkResumeDates(contentDir, resume, problems);
  return {
    content: { profile, domains: domains ?? [], projects, now, inProgress, languageColors, pgp, resume },
    refusedProjects,
  };
}

/** now.yaml; when it is refused (a wrong date), its sections if they are sound on their own. */
function readNow(contentDir: string, problems: ProblemList): NowFile {
  const file = join(contentDir, "now.yaml");
  const none: NowFile = { updated: "1970-01-01", sections: [] };
  const parsed = problems.collect(() => ({ data: readYaml(file, contentDir) }), null);
  if (!parsed) return none;
  const checked = problems.collect(() => checkShape(NowFile, parsed.data, file), null);
  return checked ?? { ...none, ...soundFields(NowFile, parsed.data, ["sections"]) };
}

function readProjects(
  contentDir: string,
  problems: ProblemList,
): { projects: ProjectSource[]; refusedProjects: RefusedProject[] } {
  const dir = join(contentDir, "projects");
  const files = problems.collect(() => listFiles(dir, ".md", contentDir), null);
  if (files?.length === 0) {
    problems.add({ file: displayPath(dir), field: "(folder)", expected: "at least one project file (NAME.md)" });
  }
  const projects: ProjectSource[] = [];
  const refusedProjects: RefusedProject[] = [];
  // A checkout on a case-insensitive file system (macOS, Windows) would keep only one of them.
  const fileNames = new Map<string, string>();
  for (const file of files ?? []) {
    const key = basename(file).toLowerCase();
    const taken = fileNames.get(key);
    if (taken) {
      const expected = `a file name no other project file has, ignoring case (${taken} has it)`;
      problems.add({ file: displayPath(file), field: "(file name)", expected });
    } else fileNames.set(key, displayPath(file));
    const document = problems.collect(() => readFrontMatter(file, contentDir), null);
    if (!document) continue;
    const meta = problems.collect(() => checkShape(ProjectFrontMatter, document.data, file), null);
    if (meta) projects.push({ file, meta, body: document.body, bodyLine: document.bodyLine });
    else {
      const sound = soundFields(ProjectFrontMatter, document.data, ["name", "cluster"]);
      refusedProjects.push({ file, body: document.body, bodyLine: document.bodyLine, ...sound });
    }
  }
  return { projects, refusedProjects };
}

/** The fields of refused data that pass their own rules (their problems are already listed). */
function soundFields<T extends TObject>(schema: T, data: unknown, keys: (keyof T["properties"] & string)[]) {
  const fields: Record<string, unknown> = typeof data === "object" && data !== null ? { ...data } : {};
  const sound: Record<string, unknown> = {};
  for (const key of keys) {
    const value = new ProblemList().collect(
      () => checkShape(schema.properties[key] as TSchema, fields[key], ""),
      undefined,
    );
    if (value !== undefined) sound[key] = value;
  }
  return sound as Partial<Static<T>>;
}

function checkAcrossFiles(
  contentDir: string,
  domains: DomainEntry[],
  projects: { file: string; name?: string; cluster?: string }[],
  inProgress: InProgressFile,
  problems: ProblemList,
): void {
  const domainsFile = displayPath(join(contentDir, "domains.yaml"));
  const domainIds = new Set<string>();
  const unique = "an id used by no other domain";
  domains.forEach((domain, index) => {
    if (domainIds.has(domain.id))
      problems.add({ file: domainsFile, field: `[${index}].id`, expected: unique, actual: domain.id });
    domainIds.add(domain.id);
  });

  // Names are compared without case: GitHub and case-insensitive file systems treat them so.
  const owners = new Map([["index.html", "the projects page, projects/index.html,"]]);
  const claim = (name: string, file: string, field: string, rule: string): void => {
    const taken = owners.get(name.toLowerCase());
    if (taken) problems.add({ file, field, expected: `${rule} (${taken} has it)`, actual: name });
    else owners.set(name.toLowerCase(), file);
  };
  const known = `one of the domain ids in domains.yaml (${[...domainIds].join(", ")})`;
  for (const project of projects) {
    const file = displayPath(project.file);
    const { name, cluster } = project;
    if (cluster !== undefined && !domainIds.has(cluster))
      problems.add({ file, field: "cluster", expected: known, actual: cluster });
    if (name !== undefined) claim(name, file, "name", "a name used by no other project");
  }
  for (const [id, members] of Map.groupBy(projects, (project) => project.cluster ?? "")) {
    const past = members[MAX_DOMAIN_PROJECTS];
    const expected = `a domain of at most ${MAX_DOMAIN_PROJECTS} projects, as each lists the others (there are ${members.length.toLocaleString("en")}; this is the first past the limit)`;
    if (past && domainIds.has(id))
      problems.add({ file: displayPath(past.file), field: "cluster", expected, actual: id });
  }
  const inProgressFile = displayPath(join(contentDir, "in-progress.yaml"));
  for (const [index, item] of inProgress.entries())
    claim(item.name, inProgressFile, `[${index}].name`, "a name no published project uses");
}

/** Nothing may end before it starts, at the precision both give (an end `2019` is not before `2019-04`). */
function checkResumeDates(contentDir: string, resume: ResumeFile, problems: ProblemList): void {
  const file = displayPath(join(contentDir, "resume.yaml"));
  const spans = [
    ...(resume.work ?? []).map((entry, index) => ({ field: `work[${index}]`, ...entry })),
    ...(resume.education ?? []).map((entry, index) => ({ field: `education[${index}]`, ...entry })),
  ];
  for (const { field, start, end } of spans) {
    if (!start || !end) continue;
    const precision = Math.min(start.length, end.length);
    if (end.slice(0, precision) < start.slice(0, precision))
      problems.add({ file, field: `${field}.end`, expected: `a date no earlier than start (${start})`, actual: end });
  }
}

/**
 * `ZIG` and `zig` would be two tags: tags are compared by slug, as the blog's are; languages
 * (languages.yaml's keys included) without case only, since `C`, `C++` and `C#` share a slug.
 */
function checkSpellings(
  contentDir: string,
  projects: ProjectSource[],
  languageColors: LanguagesFile,
  problems: ProblemList,
): void {
  const uses = (field: "tags" | "languages") =>
    projects.flatMap(({ file, meta }) =>
      (meta[field] ?? []).map((name, index) => ({ where: displayPath(file), field: `${field}[${index}]`, name })),
    );
  const languagesFile = displayPath(join(contentDir, "languages.yaml"));
  const colorKeys = Object.keys(languageColors).map((name) => ({ where: languagesFile, field: name, name }));
  const tagProblems = spellingProblems(uses("tags"), { thing: "tag", across: "every project" });
  const languageProblems = spellingProblems([...uses("languages"), ...colorKeys], {
    thing: "language",
    across: "every project and in languages.yaml",
    keyOf: (name) => name.toLowerCase(),
  });
  for (const problem of [...tagProblems, ...languageProblems]) problems.add(problem);
}
