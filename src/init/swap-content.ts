import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { ContentTree } from "./content-tree.ts";

/**
 * Replaces the content folder with `tree`, all or nothing, keeping the old folder as `keepOldAs`.
 * The tree is written to a staging folder beside `dir` (same file system, so renames are
 * atomic); the old folder is renamed to `keepOldAs`, then the staging folder into place. A
 * failure before the second rename puts the old folder back; a process killed in between
 * leaves `keepOldAs` beside a missing `dir`, as docs/init.md says. `beforeSwap` runs between
 * the write and the renames: tests interrupt init there.
 */
export function swapContent(dir: string, tree: ContentTree, keepOldAs: string, beforeSwap?: () => void): void {
  const staging = join(dirname(dir), `.${basename(dir)}.init-staging-${process.pid}-${Date.now()}`);
  try {
    writeTree(staging, tree);
    beforeSwap?.();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const hadOld = existsSync(dir);
  if (hadOld) renameSync(dir, keepOldAs);
  try {
    renameSync(staging, dir);
  } catch (error) {
    if (hadOld) renameSync(keepOldAs, dir);
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Writes every file of `tree` under `dir`, making the folders on the way. */
export function writeTree(dir: string, tree: ContentTree): void {
  for (const [path, text] of tree) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
