import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertLinear } from "../support/linear-time.ts";
import {
  forgetSecrets,
  REDACTED,
  redact,
  redactJson,
  registerSecret,
  secretsIn,
  withoutHiddenCharacters,
} from "../../../src/util/redact.ts";

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

test("should read a megabyte of dotted words once for user names in URLs, and still find one after it", () => {
  // Each word of `a.a.a…` began a scheme read to the run's end: 80 KB took 1.9 s, 1 MiB minutes,
  // and a GitHub answer of 32 MiB (a title, an error message) days.
  const dotted = "a.".repeat(500_000);

  assert.is(redact(dotted), dotted);
  assert.is(redact(`${dotted} https://user:pw@github.com/`), `${dotted} https://${REDACTED}@github.com/`);
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
  const parsed: unknown = JSON.parse(
    `{"data":{"title":"leak ${TOKEN}","list":[1,"${TOKEN}",null],"${TOKEN}":true,"__proto__":{"x":1}}}`,
  );

  const redacted = redactJson(parsed);

  assert.not.match(JSON.stringify(redacted), TOKEN);
  assert.is(
    JSON.stringify(redacted),
    `{"data":{"title":"leak ${REDACTED}","list":[1,"${REDACTED}",null],"${REDACTED}":true,"__proto__":{"x":1}}}`,
  );
});

test("should catch a secret written with \\u escapes in JSON", () => {
  registerSecret(TOKEN);
  const escaped = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

  const redacted = redactJson(JSON.parse(`{"message":"${escaped}"}`));

  assert.equal(JSON.stringify(redacted), `{"message":"${REDACTED}"}`);
});

/** The token with `inside` between its 6th and 7th characters, and once more near its end. */
const disguised = (inside: string): string =>
  `${TOKEN.slice(0, 6)}${inside}${TOKEN.slice(6, -3)}${inside}${TOKEN.slice(-3)}`;

const DISGUISES: [string, string][] = [
  ["BEL", "\u0007"],
  ["DEL", "\u007f"],
  ["NEL (C1)", "\u0085"],
  ["CSI (C1)", "\u009b"],
  ["zero-width joiner", "\u200d"],
  ["zero-width space", "\u200b"],
  ["line separator", "\u2028"],
  ["paragraph separator", "\u2029"],
  ["word joiner", "\u2060"],
  ["byte order mark", "\ufeff"],
  ["right-to-left override", "\u202e"],
  ["soft hyphen", "\u00ad"],
  ["a run of several", "\u200d\u0007\u2028\u200b"],
];

for (const [name, inside] of DISGUISES) {
  test(`should remove a secret with ${name} inside it, disguise and all`, () => {
    registerSecret(TOKEN);

    const text = redact(`title ${disguised(inside)} end`);

    assert.is(text, `title ${REDACTED} end`);
  });
}

test("should find the disguised secret that cleaning would reveal, before and after cleaning", () => {
  registerSecret(TOKEN);
  const raw = `pull: ${disguised("\u0007\u200d")}`;

  assert.is(withoutHiddenCharacters(raw), `pull: ${TOKEN}`);
  assert.is(redact(raw), `pull: ${REDACTED}`);
  assert.is(redact(withoutHiddenCharacters(raw)), `pull: ${REDACTED}`);
});

test("should not take visible characters inside a secret for a disguise", () => {
  registerSecret(TOKEN);
  const split = `${TOKEN.slice(0, 10)} ${TOKEN.slice(10)} and ${TOKEN.slice(0, 10)}x${TOKEN.slice(10)}`;

  assert.is(redact(split), split);
});

test("should remove a secret with regular-expression characters literally, not as a pattern", () => {
  registerSecret("a.b*c+d?(e)[f]{g}|h^$\\i/j-k");

  assert.is(redact("x a.b*c+d?(e)[f]{g}|h^$\\i/j-k y"), `x ${REDACTED} y`);
  assert.is(redact("x aXbbbcdde y"), "x aXbbbcdde y");
});

test("should name the settings whose secrets a text carries, disguised or not, never their values", () => {
  registerSecret(TOKEN, "GITHUB_TOKEN");
  registerSecret("s3cret-password", "GITHUB_GRAPHQL_URL");

  assert.equal(secretsIn(`a ${disguised("\u200d")} b`), ["GITHUB_TOKEN"]);
  assert.equal(secretsIn(`${TOKEN} s3cret\u2028-password ${TOKEN}`), ["GITHUB_GRAPHQL_URL", "GITHUB_TOKEN"]);
  assert.equal(secretsIn("nothing here"), []);
});

test("should find nothing when no secret is registered", () => {
  assert.equal(secretsIn(TOKEN), []);
  assert.is(redact(TOKEN), TOKEN);
});

test("should remove control and invisible characters, and keep tabs, line feeds and visible text", () => {
  const text = withoutHiddenCharacters("a\u0007b\u007fc\u0085d\u200be\u200df\u2028g\u202eh\ufeffi\tj\nk é 👍");

  assert.is(text, "abcdefghi\tj\nk é 👍");
});

test("should keep the joiners of an emoji sequence and of a Persian word, and drop them between ASCII", () => {
  const text = "👩\u200d💻 می\u200cخواهم ab\u200dcd \u200c👍 👍\u200d";

  assert.is(withoutHiddenCharacters(text), "👩\u200d💻 می\u200cخواهم abcd 👍 👍");
});

test("should search text for secrets in time linear in its length (1 MiB and 10 MiB)", () => {
  registerSecret(TOKEN, "GITHUB_TOKEN");
  const text = (scale: number) => "<p>ghp_ and g and some text, ".repeat(40_000 * scale);

  assert.equal(secretsIn(text(1)), []);
  assertLinear("secretsIn", (scale) => {
    const input = text(scale);
    return () => secretsIn(input);
  });
});

test.run();
