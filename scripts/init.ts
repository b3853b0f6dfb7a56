// `npm run init`: makes the sample content the owner's own (docs/init.md). Every question is
// also a flag, so it runs unattended: npm run init -- --github LOGIN --name "…" --site-url https://… --yes
import { spawnSync } from "node:child_process";
import { createInterface } from "node:readline/promises";
import { join, resolve } from "node:path";
import { checkOutputFolder } from "../src/eleventy/output-folder.ts";
import { FLAGS, initHelp, parseInitArgs, type InitOptions } from "../src/init/init-options.ts";
import { refuseOptionsNpmKept } from "./cli-args.mjs";
import { runInit } from "../src/init/run-init.ts";
import { redact } from "../src/util/redact.ts";
import { escapeControlCharacters } from "../src/util/terminal-text.ts";

refuseOptionsNpmKept("init", FLAGS);
let options: InitOptions;
try {
  options = parseInitArgs(process.argv.slice(2));
} catch (error) {
  console.error(escapeControlCharacters(error instanceof Error ? redact(error.message) : String(error)));
  console.error("npm run init -- --help lists the flags.");
  process.exit(2);
}
if (options.help) {
  console.log(initHelp());
  process.exit(0);
}

const contentDir = resolve(process.env.CONTENT_DIR?.trim() || "content");
// The closing build's output folder passes the build's own check before any content is replaced:
// `--output=content` would be refused only after the swap.
try {
  if (options.build) checkOutputFolder(options.output ?? "_site", [process.cwd()], contentDir);
} catch (error) {
  console.error(
    `${escapeControlCharacters(error instanceof Error ? error.message : String(error))} Nothing was changed.`,
  );
  process.exit(2);
}
// With a listener, Node handles a signal between two turns of the event loop, never inside
// synchronous code: the staged write and the swap (one synchronous call) finish or never start.
const stop = (): never => {
  console.log("\nStopped: the content folder is as it was, or fully replaced if the swap had begun.");
  process.exit(130);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
const terminal = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : null;
// Ctrl-C (which reaches readline, not the process) or Ctrl-D at a question: nothing is written
// before the last answer.
const stopAtQuestion = (): never => {
  console.log("\nStopped at a question: nothing was changed.");
  process.exit(130);
};
terminal?.on("SIGINT", stopAtQuestion);
const result = await runInit(
  options,
  {
    ask: async (question) => (terminal ? terminal.question(question).catch(stopAtQuestion) : null),
    print: (line) => console.log(escapeControlCharacters(line)),
  },
  { contentDir, env: process.env, now: new Date() },
);
terminal?.close();
if (!result.written) process.exit(1);

if (options.build) {
  console.log("Building the site once to check it…");
  const build = spawnSync(
    process.execPath,
    ["scripts/build.mjs", "--quiet", ...(options.output ? [`--output=${options.output}`] : [])],
    { stdio: "inherit", env: { ...process.env, CONTENT_DIR: contentDir } },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The owner's APIs start here: api:check (in the deploy workflow) compares later builds with
  // these documents, not with the sample's. Only for the project's own content folder.
  if (contentDir === resolve("content")) {
    const site = `--site=${options.output ?? "_site"}`;
    const baseline = spawnSync(process.execPath, ["scripts/api-check.ts", "--update", "--allow-breaking", site], {
      encoding: "utf8",
    });
    if (baseline.status !== 0) {
      process.stderr.write(baseline.stdout + baseline.stderr);
      process.exit(baseline.status ?? 1);
    }
    console.log("Recorded your APIs' OpenAPI documents in api-baseline/: commit them with your content.");
  }
}
console.log(
  `Done. Run npm start to see your site. Next, edit ${escapeControlCharacters(join(contentDir, "profile.yaml"))} (placeholders), domains.yaml and each project's writeup; docs/init.md lists the rest.`,
);
