import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Manifest, type ManifestFile } from "../schemas/manifest.ts";
import { buildCacheDir, contentKey, keepEntry, readEntry } from "../util/build-cache.ts";
import { outputFile, writeOutputFile } from "../util/output-path.ts";
import type { WrittenFiles } from "../util/written-files.ts";
import { COMMON_API_PATHS, fillPath } from "../config/site-paths.ts";
import { generatedLine } from "./envelope.ts";
import { renderRouteFile, routePermalink } from "./render-file.ts";
import {
  availableRoutes,
  expandParams,
  mediaTypeOf,
  outputPath,
  routeUrl,
  type ApiDefinition,
  type Route,
} from "./route.ts";

/*
 * The manifest of an API (docs/api-clients.md, "A manifest to sync by"): every other file with
 * its size, the SHA-256 of its bytes and a content digest without the build's metadata, so a
 * client polls one file. It describes the bytes Eleventy wrote, so the after-build hook writes
 * it (src/eleventy/plugin.ts), before the validation that checks it like every file.
 */

/** The manifest's operation id in both route tables. */
export const MANIFEST_ROUTE_ID = "getManifest";

/** Whether a route's file is written by the after-build hook rather than by a template. */
export function isWrittenAfterBuild<M>(route: Route<M>): boolean {
  return route.id === MANIFEST_ROUTE_ID;
}

/** The manifest's route entry for an API whose files live under `{root}/api/v1/`. */
export function manifestRoute<M>(apiName: string): Route<M> {
  return {
    id: MANIFEST_ROUTE_ID,
    path: COMMON_API_PATHS.manifest,
    group: "meta",
    body: "envelope",
    schema: Manifest,
    summary: "Every file with its size and digests, to sync by",
    description: `Every other file of the ${apiName}: path, URL, media type, bytes, the SHA-256 of the bytes served and \`contentSha256\`, a digest of what the file says without the build's metadata (of \`data\` for an envelope file), which stays the same across builds while the resource does not change. Poll this file and fetch only the files whose digest changed.`,
    build: () => {
      throw new Error(
        "manifest.json describes the written files: the after-build hook writes it (src/api/manifest.ts, writeManifest)",
      );
    },
  };
}

