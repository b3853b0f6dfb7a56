// `npm run build`: Eleventy's programmatic build, staged. The CLI (`npx eleventy`) builds the same
// site but prints a failing build's error twice (once as it happens, again as its own fatal
// error); here it is printed once and the exit code is 1.
//
// The build writes into a fresh staging folder beside the output folder; only a build that
// passed every check replaces the output folder, as a whole (src/util/output-folder.mjs and
// docs/deployment.md, "How the output is written"). A failed or killed build leaves the
// previous output as it was.
// First, so that its settings are in place before Eleventy loads.
import "./build-env.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { constants } from "node:os";
import { join, resolve } from "node:path";
import { OUTPUT_DIR } from "../.eleventy.js";
import { loadEleventy } from "../src/eleventy/compiled-eleventy.mjs";
import { describeFsFault, fsFaultOf } from "../src/util/fs-fault.mjs";
import {
  checkOutputFolder,
  makeStagingFolder,
  OUTPUT_MARKER,
  OutputFolderError,
  removeLeftovers,
  holdWritesUntil,
  removeStagingFolder,
  replaceOutputFolder,
  takeSpareFolder,
  writeOutputMarker,
} from "../src/util/output-folder.mjs";
import { readOptions } from "./cli-args.mjs";

// Eleventy from one compiled script: importing its 400 files took more than half of an empty
// build (src/eleventy/compiled-eleventy.mjs).
const { Eleventy } = await loadEleventy(resolve(import.meta.dirname, ".."));

const values = readOptions("build", {
  output: { type: "string" },
  config: { type: "string" },
  quiet: { type: "boolean", default: false },
});

const outputDir = resolve(values.output ?? OUTPUT_DIR);
// Wall time of each step, written with the after-build hook's to FOLIO_TIMINGS_FILE for the
// benchmark (scripts/bench) and for profiling (docs/performance.md).
/** @type {Record<string, number>} */
const phases = {};
let lapStart = performance.now();
/** @param {string} phase */
function lap(phase) {
  const now = performance.now();
  phases[phase] = Math.round(now - lapStart);
  lapStart = now;
}
/** @type {string | undefined} */
let staging;

/** Ends a failed build: prints why (when Eleventy has not), removes the staging folder, exits 1. */
function fail(message) {
  if (message) console.error(message);
  if (staging) removeStagingFolder(staging);
  if (abandoned) removeStagingFolder(abandoned);
  process.exit(1);
}

/** Whether the staging folder is the previous output, overwritten in place (src/util/output-folder.mjs). */
let reused = false;
/** @type {ReturnType<typeof takeSpareFolder>} */
let spare;
/**
 * A reused staging folder the build could not write through, and left for a fresh one.
 * @type {string | undefined}
 */
let abandoned;
try {
  // The project and its content must survive the output folder being replaced, and so must a
  // folder of files no build of this site wrote (`--output=docs`).
  checkOutputFolder(outputDir, [process.cwd(), process.env.CONTENT_DIR || "content"]);
  removeLeftovers(outputDir);
  spare = takeSpareFolder(outputDir);
  staging = spare?.folder ?? makeStagingFolder(outputDir);
} catch (error) {
  fail(outputFault(error));
}
lap("prepare");
// Stopped by the owner (Ctrl-C) or a supervisor: nothing half-written stays behind. A SIGKILL
// cannot be caught; the next build removes what it left.
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.once(signal, () => {
    if (staging) removeStagingFolder(staging);
    if (abandoned) removeStagingFolder(abandoned);
    process.exit(128 + constants.signals[signal]);
  });
}

// The spare is checked while Eleventy starts, reads and renders; every step that writes into it
// waits for the check first (src/util/output-folder.mjs).
holdWritesUntil(spare?.checked ?? Promise.resolve(false));
let fault = await buildInto(/** @type {string} */ (staging), async () => {
  reused = spare ? await spare.checked : false;
});
// The previous output may hold a file where this build needs a folder (or the reverse), or a
// file it cannot write: the build starts again in a fresh folder, which the fault, if it is
// the owner's and not the spare's, meets again and reports.
if (fault && reused) {
  // Removed once the build is over: Eleventy's writes that were under way when one failed may
  // still land in it.
  abandoned = staging;
  staging = undefined;
  try {
    staging = makeStagingFolder(outputDir);
  } catch (error) {
    fail(outputFault(error));
  }
  holdWritesUntil(Promise.resolve());
  fault = await buildInto(/** @type {string} */ (staging), async () => {
    reused = false;
  });
}
if (fault) fail(stagedFault(fault));

