// `npm run build`: Eleventy's programmatic build. The CLI (`npx eleventy`) builds the same
// site but prints a failing build's error twice (once as it happens, again as its own fatal
// error); here it is printed once and the exit code is 1.
import { parseArgs } from "node:util";
import { Eleventy } from "@11ty/eleventy";

const { values } = parseArgs({
  options: {
    output: { type: "string" },
    config: { type: "string" },
    quiet: { type: "boolean", default: false },
  },
});

// source "cli": like Eleventy's own command line, --output wins over the config's directories.
const eleventy = new Eleventy(undefined, values.output, { source: "cli", quietMode: values.quiet, configPath: values.config });
try {
  // Eleventy prints what goes wrong while it builds, but not an error of its start (loading or
  // compiling the configuration and our code): that one is printed here.
  await eleventy.init();
} catch (error) {
  console.error(`[11ty] Eleventy could not start:\n${describe(error)}`);
  process.exit(1);
}
try {
  await eleventy.write();
} catch {
  // Eleventy has already printed the error (the file, field and expected value, or the list of
  // files that break the OpenAPI description); only the exit code is left to set.
  process.exitCode = 1;
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
