// `npm run build` (scripts/build-staged.ts does the work). Node keeps the compiled code and the
// stripped TypeScript of every module it loads in `.cache/node/`, and checks each entry itself,
// so a build compiles nothing again (docs/performance.md). Switched on before any is imported,
// in JavaScript: an entry in TypeScript would load Node's type stripper on every start (0.1 s).
import module from "node:module";
import { join } from "node:path";

module.enableCompileCache(join(import.meta.dirname, "../.cache/node"));
await import("./build-staged.ts");
