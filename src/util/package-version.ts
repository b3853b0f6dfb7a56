import { readFileSync } from "node:fs";
import { findPackageJSON } from "node:module";

/** An installed package's version, for cache keys that must change when it does. */
export function packageVersion(name: string): string {
  // The package's root package.json, as Node resolves `name` from here (not every package exports it).
  const manifest = findPackageJSON(name, import.meta.url);
  if (manifest === undefined) throw new Error(`no package.json found for ${name}`);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}
