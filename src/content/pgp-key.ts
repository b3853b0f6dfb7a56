import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { buildCacheDir } from "../util/build-cache.ts";
import { ContentError } from "./content-error.ts";
import { displayPath } from "./read-files.ts";

const requireHere = createRequire(import.meta.url);

/** The owner's public key as published, with the fingerprint computed from the key itself. */
export interface PublicKeyInfo {
  /** Uppercase hex, no spaces: 40 digits for a v4 key, 64 for a v6 key. */
  fingerprint: string;
  /** The armored key text exactly as the owner committed it. */
  armored: string;
}

/**
 * Reads an ASCII-armored OpenPGP public key. A missing file means "no key" (null); a file that
 * does not parse, or that holds a private key, fails the build rather than publish it.
 */
export async function readPublicKey(file: string): Promise<PublicKeyInfo | null> {
  if (!existsSync(file)) return null;
  const armored = readFileSync(file, "utf8").replace(/\r\n/g, "\n");
  const where = displayPath(file);
  if (/-----BEGIN PGP PRIVATE KEY BLOCK-----/.test(armored)) {
    throw new ContentError([{ file: where, field: "(key)", expected: "a PUBLIC key block; this file holds a private key, which must never be published" }]);
  }
  const fingerprint = await fingerprintOf(armored, where);
  return { fingerprint, armored: armored.endsWith("\n") ? armored : `${armored}\n` };
}

/** openpgp's version (its package.json is not among its exports: found beside its entry). */
function openpgpVersion(): string {
  let dir = dirname(requireHere.resolve("openpgp"));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (parsed.name === "openpgp" && parsed.version) return parsed.version;
    }
    dir = dirname(dir);
  }
  return "unknown";
}

/**
 * The key's fingerprint, computed by openpgp once per key text and kept in the build cache:
 * openpgp is about a quarter of the build's code, loaded for this one figure.
 */
async function fingerprintOf(armored: string, where: string): Promise<string> {
  const key = createHash("sha256").update(`openpgp@${openpgpVersion()}\0${armored}`).digest("hex").slice(0, 32);
  const dir = buildCacheDir("pgp");
  const cached = dir ? join(dir, `${key}.json`) : null;
  if (cached && existsSync(cached)) {
    const known = JSON.parse(readFileSync(cached, "utf8")) as { fingerprint?: unknown };
    if (typeof known.fingerprint === "string") return known.fingerprint;
  }
  let fingerprint: string;
  try {
    const { readKey } = await import("openpgp");
    fingerprint = (await readKey({ armoredKey: armored })).getFingerprint().toUpperCase();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContentError([{ file: where, field: "(key)", expected: `an ASCII-armored OpenPGP public key (${reason})` }]);
  }
  if (cached && dir) {
    mkdirSync(dir, { recursive: true });
    // Written under another name and renamed: parallel builds never read half a file.
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, `${JSON.stringify({ fingerprint })}\n`);
    renameSync(partial, cached);
  }
  return fingerprint;
}
