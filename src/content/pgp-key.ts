import { existsSync, readFileSync } from "node:fs";
import { readKey } from "openpgp";
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
  try {
    const key = await readKey({ armoredKey: armored });
    return { fingerprint: key.getFingerprint().toUpperCase(), armored: armored.endsWith("\n") ? armored : `${armored}\n` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContentError([{ file: where, field: "(key)", expected: `an ASCII-armored OpenPGP public key (${reason})` }]);
  }
}
