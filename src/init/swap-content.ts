import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { ContentTree } from "./content-tree.ts";

export interface SwapOptions {
  /** Keep the old folder under this name instead of removing it (the owner's own content, with --force). */
  keepOldAs?: string;
  /** Called between writing the staging folder and the renames: tests interrupt init here. */
  beforeSwap?: () => void;
}

/**
 * Replaces the content folder with `tree`, all or nothing. The tree is written to a staging
 * folder beside `dir` (same file system, so renames are atomic); the old folder is renamed
 * aside, the staging folder renamed into place, and only then is the old one removed (or kept
 * as `keepOldAs`). A failure before the second rename puts the old folder back; a process
 * killed in between leaves `dir.init-old-*` beside a missing `dir`, both named in docs/init.md.
 */
export function swapContent(dir: string, tree: ContentTree, options: SwapOptions = {}): void {
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = join(dirname(dir), `.${basename(dir)}.init-staging-${stamp}`);
  const old = join(dirname(dir), `.${basename(dir)}.init-old-${stamp}`);
  try {
    writeTree(staging, tree);
    options.beforeSwap?.();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const hadOld = existsSync(dir);
  if (hadOld) renameSync(dir, old);
  try {
    renameSync(staging, dir);
  } catch (error) {
    if (hadOld) renameSync(old, dir);
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (!hadOld) return;
  if (options.keepOldAs) renameSync(old, options.keepOldAs);
  else rmSync(old, { recursive: true, force: true });
}

/** Writes every file of `tree` under `dir`, making the folders on the way. */
export function writeTree(dir: string, tree: ContentTree): void {
  for (const [path, text] of tree) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
