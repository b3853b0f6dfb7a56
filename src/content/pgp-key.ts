import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildCacheDir } from "../util/build-cache.ts";
import { packageVersion } from "../util/package-version.ts";
import { writeFileAtomically } from "../util/write-atomically.ts";
import { ContentError } from "./content-error.ts";
import { displayPath } from "./read-files.ts";


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

/**
 * The key's fingerprint, computed by openpgp once per key text and kept in the build cache:
 * openpgp is about a quarter of the build's code, loaded for this one figure.
 */
async function fingerprintOf(armored: string, where: string): Promise<string> {
  const key = createHash("sha256").update(`openpgp@${packageVersion("openpgp")}\0${armored}`).digest("hex").slice(0, 32);
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
  if (cached) writeFileAtomically(cached, `${JSON.stringify({ fingerprint })}\n`);
  return fingerprint;
}
