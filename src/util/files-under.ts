import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Every file under `dir` (not its folders), relative to it with `/` separators, sorted; none when it is missing. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}
