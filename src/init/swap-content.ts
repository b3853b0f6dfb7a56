import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { ContentTree } from "./content-tree.ts";

/**
 * Replaces the content folder with `tree`, all or nothing, keeping the old folder as `keepOldAs`:
 * the tree is staged beside `dir` (renames on one file system are atomic), then two renames; a
 * failed second one puts the old folder back (docs/init.md). `beforeSwap` is a test hook.
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
