import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const requireHere = createRequire(import.meta.url);

/**
 * An installed package's version, for cache keys that must change when it does. Found beside
 * the package's entry, since not every package exports its package.json (openpgp does not).
 */
export function packageVersion(name: string): string {
  let dir = dirname(requireHere.resolve(name));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (parsed.name === name && parsed.version) return parsed.version;
    }
    dir = dirname(dir);
  }
  throw new Error(`no package.json found for ${name}`);
}
