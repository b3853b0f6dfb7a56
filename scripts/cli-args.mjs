// @ts-check
// The command-line options of our scripts, read with node:util's parseArgs. A mistyped option is
// the user's mistake, not a bug: it is said in one line (exit status 2), never as a stack trace.
import { parseArgs } from "node:util";
import { escapeControlCharacters } from "../src/util/terminal-text.ts";

/**
 * @template {import("node:util").ParseArgsConfig["options"]} O
 * @param {string} script the name the message starts with (`build`, `bench`, ...)
 * @param {O} options
 */
export function readOptions(script, options) {
  try {
    return parseArgs({ options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const known = Object.keys(options ?? {})
      .map((name) => `--${name}`)
      .join(", ");
    fail(script, `${error instanceof Error ? error.message : String(error)} (options: ${known})`);
  }
}

/**
 * Fails when npm kept one of the script's options for itself: `npm start --port=8081` (no `--`)
 * runs the script without it, leaving npm_config_port. For the owner's commands (build, start,
 * init), run by npm as `script`; only options with a value, which are not npm's own.
 * @param {string} script @param {Record<string, { type: string }> | undefined} options
 */
export function refuseOptionsNpmKept(script, options) {
  if (process.env.npm_lifecycle_event !== script) return;
  for (const [name, option] of Object.entries(options ?? {})) {
    const kept = process.env[`npm_config_${name.replaceAll("-", "_")}`];
    const given = process.argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (option.type !== "string" || kept === undefined || given) continue;
    const example = `--${name}=${kept === "true" ? "<value>" : kept}`;
    fail(script, `npm took --${name} for itself: put it after --, as in npm run ${script} -- ${example}`);
  }
}

/**
 * Says why a script cannot run, in one line, and exits with status 2.
 * @param {string} script @param {string} message @returns {never}
 */
export function fail(script, message) {
  // It may quote what was typed or set (`--port=\e[2J`): shown, never sent to the terminal.
  console.error(`[${script}] ${escapeControlCharacters(message)}`);
  process.exit(2);
}
