import { test } from "uvu";
import * as assert from "uvu/assert";
import { forgetSecrets, REDACTED, redact, redactJson, registerSecret } from "../../../src/util/redact.ts";

const TOKEN = "ghp_R3dact+Me/Please=0123456789abcdefghij";

test.before.each(() => {
  forgetSecrets();
});

test.after(() => {
  forgetSecrets();
});

test("should remove a registered secret wherever it appears", () => {
  registerSecret(TOKEN);

  const text = redact(`Bad credentials: bearer ${TOKEN}; again ${TOKEN}.`);

  assert.is(text, `Bad credentials: bearer ${REDACTED}; again ${REDACTED}.`);
});

test("should remove the URL-encoded and JSON-escaped forms of a secret", () => {
  const quoted = 'tok"en\\with-quote0123456789';
  registerSecret(TOKEN);
  registerSecret(quoted);

  const text = redact(`?access_token=${encodeURIComponent(TOKEN)} body=${JSON.stringify(quoted)}`);

  assert.not.match(text, encodeURIComponent(TOKEN));
  assert.not.match(text, JSON.stringify(quoted).slice(1, -1));
  assert.is(text, `?access_token=${REDACTED} body="${REDACTED}"`);
});

test("should remove the user name and password of any URL, registered or not", () => {
  const text = redact("POST http://user:s3cret@127.0.0.1:8080/graphql and https://ghp_abc@github.com/x failed");

  assert.is(text, `POST http://${REDACTED}@127.0.0.1:8080/graphql and https://${REDACTED}@github.com/x failed`);
});

test("should leave mail addresses and an @ in a URL's path alone", () => {
  const text = redact("write to mailto:margo@example.org or see https://example.org/@margo");

  assert.is(text, "write to mailto:margo@example.org or see https://example.org/@margo");
});

test("should remove a secret that contains another one whole", () => {
  registerSecret("abc123secret");
  registerSecret("abc123secret-and-more");

  assert.is(redact("x abc123secret-and-more y"), `x ${REDACTED} y`);
});

test("should ignore an empty secret and leave texts without secrets unchanged", () => {
  registerSecret("");

  assert.is(redact("GitHub answered HTTP 502"), "GitHub answered HTTP 502");
});

test("should redact every string of a JSON value, keys too, and keep `__proto__` a plain key", () => {
  registerSecret(TOKEN);
  const parsed: unknown = JSON.parse(`{"data":{"title":"leak ${TOKEN}","list":[1,"${TOKEN}",null],"${TOKEN}":true,"__proto__":{"x":1}}}`);

  const redacted = redactJson(parsed);

  assert.not.match(JSON.stringify(redacted), TOKEN);
  assert.is(JSON.stringify(redacted), `{"data":{"title":"leak ${REDACTED}","list":[1,"${REDACTED}",null],"${REDACTED}":true,"__proto__":{"x":1}}}`);
});

test("should catch a secret written with \\u escapes in JSON", () => {
  registerSecret(TOKEN);
  const escaped = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

  const redacted = redactJson(JSON.parse(`{"message":"${escaped}"}`));

  assert.equal(JSON.stringify(redacted), `{"message":"${REDACTED}"}`);
});

test.run();
