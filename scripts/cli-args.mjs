// @ts-check
// The command-line options of our scripts, read with node:util's parseArgs. A mistyped option is
// the user's mistake, not a bug: it is said in one line (exit status 2), never as a stack trace.
import { parseArgs } from "node:util";

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
 * Says why a script cannot run, in one line, and exits with status 2.
 * @param {string} script @param {string} message @returns {never}
 */
export function fail(script, message) {
  console.error(`[${script}] ${message}`);
  process.exit(2);
}
