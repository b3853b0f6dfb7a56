import { test } from "uvu";
import * as assert from "uvu/assert";
import { ContentError } from "../../../src/content/content-error.ts";
import { githubSettings, type GithubEnvironment } from "../../../src/github/settings.ts";
import { forgetSecrets, redact } from "../../../src/util/redact.ts";

const TOKEN = "ghp_SETTINGS0TEST0TOKEN00000000000000000";

test.after(() => {
  forgetSecrets();
});

function refusal(env: GithubEnvironment): ContentError {
  try {
    githubSettings(env);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error("githubSettings should have refused these settings");
}

test("should give no settings without a token, and the defaults with one", () => {
  assert.is(githubSettings({}), null);
  assert.is(githubSettings({ GITHUB_TOKEN: "   " }), null);
  assert.equal(githubSettings({ GITHUB_TOKEN: ` ${TOKEN}\n` }), {
    endpoint: "https://api.github.com/graphql",
    token: TOKEN,
    timeoutMs: 10_000,
    cacheDirectory: ".cache/github",
    cacheMaxAgeMs: 86_400_000,
  });
});

test("should refuse a cache duration or timeout it cannot read, instead of silently ignoring it", () => {
  const problems = refusal({ GITHUB_TOKEN: TOKEN, GITHUB_CACHE_DURATION: "1 day", GITHUB_TIMEOUT_MS: "ten" }).problems;
  assert.equal(
    problems.map((p) => [p.file, p.actual]),
    [
      ["GITHUB_CACHE_DURATION", "1 day"],
      ["GITHUB_TIMEOUT_MS", "ten"],
    ],
  );
  assert.is(
    githubSettings({ GITHUB_TOKEN: TOKEN, GITHUB_CACHE_DURATION: "6h", GITHUB_TIMEOUT_MS: "2500" })?.timeoutMs,
    2500,
  );
});

test("should refuse a token too short to be GitHub's, without showing it", () => {
  const problems = refusal({ GITHUB_TOKEN: "abc" }).problems;
  assert.equal(
    problems.map((p) => p.file),
    ["GITHUB_TOKEN"],
  );
  assert.match(problems[0]?.expected ?? "", /20 characters or more/);
  assert.not.match(JSON.stringify(problems), /abc/);
});

test("should register the token as a secret as soon as the settings are read", () => {
  githubSettings({ GITHUB_TOKEN: TOKEN });

  assert.is(redact(`echo ${TOKEN}`), "echo [redacted]");
});

const badTokens: [string, string, string][] = [
  ["a line break", "ghp_FAKE123\nx", "a line break"],
  ["a carriage return", "ghp_FAKE123\rx", "a line break"],
  ["a control character", "ghp_FAKE\u001b[31m123", "a control character"],
  ["a tab", "ghp_FAKE\t123", "a control character"],
  ["a space inside", "ghp_FAKE 123", "a space"],
  ["a character outside Latin-1", "ghp_FAKE\u2603123", "outside printable ASCII"],
  ["a non-ASCII Latin-1 character", "ghp_FAKE\u00e9123", "outside printable ASCII"],
];

for (const [name, token, words] of badTokens) {
  test(`should refuse a token with ${name} before any request, naming GITHUB_TOKEN and not the value`, () => {
    const error = refusal({ GITHUB_TOKEN: token });

    assert.is(error.problems.length, 1);
    assert.is(error.problems[0]?.file, "GITHUB_TOKEN");
    assert.match(error.message, words);
    assert.not.match(error.message, "ghp_FAKE");
    assert.not.match(redact(`x ${token.trim()} x`), "ghp_FAKE");
  });
}

test("should refuse a user name or password in GITHUB_GRAPHQL_URL without showing them, and redact them", () => {
  const error = refusal({
    GITHUB_TOKEN: TOKEN,
    GITHUB_GRAPHQL_URL: "http://user:ghp_SECRET0IN0URL@127.0.0.1:9/graphql",
  });

  assert.is(error.problems[0]?.file, "GITHUB_GRAPHQL_URL");
  assert.match(error.message, "without a user name or password");
  assert.not.match(error.message, "ghp_SECRET0IN0URL");
  assert.not.match(error.message, "127.0.0.1");
  assert.is(redact("seen ghp_SECRET0IN0URL and ghp_SECRET0IN0URL%21"), "seen [redacted] and [redacted]%21");
});

test("should refuse a token given as the URL's user name alone", () => {
  const error = refusal({
    GITHUB_TOKEN: TOKEN,
    GITHUB_GRAPHQL_URL: "https://ghp_USERNAME0TOKEN@api.github.com/graphql",
  });

  assert.match(error.message, "GITHUB_GRAPHQL_URL");
  assert.not.match(error.message, "ghp_USERNAME0TOKEN");
  assert.is(redact("ghp_USERNAME0TOKEN"), "[redacted]");
});

for (const endpoint of [
  "javascript:alert(1)",
  "file:///etc/passwd",
  "ftp://example.org/graphql",
  "not a url",
  "http://exa\tmple.org/graphql",
  "/graphql",
]) {
  test(`should refuse the endpoint ${JSON.stringify(endpoint)}: only http(s) URLs are asked`, () => {
    const error = refusal({ GITHUB_TOKEN: TOKEN, GITHUB_GRAPHQL_URL: endpoint });

    assert.is(error.problems[0]?.file, "GITHUB_GRAPHQL_URL");
    assert.match(error.message, "http(s) URL");
  });
}

test("should not register a short user name, which would garble every message, yet redact it in URLs", () => {
  const error = refusal({
    GITHUB_TOKEN: TOKEN,
    GITHUB_GRAPHQL_URL: "http://u:ghp_PASSWORD0SECRET@127.0.0.1:9/graphql",
  });

  assert.match(error.message, "expected a URL without a user name or password");
  assert.is(redact("user-agent http://u:x@host/"), "user-agent http://[redacted]@host/");
  assert.is(redact("ghp_PASSWORD0SECRET"), "[redacted]");
});

test("should report a bad token and a bad endpoint together", () => {
  const error = refusal({ GITHUB_TOKEN: "bad\ntoken", GITHUB_GRAPHQL_URL: "file:///x" });

  assert.equal(
    error.problems.map((p) => p.file),
    ["GITHUB_TOKEN", "GITHUB_GRAPHQL_URL"],
  );
});

test.run();
