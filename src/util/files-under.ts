import { type Dirent, existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Every entry under `dir` that `keep` keeps (all but folders), relative, `/`-separated, sorted; none if missing. */
export function filesUnder(dir: string, keep = (entry: Dirent) => !entry.isDirectory()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(keep)
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}