const sha256 = (bytes: string | Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/**
 * JSON serialized canonically (RFC 8785, JCS) for the values JSON.parse returns: object keys
 * sorted by UTF-16 code units, no whitespace, strings and numbers as ECMAScript prints them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  // As `Array.prototype.join` would: an undefined item (never from JSON.parse) is empty.
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const object = value as Record<string, unknown>;
  const members = Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`);
  return `{${members.join(",")}}`;
}

/**
 * The content digest of one file (see `ManifestFile.contentSha256`), from its bytes, or from
 * its text when the build has it (what Eleventy wrote): the same digest without decoding again.
 */
export function contentDigest<M>(route: Route<M>, bytes: Buffer | string): string {
  // No raw file carries the build clock (tests/e2e/manifest.test.ts holds them equal across two clocks).
  if (route.body === "raw") return sha256(bytes);
  try {
    return sha256(canonicalJson((JSON.parse(bytes.toString("utf8")) as { data?: unknown }).data ?? null));
  } catch {
    // Not JSON: the after-build validation refuses the file; its digest is of its bytes meanwhile.
    return sha256(bytes);
  }
}

/** The digest over the whole list: of the lines `{digest}  {path}\n`, as `sha256sum` prints them. */
function listDigest(files: readonly ManifestFile[], digest: (file: ManifestFile) => string): string {
  return sha256(files.map((file) => `${digest(file)}  ${file.path}\n`).join(""));
}

const DIGEST = /^[0-9a-f]{64}$/;

/** What a kept content digest is found by: the bytes' SHA-256 without `meta.generated`, which moves with the clock. */
function dataKey(bytes: Buffer | string): string {
  const line = generatedLine(bytes);
  return line
    ? createHash("sha256").update(bytes.slice(0, line[0])).update(bytes.slice(line[1])).digest("hex")
    : sha256(bytes);
}

/**
 * The last build's content digests by `dataKey` (one build-cache entry per API), so an
 * unchanged file is not parsed and serialized again (1,000 posts: 335 ms a rebuild without, 48
 * with). Only pairs of digests are taken.
 */
function keptDigests(key: string): Map<string, string> {
  const kept = readEntry(buildCacheDir("manifest"), key, (value) => {
    const pairs = Object.entries(JSON.parse(value.toString("utf8")) as Record<string, unknown>);
    const sound = pairs.every(
      ([bytes, content]) => DIGEST.test(bytes) && typeof content === "string" && DIGEST.test(content),
    );
    return sound ? new Map(pairs as [string, string][]) : undefined;
  });
  return kept ?? new Map();
}

/**
 * Each API's files hashed by the last manifest, by absolute path: `npm start` hands a file that
 * did not change as the very text of the last build, which is then not hashed again (twice).
 */
const lastDigests = new Map<
  string,
  Map<string, { bytes: string | Buffer; size: number; sha256: string; key: string }>
>();

/**
 * The manifest's payload from the API's files, from `written` (by absolute path) or else from
 * disk; a file in neither is left out, and the after-build validation reports it missing.
 */
export function buildManifest<M>(
  outputDir: string,
  definition: ApiDefinition<M>,
  model: M,
  written: WrittenFiles,
): Manifest {
  const context = definition.context(model);
  const files: ManifestFile[] = [];
  // Changes when the content digest's definition does, which makes every entry new.
  const digestsKey = contentKey("content-digests", "jcs envelope-data/2", definition.root);
  const known = keptDigests(digestsKey);
  const used = new Map<string, string>();
  const [lastHashed, hashed] = [lastDigests.get(definition.root) ?? new Map(), new Map()];
  lastDigests.set(definition.root, hashed);
  for (const route of availableRoutes(definition, model)) {
    if (isWrittenAfterBuild(route)) continue;
    for (const params of expandParams(route, model)) {
      const file = resolve(outputDir, outputPath(definition, route, params));
      const kept = written.get(file);
      if (kept === undefined && !existsSync(file)) continue;
      // What Eleventy wrote is hashed as it was written (bytes, or text: the hash of its UTF-8
      // bytes), without reading it back or copying it into a buffer: tens of MiB in a large blog.
      const bytes = kept ?? readFileSync(file);
      const last = lastHashed.get(file);
      const same = last?.bytes === bytes ? last : undefined;
      const bytesSha256 = same?.sha256 ?? sha256(bytes);
      const key = same?.key ?? (route.body === "raw" ? bytesSha256 : dataKey(bytes));
      const size = same?.size ?? (typeof bytes === "string" ? Buffer.byteLength(bytes, "utf8") : bytes.length);
      hashed.set(file, { bytes, size, sha256: bytesSha256, key });
      const contentSha256 = known.get(key) ?? contentDigest(route, bytes);
      used.set(key, contentSha256);
      files.push({
        path: definition.root + fillPath(route.path, params),
        url: routeUrl(definition, context, route, params),
        type: mediaTypeOf(route),
        bytes: size,
        sha256: bytesSha256,
        contentSha256,
      });
    }
  }
  // This build's files only, so the entry never grows past one site's.
  if (used.size !== known.size || [...used].some(([bytes]) => !known.has(bytes)))
    keepEntry(buildCacheDir("manifest"), digestsKey, JSON.stringify(Object.fromEntries(used)));
  // By path, in UTF-16 code units as JCS sorts keys: the same order on every machine.
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    files,
    sha256: listDigest(files, (file) => file.sha256),
    contentSha256: listDigest(files, (file) => file.contentSha256),
  };
}

/**
 * Writes the API's manifest into `outputDir`, rendered like every route's file, and records its
 * text in `written`, so the checks that follow read it as they read every file Eleventy wrote.
 */
export function writeManifest<M>(
  outputDir: string,
  definition: ApiDefinition<M>,
  model: M,
  written: Map<string, string | Buffer> & WrittenFiles,
): void {
  const manifest = buildManifest(outputDir, definition, model, written);
  const text = renderRouteFile(definition, model, MANIFEST_ROUTE_ID, {}, manifest);
  const file = outputFile(outputDir, routePermalink(definition, MANIFEST_ROUTE_ID));
  writeOutputFile(file, Buffer.from(text));
  written.set(file, text);
}
