import { readdirSync, rmdirSync, unlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { isInside } from "../util/output-path.ts";
import { checkOutputFolder } from "./output-folder.ts";

/*
 * Where a build writes into an existing folder (`npm start`, `npx eleventy`, or `npm run build`
 * over the spare), it then deletes every file it did not write, and after failed checks
 * everything, so no rejected file is served (docs/deployment.md).
 */

/**
 * Whether this build may delete in `outputDir`: never when it holds the project or its content
 * (`--output=.`); a folder of files no build of this site wrote stops the build.
 */
export function mayClean(outputDir: string, keep: readonly string[]): boolean {
  if (keep.some((folder) => isInside(folder, outputDir))) return false;
  checkOutputFolder(outputDir, []);
  return true;
}

/**
 * Deletes every file under `outputDir` that is not in `written` (absolute paths; none: it
 * empties the folder, which the dev server still serves), then the folders left empty; `skip`,
 * a folder inside, is left as it is.
 */
export function removeUnwritten(outputDir: string, written: ReadonlySet<string>, skip?: string): void {
  const sweep = (dir: string): boolean => {
    let empty = true;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // Kept: `skip`, a written file, a folder that still holds one.
      const kept = path === skip || (entry.isDirectory() ? !sweep(path) : written.has(path));
      if (kept) empty = false;
      else if (entry.isDirectory()) rmdirSync(path);
      else unlinkSync(path);
    }
    return empty;
  };
  sweep(resolve(outputDir));
}
