import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";

/** The sample owner's GitHub login, as the shipped `site.yaml` names it. */
const SAMPLE_LOGIN = "margo-voss";

/** The sample's project files (without `.md`): a file outside this list is the owner's own. */
const SAMPLE_PROJECTS = new Set(
  "PeakLog Sporeline benchdiff bramble cinder-sched contourline dnsquill dosewise dungeon-loom fhirpath-rs fuzzbucket gitgraft gpx-mend gradeconv grainfield hangboard-timer hl7.lint kestrel-os keyring-lite lanternfall lintwright mcp-logbook meshnet-lora midiroute nvim-margins offgrid-tiles pagewalk pcap.tui promptdiff quantkit ringlet route-grader saltmarsh sigtrail tinyembed topo-press".split(
    " ",
  ),
);

/** The sample's posts (without `.md`). */
const SAMPLE_POSTS = new Set(
  "a-year-of-lora-in-the-valley booting-kestrel-on-risc-v conflict-free-logbooks contour-lines-from-srtm faust-for-programmers fhirpath-in-the-browser fuzzing-parsers-with-a-shared-corpus grading-board-problems-with-graphs half-written-thoughts-on-zig hangboard-timer-with-a-load-cell maintaining-alone-without-burning-out offline-maps-for-flood-teams repairing-gps-tracks-whose-clocks-jumped ropes-and-dynamic-belays what-hl7-v2-taught-me who-signed-that-commit winter-mesh-report zero-bars-design".split(
    " ",
  ),
);

/** What the content folder holds, as init sees it. */
export type ContentKind = { kind: "absent" } | { kind: "sample" } | { kind: "own"; why: string };

/**
 * Tells the shipped sample from the owner's content: `site.yaml` still names the sample's login,
 * and every project and post file is one the sample ships. Anything else is the owner's.
 */
export function classifyContent(dir: string): ContentKind {
  if (!existsSync(dir) || readdirSync(dir).length === 0) return { kind: "absent" };
  if (!lstatSync(dir).isDirectory()) return { kind: "own", why: `${dir} is not a folder` };
  let login: unknown = null;
  try {
    const site: unknown = yaml.load(readFileSync(join(dir, "site.yaml"), "utf8"));
    login = typeof site === "object" && site !== null ? (site as Record<string, unknown>).github : null;
  } catch {
    return { kind: "own", why: "site.yaml is missing or is not the sample's" };
  }
  const named = `site.yaml names the GitHub login ${JSON.stringify(String(login))}, not the sample's ${SAMPLE_LOGIN}`;
  if (login !== SAMPLE_LOGIN) return { kind: "own", why: named };
  const extra = [
    ...filesOutside(join(dir, "projects"), SAMPLE_PROJECTS).map((file) => `projects/${file}`),
    ...filesOutside(join(dir, "blog", "posts"), SAMPLE_POSTS).map((file) => `blog/posts/${file}`),
  ];
  const listed = `${extra.slice(0, 5).join(", ")}${extra.length > 5 ? ", …" : ""}`;
  if (extra.length > 0) return { kind: "own", why: `files the sample does not ship: ${listed}` };
  return { kind: "sample" };
}

function filesOutside(dir: string, known: ReadonlySet<string>): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => !(file.endsWith(".md") && known.has(file.slice(0, -3))))
    .sort();
}
