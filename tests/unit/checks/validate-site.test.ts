import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  formatProblems,
  validateSite,
  type ApiOutput,
  type ValidationProblem,
} from "../../../src/checks/validate-site.ts";
import { Uri } from "../../../src/schemas/common.ts";
import { useBuildCache } from "../../../src/util/build-cache.ts";

const BASE = "https://x.example";
const api: ApiOutput = { openapi: "api/openapi.json", root: "", owns: ["api/v1"], pages: ["api/v1/index.html"] };

/** The published description: note that no schema says `additionalProperties: false`. */
const openapi = {
  openapi: "3.1.0",
  info: { title: "Tiny", version: "1.0.0" },
  servers: [{ url: BASE }],
  paths: {
    "/api/v1/things.json": {
      get: {
        responses: {
          "200": {
            description: "All things",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["meta", "data"],
                  properties: {
                    meta: { $ref: "#/components/schemas/Meta" },
                    data: { type: "array", items: { $ref: "#/components/schemas/Thing" } },
                  },
                },
              },
            },
          },
        },
      },
    },
    "/api/v1/things/{name}.json": {
      get: {
        parameters: [{ name: "name", in: "path", required: true, schema: { type: "string", enum: ["a", "b"] } }],
        responses: {
          "200": {
            description: "One thing",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["meta", "data"],
                  properties: {
                    meta: { $ref: "#/components/schemas/Meta" },
                    data: { $ref: "#/components/schemas/Thing" },
                  },
                },
              },
            },
          },
        },
      },
    },
    "/api/v1/card.txt": {
      get: {
        responses: {
          "200": { description: "Card", content: { "text/plain": { schema: { type: "string", minLength: 1 } } } },
        },
      },
    },
    "/api/v1/feed.xml": {
      get: {
        responses: {
          "200": {
            description: "Feed",
            content: { "application/rss+xml": { schema: { type: "string", pattern: "^<\\?xml " } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Meta: { type: "object", required: ["self"], properties: { self: { type: "string", format: "uri" } } },
      Thing: {
        type: "object",
        required: ["name", "count"],
        // The real URL field of the resource schemas, so the tests below prove what they publish.
        properties: {
          name: { type: "string" },
          count: { type: "integer", minimum: 0 },
          url: JSON.parse(JSON.stringify(Uri("Its page"))) as unknown,
        },
      },
    },
  },
};

const thing = (name: string, count = 1, url = `${BASE}/things/${name}/`) => ({ name, count, url });
const FEED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel><title>T</title></channel>\n</rss>\n';
const file = (path: string, data: unknown) => ({ meta: { self: `${BASE}/${path}` }, data });

/** The files of a valid build, by path under the output folder. */
function validFiles(): Record<string, unknown> {
  return {
    "api/openapi.json": openapi,
    "api/v1/things.json": file("api/v1/things.json", [thing("a"), thing("b", 2)]),
    "api/v1/things/a.json": file("api/v1/things/a.json", thing("a")),
    "api/v1/things/b.json": file("api/v1/things/b.json", thing("b", 2)),
    "api/v1/card.txt": "a card\n",
    "api/v1/feed.xml": FEED,
  };
}

/** Writes a build output (strings as they are, other values as JSON; null leaves a file out) and validates it. */
function validate(changes: Record<string, unknown> = {}, cacheRoot?: string): ValidationProblem[] {
  const dir = mkdtempSync(join(tmpdir(), "folio-site-"));
  try {
    for (const [path, body] of Object.entries({ ...validFiles(), ...changes })) {
      if (body === null) continue;
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), typeof body === "string" ? body : JSON.stringify(body, null, 2));
    }
    useBuildCache(cacheRoot);
    return validateSite(dir, [api]);
  } finally {
    useBuildCache(undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

test("should check again only a file whose text or document changed since it passed (npm start)", () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-passed-"));
  const write = (path: string, body: unknown) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof body === "string" ? body : JSON.stringify(body, null, 2));
  };
  try {
    for (const [path, body] of Object.entries(validFiles())) write(path, body);
    const passed = new Map<string, { text: string; document: string }>();
    assert.equal(validateSite(dir, [api], undefined, passed), []);
    assert.ok(passed.has(join(dir, "api/v1/things/a.json")));
    write("api/v1/things/a.json", file("api/v1/things/a.json", { name: "a" }));
    assert.is(onlyProblem(validateSite(dir, [api], undefined, passed)).file, "api/v1/things/a.json", "a changed file");
    // As if an earlier build had passed this text: it is not checked again...
    const invalid = JSON.stringify(file("api/v1/things/a.json", { name: "a" }), null, 2);
    const document = JSON.stringify(openapi, null, 2);
    passed.set(join(dir, "api/v1/things/a.json"), { text: invalid, document });
    assert.equal(validateSite(dir, [api], undefined, passed), []);
    // ...unless its document changed.
    passed.set(join(dir, "api/v1/things/a.json"), { text: invalid, document: `${document} ` });
    assert.is(onlyProblem(validateSite(dir, [api], undefined, passed)).file, "api/v1/things/a.json");
    // A file the build no longer has is forgotten: the map holds one build's files at most.
    assert.ok(passed.has(join(dir, "api/v1/things/b.json")));
    write("api/v1/things/a.json", validFiles()["api/v1/things/a.json"]);
    rmSync(join(dir, "api/v1/things/b.json"));
    assert.match(onlyProblem(validateSite(dir, [api], undefined, passed)).rule, "missing");
    assert.not.ok(passed.has(join(dir, "api/v1/things/b.json")));
    // The document read again once its text changes: here it no longer declares b.json.
    const paths = {
      ...openapi.paths,
      "/api/v1/things/{name}.json": structuredClone(openapi.paths["/api/v1/things/{name}.json"]),
    };
    paths["/api/v1/things/{name}.json"].get.parameters[0]!.schema.enum = ["a"];
    write("api/openapi.json", { ...openapi, paths });
    assert.equal(validateSite(dir, [api], undefined, passed), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The only problem, failing with the whole list when there is not exactly one. */
function onlyProblem(problems: ValidationProblem[]): ValidationProblem {
  assert.is(problems.length, 1, formatProblems(problems));
  return problems[0] as ValidationProblem;
}

test("should accept a build whose files match the description", () => {
  const problems = validate();

  assert.equal(problems, []);
});

test("should reject a field the description does not declare, though the published schema allows others", () => {
  assert.not.match(JSON.stringify(openapi), "additionalProperties");

  const problem = onlyProblem(
    validate({ "api/v1/things/a.json": file("api/v1/things/a.json", { ...thing("a"), colour: "red" }) }),
  );

  assert.is(problem.file, join("api", "v1", "things", "a.json"));
  assert.is(problem.pointer, "/data");
  assert.match(problem.rule, '"colour" (not declared in the OpenAPI description)');
  assert.match(problem.rule, "additionalProperties");
});

test("should reject an undeclared field inside an item of a list", () => {
  const problem = onlyProblem(
    validate({ "api/v1/things.json": file("api/v1/things.json", [thing("a"), { ...thing("b"), extra: 1 }]) }),
  );

  assert.is(problem.file, join("api", "v1", "things.json"));
  assert.is(problem.pointer, "/data/1");
  assert.match(problem.rule, '"extra"');
});

test("should reject an undeclared field in meta", () => {
  const body = { meta: { self: `${BASE}/api/v1/things/b.json`, extra: true }, data: thing("b") };

  const problem = onlyProblem(validate({ "api/v1/things/b.json": body }));

  assert.is(problem.pointer, "/meta");
  assert.match(problem.rule, '"extra"');
});

test("should reject a value of the wrong type", () => {
  const problem = onlyProblem(
    validate({ "api/v1/things/a.json": file("api/v1/things/a.json", { name: "a", count: "3" }) }),
  );

  assert.is(problem.file, join("api", "v1", "things", "a.json"));
  assert.is(problem.pointer, "/data/count");
  assert.match(problem.rule, "must be integer");
  assert.match(problem.rule, "[type at");
});

test("should reject an object without a required key", () => {
  const problem = onlyProblem(validate({ "api/v1/things/b.json": file("api/v1/things/b.json", { name: "b" }) }));

  assert.is(problem.pointer, "/data");
  assert.match(problem.rule, "must have required property 'count'");
  assert.match(problem.rule, "[required at");
});

test("should reject an empty text file whose schema needs text", () => {
  const problem = onlyProblem(validate({ "api/v1/card.txt": "" }));

  assert.is(problem.file, join("api", "v1", "card.txt"));
  assert.is(problem.pointer, "/");
  assert.match(problem.rule, "minLength");
});

test("should accept http, https and mixed-case scheme URLs in a URL field", () => {
  const problems = validate({
    "api/v1/things/a.json": file("api/v1/things/a.json", thing("a", 1, "http://x.example/a")),
    "api/v1/things/b.json": file("api/v1/things/b.json", thing("b", 2, "HTTPS://x.example/b")),
  });

  assert.equal(problems, []);
});

test("should reject a javascript: URL in a URL field, though format uri allows any scheme", () => {
  const problem = onlyProblem(
    validate({ "api/v1/things/a.json": file("api/v1/things/a.json", thing("a", 1, "javascript:alert(1)")) }),
  );

  assert.is(problem.file, join("api", "v1", "things", "a.json"));
  assert.is(problem.pointer, "/data/url");
  assert.match(problem.rule, "[pattern at");
});

test("should reject data:, file: and mailto: URLs in a web URL field, inside a list too", () => {
  const bad = ["data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "mailto:a@x.example"];

  const problems = validate({
    "api/v1/things.json": file(
      "api/v1/things.json",
      bad.map((url, i) => thing(`t${i}`, i, url)),
    ),
  });

  const byPattern = problems.filter((p) => p.rule.includes("[pattern at")).map((p) => p.pointer);
  assert.equal(byPattern, ["/data/0/url", "/data/1/url", "/data/2/url"], formatProblems(problems));
});

test("should reject an XML file with a character XML 1.0 forbids, as strict parsers do", () => {
  const feed = FEED.replace("<title>T</title>", "<title>T\u001b]0;PWNED\u0007</title>");

  const problem = onlyProblem(validate({ "api/v1/feed.xml": feed }));

  assert.is(problem.file, join("api", "v1", "feed.xml"));
  assert.match(problem.rule, /^not well-formed XML \(3:\d+: disallowed character\.\)$/);
});

test("should reject an XML file whose elements do not close in order, with the line of the fault", () => {
  const problem = onlyProblem(validate({ "api/v1/feed.xml": FEED.replace("</channel>", "</title>") }));

  assert.match(problem.rule, /^not well-formed XML \(3:\d+: unexpected close tag\.\)$/);
});

test("should reject an XML file with an undeclared namespace prefix", () => {
  const problem = onlyProblem(
    validate({ "api/v1/feed.xml": FEED.replace("<title>T</title>", "<content:encoded>x</content:encoded>") }),
  );

  assert.match(problem.rule, /^not well-formed XML \(3:\d+: unbound namespace prefix/);
});

test("should report a file that a templated path declares but the build lacks", () => {
  const problem = onlyProblem(validate({ "api/v1/things/b.json": null }));

  assert.equal(problem, {
    file: join("api", "v1", "things", "b.json"),
    pointer: "",
    rule: "missing: /api/v1/things/{name}.json declares this file",
  });
});

test("should look for a templated file under its decoded name, as a host serves its encoded URL", () => {
  const document = structuredClone(openapi);
  document.paths["/api/v1/things/{name}.json"].get.parameters = [
    { name: "name", in: "path", required: true, schema: { type: "string", enum: ["a", "b", "C++"] } },
  ];

  const problems = validate({
    "api/openapi.json": document,
    "api/v1/things/C++.json": { meta: { self: `${BASE}/api/v1/things/C%2B%2B.json` }, data: thing("C++") },
  });

  assert.equal(problems, []);
});

test("should report a stray file in a folder the API owns", () => {
  const problem = onlyProblem(validate({ "api/v1/things/c.json": file("api/v1/things/c.json", thing("c")) }));

  assert.equal(problem, {
    file: join("api", "v1", "things", "c.json"),
    pointer: "",
    rule: "no path of api/openapi.json declares this file",
  });
});

test("should take the API's landing page in a folder it owns, and no other page", () => {
  const problem = onlyProblem(
    validate({ "api/v1/index.html": "<!doctype html>", "api/v1/about.html": "<!doctype html>" }),
  );

  assert.equal(problem, {
    file: join("api", "v1", "about.html"),
    pointer: "",
    rule: "no path of api/openapi.json declares this file",
  });
});

test("should ignore files outside the folders the API owns", () => {
  const problems = validate({ "projects/index.html": "<!doctype html>" });

  assert.equal(problems, []);
});

test("should reject a JSON file that does not parse", () => {
  const problem = onlyProblem(validate({ "api/v1/things/a.json": "{ not json" }));

  assert.is(problem.file, join("api", "v1", "things", "a.json"));
  assert.is(problem.pointer, "");
  assert.match(problem.rule, /^not valid JSON/);
});

test("should reject a meta.self that is not the file's own URL", () => {
  const problem = onlyProblem(validate({ "api/v1/things/a.json": file("api/v1/things/b.json", thing("a")) }));

  assert.equal(problem, {
    file: join("api", "v1", "things", "a.json"),
    pointer: "/meta/self",
    rule: `must be this file's own URL ${BASE}/api/v1/things/a.json, found ${BASE}/api/v1/things/b.json`,
  });
});

test("should reject a meta.self on another host, though its path is right", () => {
  const problem = onlyProblem(
    validate({
      "api/v1/things/a.json": { meta: { self: "https://localhost:8080/api/v1/things/a.json" }, data: thing("a") },
    }),
  );

  assert.equal(problem.pointer, "/meta/self");
  assert.match(problem.rule, "found https://localhost:8080/api/v1/things/a.json");
});

test("should report a missing OpenAPI document", () => {
  const problem = onlyProblem(validate({ "api/openapi.json": null }));

  assert.equal(problem, { file: "api/openapi.json", pointer: "", rule: "the OpenAPI document is missing" });
});

test("should find the same problems with validators loaded from the cache as with freshly compiled ones", () => {
  const cacheRoot = mkdtempSync(join(tmpdir(), "folio-validators-"));
  const broken = { "api/v1/things/a.json": file("api/v1/things/a.json", { name: "a", count: -1, extra: true }) };

  const fresh = validate(broken);
  const compiledThenCached = validate(broken, cacheRoot);
  const loadedFromCache = validate(broken, cacheRoot);
  const cached = readdirSync(join(cacheRoot, "validators"));
  rmSync(cacheRoot, { recursive: true, force: true });

  assert.ok(fresh.length >= 2);
  assert.equal(compiledThenCached, fresh);
  assert.equal(loadedFromCache, fresh);
  assert.is(cached.length, 1, "one entry: the set's code");
});

test("should format one line per problem", () => {
  const text = formatProblems([
    { file: "a.json", pointer: "/data", rule: "bad" },
    { file: "b.json", pointer: "", rule: "missing" },
  ]);

  assert.is(text, "a.json: /data: bad\nb.json: : missing");
});

test.run();
