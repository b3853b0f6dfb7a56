import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** What version control says about the post files. */
export interface GitHistory {
  /** Why history could not be used, or null when it was. */
  unavailable: string | null;
  /** Last commit date (ISO 8601) of each file, by absolute path. */
  lastCommit: ReadonlyMap<string, string>;
}

/** Where the folder is: the repository's top level and whether the clone is shallow, in one process. */
const WHERE = ["rev-parse", "--show-toplevel", "--is-shallow-repository"];
/** Run on "." from inside the folder; quotePath off so names like `über.md` come back as written. */
const LOG = ["-c", "core.quotePath=false", "log", "--format=%x00%cI", "--name-only", "--no-renames", "--", "."];
const MAX_OUTPUT = 64 * 1024 * 1024;

/**
 * When each file under `folder` was last committed, from one `git log`. Outside a repository or
 * in a shallow clone (which would date every file to its tip), history is unavailable.
 */
export function readGitHistory(folder: string): GitHistory {
  const git = (args: string[]) => spawnSync("git", args, { cwd: folder, encoding: "utf8", maxBuffer: MAX_OUTPUT });
  // A status of null: git could not run at all.
  const where = git(WHERE);
  if (where.status !== 0) return { unavailable: "not in a git repository", lastCommit: new Map() };
  const [root = "", shallow] = where.stdout.split("\n");
  if (shallow?.trim() === "true")
    return { unavailable: "a shallow clone (fetch the full history)", lastCommit: new Map() };
  const log = git(LOG);
  if (log.status !== 0) return { unavailable: `git log failed: ${log.stderr.trim()}`, lastCommit: new Map() };

  // git names files from the real repository root; callers know them by the folder they gave,
  // which may lie behind a symbolic link.
  const given = resolve(folder);
  const real = realpathSync(given);
  const lastCommit = new Map<string, string>();
  let date = "";
  for (const line of log.stdout.split("\n")) {
    if (line.startsWith("\u0000")) date = line.slice(1);
    else if (line.trim() !== "") {
      const file = join(given, relative(real, resolve(root, line)));
      // Newest commits come first: the first date seen for a file is its last change.
      if (!lastCommit.has(file)) lastCommit.set(file, date);
    }
  }
  return { unavailable: null, lastCommit };
}
