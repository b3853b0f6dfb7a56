import { createHash } from "node:crypto";
import { findControlCharacter } from "../util/control-characters.ts";
import { ContentError } from "./content-error.ts";
import { MAX_KEY_BYTES } from "./content-limits.ts";
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
 * Reads an ASCII-armored OpenPGP public key (inside `root`, when given); null when it is missing.
 * The packets decide, not the armor: a secret key packet, two keys or a bad parse fail the build.
 */
export function readPublicKey(file: string, root?: string): PublicKeyInfo | null {
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

/*
 * Just enough OpenPGP (RFC 9580 §4.2, §6.2, §5.5.4) to decide what a key file holds: the armor
 * is decoded and the packets walked by their headers. (openpgp's readKeys is no substitute: it
 * skips packets of unknown tags, which could carry secret material into the published file.)
 */

/** Packet tags (RFC 9580 §5). */
const SECRET_KEY = 5;
const PUBLIC_KEY = 6;
const SECRET_SUBKEY = 7;

/**
 * What a transferable public key may hold (RFC 9580 §10.1); anything else (compressed data,
 * say) could carry secret material past a check for tags 5 and 7.
 */
const PUBLIC_KEY_PACKETS: ReadonlySet<number> = new Set([2, PUBLIC_KEY, 12, 13, 14, 17, 21]);

const ARMOR_LINE = /^-----(BEGIN|END) PGP ([A-Z0-9 ,/]+)-----$/;

/**
 * The binary data of the file's one armored block, or what is wrong with it. (The optional CRC
 * is not checked: the packets must parse in any case.)
 */
function decodeArmor(text: string): { label: string; bytes: Uint8Array } | { problem: string } {
  const lines = text.split(/\r\n?|\n/).map((line) => line.trimEnd());
  const marks = lines.flatMap((line, index) => {
    const match = ARMOR_LINE.exec(line);
    return match ? [{ index, kind: match[1], label: match[2] ?? "" }] : [];
  });
  const [begin, end] = marks;
  if (marks.length !== 2 || begin?.kind !== "BEGIN" || end?.kind !== "END" || begin.label !== end.label) {
    return { problem: `exactly one armored block (one BEGIN and one END line), found ${marks.length} armor lines` };
  }
  if (lines.some((line, index) => (index < begin.index || index > end.index) && line !== "")) {
    return { problem: "nothing but the armored block in the file" };
  }
  const inside = lines.slice(begin.index + 1, end.index);
  // Armor headers ("Comment: ...") come first, then a blank line, then the base64 data.
  let start = 0;
  while (start < inside.length && /^[\x21-\x39\x3b-\x7e]+: /.test(inside[start] ?? "")) start += 1;
  const data = inside.slice(start).filter((line) => line !== "" && !/^=[A-Za-z0-9+/]{4}$/.test(line));
  const base64 = data.join("");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0 || base64 === "") {
    return { problem: "base64 data inside the armor" };
  }
  return { label: begin.label, bytes: Buffer.from(base64, "base64") };
}

/** The packets of `bytes` by their headers, or null when a header or length does not fit. */
function readPackets(bytes: Uint8Array): { tag: number; body: Uint8Array }[] | null {
  const packets: { tag: number; body: Uint8Array }[] = [];
  let at = 0;
  const byte = (offset: number): number => bytes[offset] ?? -1;
  while (at < bytes.length) {
    const header = byte(at);
    if ((header & 0x80) === 0) return null;
    let tag: number;
    let length: number;
    let start: number;
    if (header & 0x40) {
      // New format: one-, two- or five-octet lengths. Partial lengths are for data packets only.
      tag = header & 0x3f;
      const first = byte(at + 1);
      if (first < 0) return null;
      if (first < 192) [length, start] = [first, at + 2];
      else if (first < 224) [length, start] = [((first - 192) << 8) + byte(at + 2) + 192, at + 3];
      else if (first === 255)
        [length, start] = [
          ((byte(at + 2) << 24) >>> 0) + (byte(at + 3) << 16) + (byte(at + 4) << 8) + byte(at + 5),
          at + 6,
        ];
      else return null;
    } else {
      tag = (header >> 2) & 0x0f;
      const type = header & 0x03;
      if (type === 3) return null;
      const size = [1, 2, 4][type] ?? 1;
      length = 0;
      for (let k = 1; k <= size; k += 1) length = length * 256 + byte(at + k);
      start = at + 1 + size;
    }
    if (length < 0 || start + length > bytes.length) return null;
    packets.push({ tag, body: bytes.subarray(start, start + length) });
    at = start + length;
  }
  return packets;
}

/** A primary key packet's fingerprint (RFC 9580 §5.5.4), uppercase hex; null for an unknown version. */
function packetFingerprint(body: Uint8Array): string | null {
  const [version] = body;
  if (version !== 4 && version !== 5 && version !== 6) return null;
  const n = body.length;
  // v4: 0x99 and a two-octet length; v5 and v6: 0x9a or 0x9b and a four-octet length.
  const prefix =
    version === 4
      ? [0x99, (n >> 8) & 0xff, n & 0xff]
      : [version === 6 ? 0x9b : 0x9a, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  return createHash(version === 4 ? "sha1" : "sha256")
    .update(Uint8Array.of(...prefix))
    .update(body)
    .digest("hex")
    .toUpperCase();
}
