import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { ErrorObject } from "ajv/dist/2020.js";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { standaloneValidators, type ValidatorSet } from "../../../src/checks/standalone-validators.ts";
import { keepEntry, useBuildCache } from "../../../src/util/build-cache.ts";

const ID = "urn:folio:test";
const schema = {
  type: "object",
  required: ["name", "site"],
  additionalProperties: false,
  properties: {
    name: { type: "string", pattern: "^[a-z]+$", expected: "lowercase letters" },
    site: { type: "string", format: "uri" },
  },
};

function set(fingerprint: unknown = schema): ValidatorSet {
  return {
    name: "test",
    fingerprint,
    ids: [ID],
    options: { allErrors: true, strict: true, verbose: true },
    vocabulary: ["expected"],
    addSchemas: (ajv) => ajv.addSchema(fingerprint as object, ID),
  };
}

/** The validators of a build whose build cache is `root` (none: compiled in memory only). */
function validatorsWith(root: string | undefined, fingerprint: unknown = schema) {
  useBuildCache(root);
  try {
    return standaloneValidators(set(fingerprint));
  } finally {
    useBuildCache(undefined);
  }
}

/** What a caller reads of the errors, the `expected` annotation of verbose mode included. */
function errorsOf(root: string | undefined, value: unknown): unknown[] {
  const validate = validatorsWith(root).get(ID);
  if (!validate) throw new Error("no validator");
  validate(value);
  return (validate.errors ?? []).map((error: ErrorObject) => ({
    keyword: error.keyword,
    instancePath: error.instancePath,
    params: error.params,
    expected: (error.parentSchema as { expected?: string } | undefined)?.expected,
  }));
}

/** Runs with a fresh build cache: `root`, and `dir`, the validators' folder in it. */
function withCache(run: (root: string, dir: string) => void): () => void {
  return () => {
    const root = mkdtempSync(join(tmpdir(), "folio-validators-"));
    try {
      run(root, join(root, "validators"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
}

const BAD = { name: "Not Lower", site: "not a uri", extra: 1 };

test(
  "should give the same errors from cached code as from a fresh compile",
  withCache((root) => {
    const fresh = errorsOf(undefined, BAD);
    const compiledAndSaved = errorsOf(root, BAD);
    const loadedFromCode = errorsOf(root, BAD);
    assert.ok(fresh.length >= 3, JSON.stringify(fresh));
    assert.equal(compiledAndSaved, fresh);
    assert.equal(loadedFromCode, fresh);
    assert.ok(loadedFromCode.some((error) => (error as { expected?: string }).expected === "lowercase letters"));
  }),
);

test(
  "should accept valid data from cached code",
  withCache((root) => {
    errorsOf(root, BAD);
    assert.equal(errorsOf(root, { name: "ok", site: "https://example.org/" }), []);
  }),
);

test(
  "should keep one file per fingerprint",
  withCache((root, dir) => {
    validatorsWith(root);
    validatorsWith(root);
    assert.is(readdirSync(dir).length, 1);
    validatorsWith(root, { ...schema, required: ["name"] });
    assert.is(readdirSync(dir).length, 2);
  }),
);

/** The one cached file of the test set, after a first call made it. */
function cachedFile(root: string, dir: string): string {
  validatorsWith(root);
  const [name, ...others] = readdirSync(dir);
  if (!name || others.length > 0) throw new Error(`expected one cached file, found ${readdirSync(dir).join(", ")}`);
  return join(dir, name);
}

/** Kept as sound entries (their digest right) in the set's place: only running the code tells. */
const FORGED: Record<string, string> = {
  "code that exports no validator": `"use strict";module.exports.v1 = () => true;`,
  "code that throws": `throw new Error("no");`,
  "code that is not JavaScript": "<?php",
};

for (const [what, code] of Object.entries(FORGED)) {
  test(
    `should compile again and overwrite a sound entry that is ${what}`,
    withCache((root, dir) => {
      const fresh = errorsOf(undefined, BAD);
      const file = cachedFile(root, dir);
      const before = readFileSync(file);
      const warn = console.warn;
      console.warn = () => {};
      try {
        keepEntry(dir, basename(file), code);
        assert.equal(errorsOf(root, BAD), fresh);
      } finally {
        console.warn = warn;
      }
      assert.ok(readFileSync(file).equals(before), "the entry is written anew as it was");
    }),
  );
}

test.run();
