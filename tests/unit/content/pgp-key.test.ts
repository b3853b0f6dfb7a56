import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { armor, enums, generateKey, readKey, unarmor } from "openpgp";
import { readPublicKey } from "../../../src/content/pgp-key.ts";
import { PGP_FINGERPRINT, PGP_FIXTURE } from "../support/content-tree.ts";
import { contentProblems, problemAt } from "../support/errors.ts";

/** Writes one file into a fresh temp folder and runs `act` on its path. */
async function withFile<T>(text: string, act: (file: string) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "folio-pgp-"));
  try {
    const file = join(dir, "pgp.asc");
    writeFileSync(file, text);
    return await act(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("should compute the fingerprint of the committed key as 40 uppercase hex digits", async () => {
  const key = await readPublicKey(PGP_FIXTURE);

  assert.ok(key);
  assert.match(key.fingerprint, /^[0-9A-F]{40}$/);
  assert.is(key.fingerprint, PGP_FINGERPRINT);
});

test("should keep the armored text, ending with a newline", async () => {
  const key = await readPublicKey(PGP_FIXTURE);

  assert.match(key?.armored ?? "", /^-----BEGIN PGP PUBLIC KEY BLOCK-----/);
  assert.ok(key?.armored.endsWith("-----END PGP PUBLIC KEY BLOCK-----\n"));
});

test("should return null when there is no key file", async () => {
  const key = await readPublicKey("/nonexistent/folder/pgp.asc");

  assert.is(key, null);
});

test("should reject garbage armor with a ContentError naming the file", async () => {
  const garbage = "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n!!!garbage!!!\n-----END PGP PUBLIC KEY BLOCK-----\n";

  const { problems, file } = await withFile(garbage, async (file) => ({
    problems: await contentProblems(() => readPublicKey(file)),
    file,
  }));

  const problem = problemAt(problems, "(key)");
  assert.is(problem.file, file);
  assert.match(problem.expected, "an ASCII-armored OpenPGP public key");
});

test("should refuse a key file larger than 1 MiB, naming the file", async () => {
  const armored = readFileSync(PGP_FIXTURE, "utf8");
  const padded = `${armored}${" ".repeat(1024 * 1024 - armored.length + 1)}`;

  const { problems, file } = await withFile(padded, async (file) => ({
    problems: await contentProblems(() => readPublicKey(file)),
    file,
  }));

  const problem = problemAt(problems, "(file)");
  assert.is(problem.file, file);
  assert.match(problem.expected, "a file of at most 1 MiB");
});

/** A freshly generated key pair, armored, as openpgp writes it. */
function newKey(passphrase?: string) {
  return generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ name: "Test" }],
    format: "armored",
    ...(passphrase ? { passphrase } : {}),
  });
}

/** The armor's words changed to say "public", as someone hiding a private key would. */
const relabelled = (armored: string) => armored.replace(/PRIVATE KEY BLOCK/g, "PUBLIC KEY BLOCK");

test("should refuse to publish a real private key", async () => {
  const { privateKey } = await newKey();

  const problems = await withFile(privateKey, (file) => contentProblems(() => readPublicKey(file)));

  assert.match(problemAt(problems, "(key)").expected, "a PUBLIC key only; this file holds a private key");
});

test("should refuse an unencrypted private key whose armor says PUBLIC KEY BLOCK", async () => {
  const { privateKey } = await newKey();

  const problems = await withFile(relabelled(privateKey), (file) => contentProblems(() => readPublicKey(file)));

  assert.match(problemAt(problems, "(key)").expected, "this file holds a private key (secret key material)");
});

test("should refuse an encrypted private key whose armor says PUBLIC KEY BLOCK", async () => {
  const { privateKey } = await newKey("correct horse");

  const problems = await withFile(relabelled(privateKey), (file) => contentProblems(() => readPublicKey(file)));

  assert.match(problemAt(problems, "(key)").expected, "this file holds a private key (secret key material)");
});

test("should refuse a private key block appended after the public key", async () => {
  const { publicKey, privateKey } = await newKey();

  const problems = await withFile(`${publicKey}\n${relabelled(privateKey)}`, (file) =>
    contentProblems(() => readPublicKey(file)),
  );

  assert.match(problemAt(problems, "(key)").expected, "exactly one armored block");
});

test("should refuse two public keys in one armored block", async () => {
  const [first, second] = await Promise.all([newKey(), newKey()]);
  const packets = async (armored: string) => (await unarmor(armored)).data as Uint8Array;
  const both = new Uint8Array([...(await packets(first.publicKey)), ...(await packets(second.publicKey))]);

  const problems = await withFile(armor(enums.armor.publicKey, both), (file) =>
    contentProblems(() => readPublicKey(file)),
  );

  assert.match(problemAt(problems, "(key)").expected, "exactly one public key (found 2)");
});

test("should refuse a private key hidden in a compressed data packet", async () => {
  const { privateKey } = await newKey();
  const secret = (await unarmor(privateKey)).data as Uint8Array;
  // A compressed data packet (tag 8, new format) holding the key uncompressed (algorithm 0).
  const body = new Uint8Array([0, ...secret]);
  const packet = new Uint8Array([
    0xc8,
    0xff,
    (body.length >>> 24) & 0xff,
    (body.length >> 16) & 0xff,
    (body.length >> 8) & 0xff,
    body.length & 0xff,
    ...body,
  ]);

  const problems = await withFile(armor(enums.armor.publicKey, packet), (file) =>
    contentProblems(() => readPublicKey(file)),
  );

  assert.match(problemAt(problems, "(key)").expected, "a packet of type 8, which a public key never has");
});

test("should accept armor headers and CRLF line ends, keeping the text as written", async () => {
  const { publicKey } = await newKey();
  const text = publicKey.replace("\n\n", "\nComment: Margo's key\n\n").replace(/\n/g, "\r\n");

  const key = await withFile(text, (file) => readPublicKey(file));

  assert.is(key?.fingerprint, (await readKey({ armoredKey: publicKey })).getFingerprint().toUpperCase());
  assert.match(key?.armored ?? "", "Comment: Margo's key\n");
});

test("should refuse a control character in an armor header, since the text is published as it is", async () => {
  const { publicKey } = await newKey();
  const withComment = publicKey.replace("\n\n", "\nComment: \u001b]0;PWNED\u0007\n\n");

  const problems = await withFile(withComment, (file) => contentProblems(() => readPublicKey(file)));

  assert.match(problemAt(problems, "(key)").expected, "without control characters (found U+001B)");
});

test("should refuse text outside the armored block", async () => {
  const { publicKey } = await newKey();

  const problems = await withFile(`${publicKey}\nlQVYBGZ0000\n`, (file) => contentProblems(() => readPublicKey(file)));

  assert.match(problemAt(problems, "(key)").expected, "nothing but the armored block");
});

test("should agree with openpgp on the fingerprint of v4 and v6 keys", async () => {
  const v4 = await newKey();
  const v6 = await generateKey({
    type: "curve25519",
    userIDs: [{ name: "Test" }],
    format: "armored",
    config: { v6Keys: true },
  });

  for (const { publicKey } of [v4, v6]) {
    const expected = (await readKey({ armoredKey: publicKey })).getFingerprint().toUpperCase();
    const key = await withFile(publicKey, (file) => readPublicKey(file));
    assert.is(key?.fingerprint, expected);
  }
});

test.run();
