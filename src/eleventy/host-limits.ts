import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { WrittenFiles } from "../util/written-files.ts";

/** What static hosts take of one site (docs/scaling.md): a build past one says so, and goes on. */
export const HOST_LIMITS = { files: 20_000, bytes: 1_000_000_000 };

/** One warning per host limit the output passes, naming the figure; a file the build wrote is sized from `written`. */
export function hostLimitWarnings(
  outputDir: string,
  written: WrittenFiles = new Map(),
  limits = HOST_LIMITS,
): string[] {
  const files = readdirSync(outputDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const sizeOf = (file: string, kept = written.get(file)) =>
    kept === undefined ? statSync(file).size : typeof kept === "string" ? Buffer.byteLength(kept) : kept.length;
  const bytes = files.reduce((sum, entry) => sum + sizeOf(join(entry.parentPath, entry.name)), 0);
  const warnings: string[] = [];
  if (files.length > limits.files)
    warnings.push(`the site has ${files.length} files: Cloudflare Pages takes at most ${limits.files} a deployment`);
  if (bytes > limits.bytes)
    warnings.push(
      `the site is ${(bytes / 1e9).toFixed(2)} GB: GitHub Pages publishes at most ${limits.bytes / 1e9} GB`,
    );
  return warnings.map((warning) => `[build] Host limit: ${warning} (docs/scaling.md says what to do).`);
}
