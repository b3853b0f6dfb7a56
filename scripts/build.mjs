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
  await eleventy.write();
} catch {
  // Eleventy has already printed the error (the file, field and expected value, or the list of
  // files that break the OpenAPI description); only the exit code is left to set.
  process.exitCode = 1;
}
