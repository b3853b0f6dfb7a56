import { statSync } from "node:fs";
import { join, relative } from "node:path";
import type { WrittenFiles } from "../util/written-files.ts";

/** What static hosts take of one site (docs/scaling.md): a build past one says so, and goes on. */
export const HOST_LIMITS = { files: 20_000, bytes: 1_000_000_000, fileBytes: 25 * 1024 * 1024 };

/**
 * One warning per host limit the output passes, naming the figure: `listed`, the folder's files
 * (`filesUnder`); a file the build wrote is sized from `written`.
 */
export function hostLimitWarnings(
  outputDir: string,
  listed: readonly string[],
  written: WrittenFiles = new Map(),
  limits = HOST_LIMITS,
): string[] {
  const files = listed.map((file) => join(outputDir, file));
  const sizeOf = (file: string, kept = written.get(file)) =>
    kept === undefined ? statSync(file).size : typeof kept === "string" ? Buffer.byteLength(kept) : kept.length;
  const sized = files.map((file) => ({ file, size: sizeOf(file) }));
  const bytes = sized.reduce((sum, { size }) => sum + size, 0);
  const largest = sized.reduce((max, one) => (one.size > max.size ? one : max), { file: "", size: 0 });
  const warnings: string[] = [];
  if (files.length > limits.files)
    warnings.push(`the site has ${files.length} files: Cloudflare Pages takes at most ${limits.files} a deployment`);
  if (bytes > limits.bytes)
    warnings.push(
      `the site is ${(bytes / 1e9).toFixed(2)} GB: GitHub Pages publishes at most ${limits.bytes / 1e9} GB`,
    );
  if (largest.size > limits.fileBytes)
    warnings.push(
      `${relative(outputDir, largest.file)} is ${(largest.size / 2 ** 20).toFixed(1)} MiB: Cloudflare Pages takes files of at most ${limits.fileBytes / 2 ** 20} MiB`,
    );
  return warnings.map((warning) => `[build] Host limit: ${warning} (docs/scaling.md says what to do).`);
}
