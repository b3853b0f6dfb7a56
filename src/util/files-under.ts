import { type Dirent, existsSync, readdirSync } from "node:fs";
import { resolve, sep } from "node:path";

/** Every entry under `dir` that `keep` keeps (all but folders), relative, `/`-separated, sorted; none if missing. */
export function filesUnder(dir: string, keep = (entry: Dirent) => !entry.isDirectory()): string[] {
  const base = resolve(dir);
  if (!existsSync(base)) return [];
  // Each entry's folder is `base` or below it (path.relative took a third of the time).
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter(keep)
    .map((entry) =>
      `${entry.parentPath}${sep}${entry.name}`
        .slice(base.length + 1)
        .split(sep)
        .join("/"),
    )
    .sort();
}
