// `npm run build`: Eleventy's build into a staging folder, renamed into place only when every
// check after the build passed (src/eleventy/output-folder.ts, docs/deployment.md). A failed or
// killed build leaves the previous output as it was. Unlike `npx eleventy`, a failure is
// printed once (Eleventy's CLI prints it again as its fatal error) and the exit code is 1.
import { constants } from "node:os";
import { resolve } from "node:path";
import Eleventy from "@11ty/eleventy";
import { OUTPUT_DIR } from "../.eleventy.js";
import {
  checkOutputFolder,
  makeStagingFolder,
  OutputFolderError,
  removeLeftovers,
  removeStagingFolder,
  replaceOutputFolder,
} from "../src/eleventy/output-folder.ts";
import { describeFsFault, fsFaultOf } from "../src/util/fs-fault.ts";
import { readOptions, refuseOptionsNpmKept } from "./cli-args.mjs";
import { ownersProblem, printOwnersProblems } from "./owner-errors.ts";

const OPTIONS = {
  output: { type: "string" },
  config: { type: "string" },
  // Eleventy's line per written file names the hidden staging folder: only on request.
  verbose: { type: "boolean", default: false },
  // Quiet is the default; the flag stays for the scripts and habits that pass it.
  quiet: { type: "boolean", default: false },
} as const;
refuseOptionsNpmKept("build", OPTIONS);
const values = readOptions("build", OPTIONS);
const outputDir = resolve(values.output ?? OUTPUT_DIR);
let staging: string | undefined;

/** Ends a failed build: prints why (when Eleventy has not), removes the staging folder, exits 1. */
function fail(message?: string): never {
  if (message) console.error(message);
  if (staging) removeStagingFolder(staging);
  process.exit(1);
}

/** The file-system fault behind `error` when it is the owner's to fix (src/util/fs-fault.ts). */
const ownersFault = (error: unknown) => fsFaultOf(error, staging ? [outputDir, staging] : [outputDir]);

/** What went wrong, in one sentence for the owner's faults; a bug keeps its stack. */
function describe(error: unknown): string {
  if (error instanceof OutputFolderError) return error.message;
  const fault = ownersFault(error);
  if (fault) return describeFsFault(fault, staging).replaceAll(staging ?? outputDir, outputDir);
  const lines: string[] = [];
  let current = error;
  while (current instanceof Error) {
    lines.push(current.message);
    const inner = (current as { originalError?: unknown }).originalError ?? current.cause;
    if (!(inner instanceof Error)) {
      // A content error (file, field, expected) says all there is; a code error needs its stack.
      if (current.stack && !(current as { skipOriginalStack?: boolean }).skipOriginalStack)
        lines.push(current.stack.split("\n").slice(1).join("\n"));
      break;
    }
    current = inner;
  }
  return lines.length > 0 ? lines.join("\n") : String(error);
}

try {
  // The project and its content must survive the output folder being replaced (and the content
  // hold no output), and so must a folder of files no build of this site wrote (`--output=docs`).
  checkOutputFolder(outputDir, [process.cwd()], process.env.CONTENT_DIR || "content");
  removeLeftovers(outputDir);
  staging = makeStagingFolder(outputDir);
} catch (error) {
  fail(describe(error));
}
// Stopped by the owner (Ctrl-C) or a supervisor: nothing half-written stays behind. A SIGKILL
// cannot be caught; the next build removes what it left.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    if (staging) removeStagingFolder(staging);
    process.exit(128 + constants.signals[signal]);
  });
}

// source "cli": like Eleventy's own command line, --output wins over the config's directories.
const eleventy = new Eleventy(undefined, staging, {
  source: "cli",
  quietMode: values.quiet || !values.verbose,
  configPath: values.config,
});
// A file-system fault in the output, staging, cache or content folder is the owner's to fix, and
// is printed by `fail` as one sentence.
printOwnersProblems(
  eleventy,
  () => "Nothing was published: the output folder is as it was.",
  (error) => !!ownersFault(error),
);
try {
  // Eleventy does not print an error of its start (loading the configuration and our code).
  await eleventy.init();
} catch (error) {
  // site.yaml is read as the configuration loads: its problems are the owner's, said as they are.
  const owners = ownersProblem(error);
  if (owners) fail(owners.message);
  fail(ownersFault(error) ? describe(error) : `[11ty] Eleventy could not start:\n${describe(error)}`);
}
try {
  await eleventy.write();
} catch (error) {
  // Eleventy has printed any other error (the file, field and expected value, or the files
  // that break the OpenAPI description).
  fail(ownersFault(error) ? describe(error) : undefined);
}
try {
  replaceOutputFolder(staging as string, outputDir);
} catch (error) {
  fail(describe(error));
}
