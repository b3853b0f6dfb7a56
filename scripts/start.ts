// `npm start`: Eleventy watching the project and serving the site, as its own `--serve` does,
// with the same configuration, templates, data and checks as `npm run build` (src/eleventy/
// plugin.ts), and a failed rebuild printed as the build prints it (owner-errors.ts). Run under
// `node --watch` (package.json), so an edit to the code restarts it; content edits rebuild.
import { existsSync } from "node:fs";
import { watch } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout } from "node:timers/promises";
import Eleventy from "@11ty/eleventy";
import { fail, readOptions, refuseOptionsNpmKept } from "./cli-args.mjs";
import { ownersProblem, printOwnersProblems } from "./owner-errors.ts";
import { devServerHost } from "../src/eleventy/dev-server.ts";
import { deletionMarker, takeDeletionsFrom } from "../src/eleventy/watch-deletions.ts";
import { escapeControlCharacters } from "../src/util/terminal-text.ts";
import { OUTPUT_DIR } from "../.eleventy.js";

const OPTIONS = {
  // Read again by src/config/site-config.ts (previewOrigin), which names it in the pages.
  port: { type: "string", default: "8080" },
  output: { type: "string" },
} as const;
refuseOptionsNpmKept("start", OPTIONS);
const values = readOptions("start", OPTIONS);
const contentDir = process.env.CONTENT_DIR ?? "content";
if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535)
  fail("start", `--port: expected a port number (1-65535), found "${values.port}"`);
// A port taken (by another preview, say) is said now, in one line, before a build writes into a
// folder that other server may serve; Eleventy's own message came after the build, with a stack.
await new Promise<void>((resolve) => {
  const host = devServerHost();
  const probe = createServer().once("error", ({ code }: NodeJS.ErrnoException) => {
    const why = code === "EADDRINUSE" ? "is in use" : `cannot be listened on (${code})`;
    fail(
      "start",
      `--port: ${values.port} ${why} on ${host}: stop what uses it, or choose another (npm start -- --port=8081)`,
    );
  });
  probe.listen({ port: Number(values.port), host }, () => probe.close(() => resolve()));
});
const eleventy = new Eleventy(undefined, values.output, { source: "cli", quietMode: true, runMode: "serve" });
// Eleventy names each changed file as it is ("File added: …"): an ESC in a file name would
// reach the terminal. Our deletion marker is no file of the owner's: its line says what it means.
const forceLog = eleventy.logger.forceLog.bind(eleventy.logger);
eleventy.logger.forceLog = (message) => {
  const marker = deletionMarker();
  const said = marker && message.includes(marker) ? "A watched file was deleted or renamed: rebuilding" : message;
  forceLog(escapeControlCharacters(said));
};
let serving = false;
// A build its after-build checks refuse (a dead link) leaves the folder empty (src/eleventy/plugin.ts);
// `_headers` is written once a build's checks pass. Not "the folder is empty": a later build that
// fails on the content has written the folder's marker and the icons there by then.
const outputDir = values.output ?? OUTPUT_DIR;
const emptied = () => !existsSync(join(outputDir, "_headers"));
printOwnersProblems(eleventy, () =>
  !serving
    ? "Nothing is served yet: the preview starts once the content builds (each save in the content folder tries again)."
    : emptied()
      ? "This build was refused: the preview serves nothing until a build passes."
      : "Nothing was written: the preview still serves the last good build.",
);
try {
  await eleventy.init();
} catch (error) {
  // site.yaml is read as the configuration loads: a problem there is the owner's to fix, said
  // as `npm run build` says it, without Eleventy's wrapper or a stack trace.
  const owners = ownersProblem(error);
  if (!owners) throw error;
  console.error(`${owners.message}\nFix it and run npm start again.`);
  process.exit(1);
}
// A first build that fails on the owner's content leaves nothing to serve, and Eleventy watches
// nothing yet: it builds again at each save in the content folder until one passes. Ctrl-C
// meanwhile exits at once, so that the "exit" listeners remove what they made (watch-deletions).
const stopWaiting = () => process.exit(130);
process.on("SIGINT", stopWaiting);
for (;;) {
  try {
    await eleventy.watch();
    break;
  } catch (error) {
    if (!ownersProblem(error)) throw error;
    for await (const _ of watch(contentDir, { recursive: true })) break;
    await setTimeout(200);
  }
}
process.off("SIGINT", stopWaiting);
// Eleventy's watcher sees every deletion but rebuilds for none (watch-deletions.ts).
if (eleventy.watcher) takeDeletionsFrom(eleventy.watcher);
serving = true;
eleventy.serve(Number(values.port));
process.on("SIGINT", async () => {
  await eleventy.stopWatch();
  process.exitCode = 0;
});
