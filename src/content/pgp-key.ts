import { findControlCharacter } from "../util/control-characters.ts";
import { ContentError } from "./content-error.ts";
import { MAX_KEY_BYTES } from "./content-limits.ts";
import {
  decodeArmor,
  packetFingerprint,
  PUBLIC_KEY,
  PUBLIC_KEY_PACKETS,
  readPackets,
  SECRET_KEY,
  SECRET_SUBKEY,
} from "./pgp-packets.ts";
import { contentFileExists, displayPath, readText } from "./read-files.ts";

/** The owner's public key as published, with the fingerprint computed from the key itself. */
export interface PublicKeyInfo {
  /** Uppercase hex, no spaces: 40 digits for a v4 key, 64 for a v6 key. */
  fingerprint: string;
  /** The armored key text exactly as the owner committed it. */
  armored: string;
}

const EXPECTED = "an ASCII-armored OpenPGP public key";

const PRIVATE = "a PUBLIC key only; this file holds a private key (secret key material), which must never be published";

/**
 * Reads an ASCII-armored OpenPGP public key (inside the content folder `root`, when given). A
 * missing file means "no key" (null). The packets decide, not the armor's words: any secret
 * key packet, encrypted or not, more than one key, or a key that does not parse fails the
 * build rather than publish it. The fingerprint is the hash of the key's own packet (RFC 9580,
 * 5.5.4), as every OpenPGP implementation computes it.
 */
export async function readPublicKey(file: string, root?: string): Promise<PublicKeyInfo | null> {
  if (!contentFileExists(file)) return null;
  const armored = readText(file, root, MAX_KEY_BYTES).replace(/\r\n/g, "\n");
  const fail = (expected: string) => new ContentError([{ file: displayPath(file), field: "(key)", expected }]);
  if (/-----BEGIN PGP PRIVATE KEY BLOCK-----/.test(armored)) throw fail(PRIVATE);
  // The text is published as it is; an armor header ("Comment: ...") could carry an escape.
  const control = findControlCharacter(armored);
  if (control) throw fail(`${EXPECTED} without control characters (found ${control.codePoint})`);
  const armor = decodeArmor(armored);
  if ("problem" in armor) throw fail(`${EXPECTED} (${armor.problem})`);
  const packets = readPackets(armor.bytes);
  if (packets === null) throw fail(`${EXPECTED} (its packets do not parse)`);
  if (packets.some((packet) => packet.tag === SECRET_KEY || packet.tag === SECRET_SUBKEY)) throw fail(PRIVATE);
  const foreign = packets.find((packet) => !PUBLIC_KEY_PACKETS.has(packet.tag));
  if (foreign) throw fail(`${EXPECTED} (it holds a packet of type ${foreign.tag}, which a public key never has)`);
  if (armor.label !== "PUBLIC KEY BLOCK")
    throw fail(`${EXPECTED} (armor says ${JSON.stringify(armor.label)}, not "PUBLIC KEY BLOCK")`);
  const primaries = packets.filter((packet) => packet.tag === PUBLIC_KEY);
  if (primaries.length !== 1) throw fail(`exactly one public key (found ${primaries.length})`);
  const fingerprint = packetFingerprint(primaries[0]?.body ?? new Uint8Array());
  if (fingerprint === null) throw fail(`${EXPECTED} of version 4, 5 or 6`);
  return { fingerprint, armored: armored.endsWith("\n") ? armored : `${armored}\n` };
}
