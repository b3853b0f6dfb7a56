// `npm run build` (scripts/build-staged.ts does the work). Node keeps the compiled code of every
// module it loads in `.cache/node/`, and checks each entry itself, so a build does not compile
// Eleventy's 400 files and ours again (docs/performance.md). Switched on before any is imported.
import module from "node:module";
import { join } from "node:path";

module.enableCompileCache(join(import.meta.dirname, "../.cache/node"));
await import("./build-staged.ts");
