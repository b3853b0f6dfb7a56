import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { generateKey } from "openpgp";
import { readPublicKey } from "../../../src/content/pgp-key.ts";
import { useBuildCache } from "../../../src/util/build-cache.ts";
import { PGP_FINGERPRINT, PGP_FIXTURE } from "../support/content-tree.ts";
import { contentProblems, problemAt } from "../support/errors.ts";

/** Writes one file into a fresh temp folder and runs `act` on its path. */
async function withFile<T>(text: string, act: (file: string) => Promise<T>): Promise<T> {
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

  const { problems, file } = await withFile(garbage, async (file) => ({ problems: await contentProblems(() => readPublicKey(file)), file }));

  const problem = problemAt(problems, "(key)");
  assert.is(problem.file, file);
  assert.match(problem.expected, "an ASCII-armored OpenPGP public key");
});

test("should refuse to publish a real private key", async () => {
  const { privateKey } = await generateKey({ type: "ecc", curve: "curve25519Legacy", userIDs: [{ name: "Test" }], format: "armored" });

  const problems = await withFile(privateKey, (file) => contentProblems(() => readPublicKey(file)));

  assert.match(problemAt(problems, "(key)").expected, "a PUBLIC key block; this file holds a private key");
});

test("should keep the fingerprint in the build cache and read it from there next time", async () => {
  const cache = mkdtempSync(join(tmpdir(), "folio-cache-"));
  useBuildCache(cache);
  try {
    const first = await readPublicKey(PGP_FIXTURE);
    const files = readdirSync(join(cache, "pgp"));
    assert.is(files.length, 1);
    assert.equal(JSON.parse(readFileSync(join(cache, "pgp", files[0] ?? ""), "utf8")), { fingerprint: PGP_FINGERPRINT });
    assert.is(first?.fingerprint, PGP_FINGERPRINT);
    // What the cache says is what the build uses: openpgp is not asked again.
    writeFileSync(join(cache, "pgp", files[0] ?? ""), JSON.stringify({ fingerprint: "CACHED" }));
    assert.is((await readPublicKey(PGP_FIXTURE))?.fingerprint, "CACHED");
  } finally {
    useBuildCache(undefined);
    rmSync(cache, { recursive: true, force: true });
  }
});

test.run();
