import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { ErrorObject } from "ajv/dist/2020.js";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { standaloneValidators, type ValidatorSet } from "../../../src/checks/standalone-validators.ts";
import { keepEntry } from "../../../src/util/build-cache.ts";

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

function set(cacheDir: string | undefined, fingerprint: unknown = schema): ValidatorSet {
  return {
    cacheDir,
    name: "test",
    fingerprint,
    ids: [ID],
    options: { allErrors: true, strict: true, verbose: true },
    vocabulary: ["expected"],
    addSchemas: (ajv) => ajv.addSchema(fingerprint as object, ID),
  };
}

/** What a caller reads of the errors, the `expected` annotation of verbose mode included. */
function errorsOf(cacheDir: string | undefined, value: unknown): unknown[] {
  const validate = standaloneValidators(set(cacheDir)).get(ID);
  if (!validate) throw new Error("no validator");
  validate(value);
  return (validate.errors ?? []).map((error: ErrorObject) => ({
    keyword: error.keyword,
    instancePath: error.instancePath,
    params: error.params,
    expected: (error.parentSchema as { expected?: string } | undefined)?.expected,
  }));
}

function withCache(run: (dir: string) => void): () => void {
  return () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-validators-"));
    try {
      run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

const BAD = { name: "Not Lower", site: "not a uri", extra: 1 };

test(
  "should give the same errors from cached code as from a fresh compile",
  withCache((dir) => {
    const fresh = errorsOf(undefined, BAD);
    const compiledAndSaved = errorsOf(dir, BAD);
    const loadedFromCode = errorsOf(dir, BAD);
    assert.ok(fresh.length >= 3, JSON.stringify(fresh));
    assert.equal(compiledAndSaved, fresh);
    assert.equal(loadedFromCode, fresh);
    assert.ok(loadedFromCode.some((error) => (error as { expected?: string }).expected === "lowercase letters"));
  }),
);

test(
  "should accept valid data from cached code",
  withCache((dir) => {
    errorsOf(dir, BAD);
    assert.equal(errorsOf(dir, { name: "ok", site: "https://example.org/" }), []);
  }),
);

test(
  "should keep one file per fingerprint",
  withCache((dir) => {
    standaloneValidators(set(dir));
    standaloneValidators(set(dir));
    assert.is(readdirSync(dir).length, 1);
    standaloneValidators(set(dir, { ...schema, required: ["name"] }));
    assert.is(readdirSync(dir).length, 2);
  }),
);

/** The one cached file of the test set, after a first call made it. */
function cachedFile(dir: string): string {
  standaloneValidators(set(dir));
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
    withCache((dir) => {
      const fresh = errorsOf(undefined, BAD);
      const file = cachedFile(dir);
      const before = readFileSync(file);
      const warn = console.warn;
      console.warn = () => {};
      try {
        keepEntry(dir, basename(file), code);
        assert.equal(errorsOf(dir, BAD), fresh);
      } finally {
        console.warn = warn;
      }
      assert.ok(readFileSync(file).equals(before), "the entry is written anew as it was");
    }),
  );
}

test.run();
