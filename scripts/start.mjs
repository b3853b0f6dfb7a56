// `npm start` (scripts/start.ts does the work), with Node's compile cache on before anything is
// imported, as `npm run build` has it (scripts/build.mjs): a restart after a code edit compiles
// only what changed.
import module from "node:module";
import { join } from "node:path";

module.enableCompileCache(join(import.meta.dirname, "../.cache/node"));
await import("./start.ts");
