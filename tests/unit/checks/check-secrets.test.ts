import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkSecrets } from "../../../src/checks/check-secrets.ts";
import { ContentError } from "../../../src/content/content-error.ts";
import { forgetSecrets, registerSecret } from "../../../src/util/redact.ts";

const TOKEN = "ghp_CHECK0SECRETS0TOKEN0000000000000000";

interface Tree {
  dir: string;
  /** What "Eleventy wrote": absolute path -> text. */
  written: Map<string, string>;
  /** The other files of the build (assets, images), read from disk. */
  made: Set<string>;
}

/** A synthetic build: `written` files are kept in memory only, `made` files are written to disk. */
function tree(written: Record<string, string>, made: Record<string, string | Uint8Array> = {}): Tree {
  const dir = mkdtempSync(join(tmpdir(), "g1-secrets-"));
  const result: Tree = { dir, written: new Map(), made: new Set() };
  for (const [path, text] of Object.entries(written)) result.written.set(join(dir, path), text);
  for (const [path, content] of Object.entries(made)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    result.made.add(file);
  }
  return result;
}

const trees: Tree[] = [];
function check(written: Record<string, string>, made: Record<string, string | Uint8Array> = {}): string[] {
  const t = tree(written, made);
  trees.push(t);
  return checkSecrets(t.dir, t.written, t.made).map((p) => `${p.file}: ${p.field}: expected ${p.expected}`);
}

test.before.each(() => {
  forgetSecrets();
});

test.after(() => {
  forgetSecrets();
  for (const t of trees) rmSync(t.dir, { recursive: true, force: true });
});

const CARRIES =
  "no secret, but it carries the value of GITHUB_TOKEN (not shown): remove it from content/ or the GitHub snapshot";

test("should accept a build whose files carry no registered secret", () => {
  registerSecret(TOKEN, "GITHUB_TOKEN");

  const problems = check(
    { "index.html": "<p>ghp_ is how tokens start</p>", "api/v1/profile.json": '{"headline":"Hello"}' },
    { "assets/site.css": "body{}" },
  );

  assert.equal(problems, []);
});

test("should name every file that carries the token, disguised or not, in path order, without the value", () => {
  registerSecret(TOKEN, "GITHUB_TOKEN");
  const withJoiner = `${TOKEN.slice(0, 8)}\u200d${TOKEN.slice(8)}`;
  const withBell = `${TOKEN.slice(0, 4)}\u0007\u2028${TOKEN.slice(4)}`;

  const problems = check(
    {
      "card.txt": `Token ${TOKEN}`,
      "api/v1/profile.json": JSON.stringify({ headline: `Token ${withJoiner}` }),
      "index.html": "<p>clean</p>",
      "card.ansi": `\u001b[1m${withBell}\u001b[0m`,
    },
    { "blog/posts/a/diagram.svg": `<svg><text>${TOKEN}</text></svg>` },
  );

  assert.equal(problems, [
    `api/v1/profile.json: (built file): expected ${CARRIES}`,
    `blog/posts/a/diagram.svg: (built file): expected ${CARRIES}`,
    `card.ansi: (built file): expected ${CARRIES}`,
    `card.txt: (built file): expected ${CARRIES}`,
  ]);
  const message = new ContentError(
    checkSecrets(trees.at(-1)?.dir ?? "", trees.at(-1)?.written ?? new Map(), trees.at(-1)?.made),
  ).message;
  assert.not.ok(message.includes(TOKEN.slice(4)), "the message must not carry the value");
});

test("should find a secret in a binary file of the build, read from disk", () => {
  registerSecret(TOKEN, "GITHUB_TOKEN");
  const png = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0xff,
    0xfe,
    ...Buffer.from(`tEXtComment\u0000${TOKEN}`),
    0x00,
    0xc3,
  ]);

  const problems = check({}, { "og/site.png": png });

  assert.equal(problems, [`og/site.png: (built file): expected ${CARRIES}`]);
});

test("should name each setting whose secret a file carries", () => {
  registerSecret(TOKEN, "GITHUB_TOKEN");
  registerSecret("proxy-password-123", "GITHUB_GRAPHQL_URL");

  const problems = check({ "feed.xml": `<title>${TOKEN} proxy-password-123</title>` });

  assert.equal(problems.length, 1);
  assert.match(problems[0] ?? "", "carries the value of GITHUB_GRAPHQL_URL and GITHUB_TOKEN (not shown)");
});

test("should read nothing when no secret is registered", () => {
  const problems = check({ "card.txt": TOKEN }, { "assets/gone.css": "x" });

  assert.equal(problems, []);
});

test("should skip a made file that is gone, and report one that cannot be read", () => {
  registerSecret(TOKEN, "GITHUB_TOKEN");
  const t = tree({}, { "assets/site.css": "body{}" });
  trees.push(t);
  t.made.add(join(t.dir, "assets", "removed.css"));
  // A folder where a file was made: reading it fails (EISDIR), whoever runs the test.
  mkdirSync(join(t.dir, "assets", "odd.css"));
  t.made.add(join(t.dir, "assets", "odd.css"));

  const problems = checkSecrets(t.dir, t.written, t.made).map((p) => `${p.file}: ${p.expected}`);

  assert.equal(problems, ["assets/odd.css: a file this check can read, so that it can be searched for secrets"]);
});

test.run();
