import { existsSync, lstatSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { isInside } from "./output-path.ts";

/*
 * File-system faults of a build in one sentence for the owner: which path, what went wrong, and
 * what to do there (the output folder, a cache, the content folder). The paths it names are the
 * owner's settings and files under them whose names our checks passed (no control characters).
 */

/**
 * The codes that mean "this path cannot be used as asked", not a bug of ours: what went wrong,
 * the fix, and the advice in the output folder (by default the fix, or another --output).
 */
const ADVICE = {
  EACCES: [
    "permission denied",
    "give the user running the build access to it",
    "give the user running the build write access to it, or pass --output=<a folder you can write>",
  ],
  EPERM: [
    "the operation is not permitted (an immutable or locked file or folder)",
    "unlock it (chattr -i, or close the program holding it)",
  ],
  ENOTDIR: ["a file stands where a folder is needed", "move that file away"],
  EISDIR: ["a folder stands where a file is needed", "move that folder away"],
  ENAMETOOLONG: [
    "the path is longer than the file system allows",
    "use a shorter path",
    "pass --output=<a shorter path>",
  ],
  ENOSPC: ["the disk is full", "free some space on that disk", "free some space on that disk, then build again"],
  EROFS: [
    "the file system is read-only",
    "use a folder on a writable disk",
    "pass --output=<a folder on a writable disk>",
  ],
  EEXIST: ["something already exists there", "move it away", "move it away, then build again"],
} as const;

/**
 * Where the build reads and keeps files besides the output folder, with the defaults of
 * site-config.ts, github/settings.ts and plugin.ts; GitHub's cache first, inside the other.
 */
export function placesFromEnvironment(env: Record<string, string | undefined> = process.env) {
  return {
    content: env.CONTENT_DIR?.trim() || "content",
    caches: [
      {
        dir: env.GITHUB_CACHE_DIR?.trim() || join(".cache", "github"),
        name: "GitHub answer cache",
        setting: "GITHUB_CACHE_DIR",
      },
      { dir: env.FOLIO_CACHE_DIR?.trim() || ".cache", name: "build cache", setting: "FOLIO_CACHE_DIR" },
    ],
  };
}

type Places = ReturnType<typeof placesFromEnvironment>;

export interface FsFault {
  code: keyof typeof ADVICE;
  path: string | undefined;
  dest: string | undefined;
}

/**
 * The file-system fault behind an error (through Eleventy's `originalError`, then `cause`) when
 * the owner is to fix it: every path it carries has a `placeOf`, or the disk is full. Undefined
 * otherwise: a failed read of our own files is a bug or a broken install, printed with its stack.
 */
export function fsFaultOf(
  error: unknown,
  outputDirs: readonly string[] = [],
  places: Places = placesFromEnvironment(),
): FsFault | undefined {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const { code, path, dest } = current as NodeJS.ErrnoException & { dest?: unknown };
    if (typeof code === "string" && Object.hasOwn(ADVICE, code)) {
      const fault: FsFault = {
        code: code as keyof typeof ADVICE,
        path: typeof path === "string" ? path : undefined,
        dest: typeof dest === "string" ? dest : undefined,
      };
      const paths = [fault.path, fault.dest].filter((path) => path !== undefined);
      const owners = paths.length > 0 && paths.every((path) => placeOf(path, outputDirs, places));
      return fault.code === "ENOSPC" || owners ? fault : undefined;
    }
    current = (current as { originalError?: unknown }).originalError ?? current.cause;
  }
  return undefined;
}

/**
 * Where the owner's settings put `path`: in, beside or above one of `outputDirs` (the output
 * folder and its staging folder), in a cache, or in the content folder; undefined elsewhere.
 */
function placeOf(path: string, outputDirs: readonly string[], places: Places) {
  if (outputDirs.some((out) => isInside(path, out) || isInside(out, path) || isBeside(path, out))) return "output";
  const cache = places.caches.find((candidate) => isInside(path, candidate.dir));
  return cache ?? (isInside(path, places.content) ? "content" : undefined);
}

/** Whether `path` is in a folder a build puts beside the output folder `out` (`.{name}.staging-…`, `.{name}.old-…`). */
function isBeside(path: string, out: string): boolean {
  const outDir = resolve(out);
  const rest = relative(dirname(outDir), resolve(path));
  return rest.startsWith(`.${basename(outDir)}.`) && !isAbsolute(rest);
}

/**
 * One sentence for a file-system fault, naming its path (else `outputPath`, the output folder)
 * and advice for where it is: `Cannot write /srv/site/x: permission denied (EACCES); give…`.
 */
export function describeFsFault(fault: FsFault, outputPath?: string, places: Places = placesFromEnvironment()): string {
  const [what, fix, outputTodo = `${fix}, or pass --output=<another folder>`]: readonly string[] = ADVICE[fault.code];
  const path = fault.path ?? fault.dest ?? outputPath ?? "the output folder";
  // ENOTDIR: the file that stands where a folder of the path is needed, its deepest existing part.
  const blocker = fault.code === "ENOTDIR" ? existingPart(resolve(path)) : undefined;
  const onTheWay = blocker !== undefined && blocker !== path && !lstatSync(blocker).isDirectory();
  const where = onTheWay ? `${path} (${blocker} is a file)` : path;
  // Without a path, or anywhere else, it is the output folder's business.
  const carried = fault.path ?? fault.dest;
  const place =
    carried === undefined ? "output" : placeOf(carried, outputPath === undefined ? [] : [outputPath], places);
  if (typeof place === "object")
    return `Cannot use ${where}, in the ${place.name} (${place.dir}): ${what} (${fault.code}); ${fix}, or delete ${place.dir} (it is only a cache: the next build fills it again), or set ${place.setting}=<another folder>.`;
  if (place === "content")
    return `Cannot read ${where}, in the content folder (${places.content}): ${what} (${fault.code}); ${fix}, then build again.`;
  return `Cannot write ${where}: ${what} (${fault.code}); ${outputTodo}.`;
}

/** `path`, or the nearest folder above it that exists. */
export function existingPart(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}
