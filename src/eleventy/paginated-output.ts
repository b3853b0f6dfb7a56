import { existsSync, statSync } from "node:fs";
import type { UserConfig } from "@11ty/eleventy";
import { sameButGenerated } from "../api/envelope.ts";
import { clearWayTo, heldBytes, outputFile, outputPath, unchangedFiles } from "../util/output-path.ts";
import type { WrittenFiles } from "../util/written-files.ts";

/*
 * The one pagination recipe behind every template: its model's data key (a null model, no blog,
 * writes nothing), its items, each one's file (through `outputPath`, never outside the output
 * folder) and rendering. A file the folder already holds with the same bytes is left out, so
 * Eleventy writes only what changed; one that differs is removed, never written into.
 */

type Data = Record<string, unknown>;
const ITEMS = "paginatedOutputItems";

/** Off when the configuration transforms what templates render: their bytes are then not known before. */
let comparing = true;
/**
 * `npm start`: a file that differs only in `meta.generated` is kept (envelope.ts says why), and
 * keys are used (`PaginatedOutput.key`).
 */
let serving = false;

/** `npm start`: each file's key (`PaginatedOutput.key`) in its last build, and in this one. */
let lastKeys = new Map<string, string>();
let keys = new Map<string, string>();

/** Eleventy's own transforms and HTML plugin: they leave a page without bundles as it was rendered. */
const ELEVENTY_OWN = new Set([
  "@11ty/eleventy-bundle",
  "@11ty/eleventy-bundle/delayed",
  "@11ty/eleventy/html-transformer",
  "11ty/eleventy-bundle/prune-empty",
]);

/** Whether the configuration rewrites rendered text: a transform, or a plugin or URL rewrite of Eleventy's HTML transformer. */
export function transformsText(config: UserConfig): boolean {
  const { callbacks, plugins } = config.htmlTransformer;
  return (
    Object.values(callbacks).some((list) => list.length > 0) ||
    [
      ...Object.keys(config.transforms),
      ...Object.values(plugins).flatMap((list) => list.map((one) => one.name ?? "")),
    ].some((name) => !ELEVENTY_OWN.has(name))
  );
}

/** Whether a file the output folder holds is compared with what this build renders (see the top). */
export function compareWithOutput(on: boolean, preview = false): void {
  comparing = on;
  serving = preview;
  keys.clear();
}

/**
 * `npm start`: each text file its last build left in the folder, with its size and time then.
 * A file still of that size and time holds that text: the same text rendered again (but for
 * the build's time) is known unchanged, and another known changed, without reading or encoding
 * megabytes (make's rule).
 */
const lastBuild = new Map<string, { text: string; size: number; mtimeMs: number }>();

export function rememberOutput(files: WrittenFiles): void {
  lastBuild.clear();
  for (const [file, text] of files) {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (typeof text === "string" && stats) lastBuild.set(file, { text, size: stats.size, mtimeMs: stats.mtimeMs });
  }
  [lastKeys, keys] = [keys, new Map()];
}

/** The text of the last build the folder's `file` still holds (its size and time then), if any. */
function lastText(file: string): string | undefined {
  const last = lastBuild.get(file);
  const stats = last && statSync(file, { throwIfNoEntry: false });
  return last && stats?.size === last.size && stats.mtimeMs === last.mtimeMs ? last.text : undefined;
}

/** What the folder's `file` holds, when it is `text` (under `npm start`, but for its time): that text, or its bytes. */
function unchanged(file: string, text: string): string | Buffer | undefined {
  const last = lastText(file);
  if (last !== undefined) return last === text || sameButGenerated(text, last) ? last : undefined;
  const bytes = Buffer.from(text);
  const held = heldBytes(file, bytes.length);
  // Under `npm start` as its text, which the next build then finds in `lastBuild` without reading it.
  if (held?.equals(bytes)) return serving ? text : bytes;
  // `npm start`'s first build over the folder an earlier run or build wrote.
  const heldText = serving ? held?.toString() : undefined;
  return heldText !== undefined && sameButGenerated(text, heldText) ? heldText : undefined;
}

/** What an `.11ty.ts` template module exports. */
export interface TemplateModule {
  data: Data;
  render(data: Data): string;
}

export interface PaginatedOutput<M, T> {
  /** Global data key of the model. */
  modelKey: string;
  items(model: M): T[];
  /** Output file relative to the output folder, or null to write none for this item. */
  file(model: M, item: T): string | null;
  /** The template's whole data is there for what the model does not hold. */
  render(model: M, item: T, data: Data): string;
  /**
   * Under `npm start`, what the item's file reads, as a key: a file whose key is its last
   * build's, and which the folder still holds as that build left it, is not rendered again.
   */
  key?(model: M, item: T): string | undefined;
}

export function paginatedOutput<M, T>(spec: PaginatedOutput<M, T>): TemplateModule {
  // The changed files' text, rendered while comparing, by output path.
  const rendered = new Map<string, string>();
  return {
    data: {
      [ITEMS]: [],
      pagination: {
        data: ITEMS,
        size: 1,
        alias: "outputItem",
        before: (_: unknown, full: Data) => {
          const model = full[spec.modelKey] as M | null;
          const outputDir = (full.eleventy as { directories: { output: string } }).directories.output;
          rendered.clear();
          return !model
            ? []
            : spec.items(model).filter((item) => {
                const path = spec.file(model, item);
                if (path === null) return false;
                const file = outputFile(outputDir, path);
                const key = comparing && serving ? spec.key?.(model, item) : undefined;
                if (key !== undefined) keys.set(file, key);
                let held: string | Buffer | undefined =
                  key !== undefined && lastKeys.get(file) === key ? lastText(file) : undefined;
                // A file of `npm start`'s last build: `unchanged` looks at it anyway (one call less a file).
                if (held === undefined && comparing && (lastBuild.has(file) || existsSync(file))) {
                  const text = spec.render(model, item, full);
                  held = unchanged(file, text);
                  if (held === undefined) rendered.set(path, text);
                }
                if (held !== undefined) unchangedFiles.set(file, held);
                else clearWayTo(file);
                return held === undefined;
              });
        },
      },
      permalink: (d: Data) => {
        const file = spec.file(d[spec.modelKey] as M, d.outputItem as T);
        return file === null ? file : outputPath(file);
      },
      eleventyExcludeFromCollections: true,
    },
    render: (d) => {
      const [model, item] = [d[spec.modelKey] as M, d.outputItem as T];
      return rendered.get(spec.file(model, item) as string) ?? spec.render(model, item, d);
    },
  };
}