/**
 * Runs Eleventy into `folder`, calling `afterRender` once it has rendered (or failed to), when
 * every step that writes has waited for the spare's check. Fails the build on any error but the
 * owner's file-system fault in a reused staging folder, which it returns.
 * @param {string} folder
 * @param {() => Promise<void>} afterRender
 */
async function buildInto(folder, afterRender) {
  // source "cli": like Eleventy's own command line, --output wins over the config's directories.
  const eleventy = new Eleventy(undefined, folder, {
    source: "cli",
    quietMode: values.quiet,
    configPath: values.config,
  });
  // Eleventy prints a failed build's error with every error it wraps and the innermost stack; a
  // file-system fault in the output, staging, cache or content folder is the owner's to fix, so
  // it is printed here as one sentence instead. Any other (a failed read of our own files) is a
  // bug or a broken install, and keeps its stack.
  const errorHandler = eleventy.errorHandler;
  const printError = errorHandler.once.bind(errorHandler);
  errorHandler.once = (type, error, message) => {
    if (!ownersFault(error)) printError(type, error, message);
  };
  try {
    // Eleventy prints what goes wrong while it builds, but not an error of its start (loading or
    // compiling the configuration and our code): that one is printed here.
    await eleventy.init();
    lap("init");
  } catch (error) {
    const fault = ownersFault(error);
    fail(fault ? stagedFault(fault) : `[11ty] Eleventy could not start:\n${describe(error)}`);
  }
  /** @type {{ error: unknown } | undefined} */
  let failed;
  try {
    // Rendered without Eleventy writing: the after-build hook writes the files itself, leaving
    // alone those a rebuild finds already there (src/eleventy/write-results.ts).
    await eleventy.toJSON();
    lap("write");
  } catch (error) {
    failed = { error };
  }
  try {
    // Over by now when anything was written; a build that failed first may still be checking.
    await afterRender();
    lap("spareCheck");
  } catch (error) {
    fail(outputFault(error));
  }
  if (failed) {
    // Eleventy has already printed any other error (the file, field and expected value, or the
    // list of files that break the OpenAPI description).
    const fault = ownersFault(failed.error);
    if (fault?.path?.startsWith(`${folder}/`) && reused) return fault;
    fail(fault ? stagedFault(fault) : undefined);
  }
  return undefined;
}
try {
  // The mark of a folder a build of this site wrote, which the next build may replace.
  writeOutputMarker(join(/** @type {string} */ (staging), OUTPUT_MARKER));
  replaceOutputFolder(/** @type {string} */ (staging), outputDir);
  if (abandoned) removeStagingFolder(abandoned);
  lap("replace");
} catch (error) {
  fail(outputFault(error));
}
recordTimings();

/** Adds this script's steps to the after-build hook's in FOLIO_TIMINGS_FILE (the "write" step includes them). */
function recordTimings() {
  const file = process.env.FOLIO_TIMINGS_FILE;
  if (!file) return;
  let recorded = {};
  try {
    recorded = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    // No after-build hook ran (a site without it): this script's steps alone.
  }
  writeFileSync(file, JSON.stringify({ ...recorded, build: phases }));
}

/** The file-system fault behind `error` when it is the owner's to fix (src/util/fs-fault.mjs). */
function ownersFault(error) {
  return fsFaultOf(error, staging ? [outputDir, staging] : [outputDir]);
}

/** A fault while writing the staging folder, named by the path the file would have had in the output folder. */
function stagedFault(fault) {
  return describeFsFault(fault, staging).replaceAll(/** @type {string} */ (staging), outputDir);
}

/** What went wrong with the output folder: one sentence for the owner, or a bug's full story. */
function outputFault(error) {
  if (error instanceof OutputFolderError) return error.message;
  const fault = ownersFault(error);
  return fault ? describeFsFault(fault, outputDir) : describe(error);
}

/** The error's message, the messages of the errors it wraps, and the innermost one's stack. */
function describe(error) {
  const lines = [];
  let current = error;
  while (current instanceof Error) {
    lines.push(current.message);
    const inner = current.originalError ?? current.cause;
    if (!(inner instanceof Error)) {
      // A content error (file, field, expected) says all there is; a code error needs its stack.
      if (current.stack && !current.skipOriginalStack) lines.push(current.stack.split("\n").slice(1).join("\n"));
      break;
    }
    current = inner;
  }
  if (lines.length === 0) lines.push(String(error));
  return lines.join("\n");
}
