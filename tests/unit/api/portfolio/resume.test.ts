import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import jsonResume, { type ResumeSchemaError } from "@jsonresume/schema";
import { JSON_RESUME_SCHEMA_URL, resumeDocument } from "../../../../src/api/portfolio/resume.ts";
import { checkResume } from "../../../../src/checks/check-resume.ts";
import { formatProblems, validateSite } from "../../../../src/checks/validate-site.ts";
import { loadPortfolioContent } from "../../../../src/content/load-portfolio-content.ts";
import { writeContentTree } from "../../support/content-tree.ts";
import { contentProblems, problemAt } from "../../support/errors.ts";
import { content, handModel, profile, project } from "../../support/model.ts";

function officialErrors(resume: unknown): ResumeSchemaError[] {
  let found: ResumeSchemaError[] = [];
  jsonResume.validate(resume, (errors) => {
    found = errors ?? [];
  });
  return found;
}

const model = handModel({
  content: content({
    profile: { ...profile, certifications: ["Cert One"] },
    projects: [
      project({
        name: "alpha",
        tags: ["cli"],
        award: { place: "1st place", medal: "gold", event: "Hack 2025", track: "Tools" },
      }),
      project({ name: "beta", languages: ["Rust", "C"] }),
    ],
    resume: {
      work: [{ name: "Acme", position: "Engineer", start: "2019-04", end: "2021", highlights: ["Shipped"] }],
      education: [{ institution: "Uni", study_type: "BSc", start: "2015", end: "2019-03-31" }],
      languages: [{ language: "English", fluency: "Native" }],
    },
  }),
  posts: [
    { title: "Hello", url: "https://fixture.example/blog/hello/", published: "2026-03-01T23:30:00Z", summary: "First" },
  ],
});

test("should build a résumé the official JSON Resume schema accepts", () => {
  const resume = resumeDocument(model);

  assert.equal(officialErrors(resume), []);
  assert.is(resume.$schema, JSON_RESUME_SCHEMA_URL);
  assert.is(resume.meta.canonical, "https://fixture.example/api/v1/resume.json");
});

test("should derive the basics, projects, awards, certificates and posts from the model", () => {
  const resume = resumeDocument(model);

  assert.is(resume.basics.name, "Fixture Owner");
  assert.is(resume.basics.label, "Writes small tools");
  assert.is(resume.basics.url, "https://fixture.example/");
  assert.equal(
    resume.basics.profiles.map((p) => p.network),
    ["GitHub", "itch.io", "Discord", "IRC (Libera.Chat)"],
  );
  assert.equal(
    resume.projects.map((p) => [p.name, p.url, p.keywords]),
    [
      ["alpha", "https://fixture.example/projects/alpha/", ["C", "cli"]],
      ["beta", "https://fixture.example/projects/beta/", ["Rust", "C"]],
    ],
  );
  assert.equal(resume.awards, [{ title: "1st place, Hack 2025", awarder: "Hack 2025", summary: "alpha (Tools)" }]);
  assert.equal(resume.certificates, [{ name: "Cert One" }]);
  assert.equal(resume.skills, [
    { name: "C", keywords: ["alpha", "beta"] },
    { name: "Rust", keywords: ["beta"] },
  ]);
  // 23:30 UTC on 1 March is already 2 March in Berlin, where the owner dates things.
  assert.equal(resume.publications, [
    {
      name: "Hello",
      publisher: "Fixture Owner",
      releaseDate: "2026-03-02",
      url: "https://fixture.example/blog/hello/",
      summary: "First",
    },
  ]);
});

test("should map resume.yaml's work and education to JSON Resume's names", () => {
  const resume = resumeDocument(model);

  assert.equal(resume.work, [
    { name: "Acme", position: "Engineer", startDate: "2019-04", endDate: "2021", highlights: ["Shipped"] },
  ]);
  assert.equal(resume.education, [
    { institution: "Uni", studyType: "BSc", startDate: "2015", endDate: "2019-03-31", courses: [] },
  ]);
  assert.equal(resume.languages, [{ language: "English", fluency: "Native" }]);
});

test("should build a valid résumé with no resume.yaml, no posts and no awards", () => {
  const resume = resumeDocument(handModel());

  assert.equal(officialErrors(resume), []);
  assert.equal([resume.work, resume.education, resume.awards, resume.publications], [[], [], [], []]);
});

test("should leave the build time out, so the bytes do not change with the clock", () => {
  const later = handModel({
    config: { ...model.config, buildTime: new Date("2027-01-01T00:00:00Z") },
    content: content(),
  });

  assert.equal(JSON.stringify(resumeDocument(later)), JSON.stringify(resumeDocument(handModel())));
});

function outputWith(resume: unknown): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "i13c-resume-"));
  mkdirSync(join(dir, "api/v1"), { recursive: true });
  writeFileSync(join(dir, "api/v1/resume.json"), JSON.stringify(resume));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

test("should pass a built résumé in the after-build check", () => {
  const output = outputWith(resumeDocument(model));
  try {
    assert.equal(checkResume(readFileSync(join(output.dir, "api/v1/resume.json"), "utf8")), []);
  } finally {
    output.cleanup();
  }
});

test("should refuse a résumé the official schema refuses, naming the file and the field", () => {
  const bad = {
    ...resumeDocument(model),
    work: [{ name: "Acme", startDate: "April 2019" }],
    basics: { name: "X", url: "not a url" },
  };
  const output = outputWith(bad);
  try {
    const problems = checkResume(readFileSync(join(output.dir, "api/v1/resume.json"), "utf8"));

    assert.equal(
      problems.map((p) => [p.file, p.pointer]),
      [
        ["api/v1/resume.json", "/basics/url"],
        ["api/v1/resume.json", "/work/0/startDate"],
      ],
    );
    for (const problem of problems) assert.match(problem.rule, JSON_RESUME_SCHEMA_URL);
  } finally {
    output.cleanup();
  }
});

test("should make a refused résumé a problem of the after-build validation", () => {
  const output = outputWith({ ...resumeDocument(model), awards: "none" });
  try {
    const problems = validateSite(output.dir, []);

    assert.equal(
      problems.map((p) => `${p.file}: ${p.pointer}`),
      ["api/v1/resume.json: /awards"],
    );
    assert.match(formatProblems(problems), /^api\/v1\/resume\.json: \/awards: is not of a type\(s\) array/);
  } finally {
    output.cleanup();
  }
});

test("should check the text this build wrote rather than the file on disk", () => {
  const output = outputWith(resumeDocument(model));
  try {
    const written = new Map([
      [join(output.dir, "api/v1/resume.json"), JSON.stringify({ basics: { email: "nobody" } })],
    ]);

    assert.equal(
      validateSite(output.dir, [], written).map((p) => p.pointer),
      ["/basics/email"],
    );
  } finally {
    output.cleanup();
  }
});

test("should check a résumé that passed again only once its text changes (npm start)", () => {
  const output = outputWith(resumeDocument(model));
  const file = join(output.dir, "api/v1/resume.json");
  try {
    const passed = new Map<string, { text: string; document: string }>();
    assert.equal(validateSite(output.dir, [], undefined, passed), []);
    const [key] = [...passed].find(([, entry]) => entry.document === JSON_RESUME_SCHEMA_URL) ?? [];
    assert.ok(key, "the résumé's pass is kept");
    // As if the last build had passed this refused text: the same text is not checked again...
    const refused = JSON.stringify({ basics: { email: "nobody" } });
    writeFileSync(file, refused);
    passed.set(key as string, { text: refused, document: JSON_RESUME_SCHEMA_URL });
    assert.equal(validateSite(output.dir, [], undefined, passed), []);
    // ...another is.
    writeFileSync(file, `${refused}\n`);
    assert.equal(
      validateSite(output.dir, [], undefined, passed).map((p) => p.pointer),
      ["/basics/email"],
    );
  } finally {
    output.cleanup();
  }
});

test("should refuse a bare year, an unknown key and an unsafe URL in resume.yaml, all at once", async () => {
  const tree = writeContentTree({
    "resume.yaml":
      "work:\n  - name: Acme\n    position: Engineer\n    start: 2019\n    url: javascript:alert(1)\neducation:\n  - institution: Uni\n    degree: BSc\n",
  });
  try {
    const problems = await contentProblems(() => loadPortfolioContent(tree.dir));

    for (const field of ["work[0].start", "work[0].url", "education[0].degree"])
      assert.is(problemAt(problems, field).file, tree.file("resume.yaml"));
    assert.match(problemAt(problems, "work[0].start").expected, "(quoted)");
  } finally {
    tree.cleanup();
  }
});

test("should refuse a job or a course that ends before it starts, to the precision both dates give", async () => {
  const tree = writeContentTree({
    "resume.yaml": [
      "work:",
      "  - { name: A, position: P, start: 2019-04, end: 2019-03-31 }",
      '  - { name: B, position: P, start: 2019-04, end: "2019" }',
      "education:",
      '  - { institution: U, start: "2015", end: 2014-12 }',
      "",
    ].join("\n"),
  });
  try {
    const problems = await contentProblems(() => loadPortfolioContent(tree.dir));

    assert.equal(
      problems.map((p) => [p.field, p.actual]),
      [
        ["work[0].end", "2019-03-31"],
        ["education[0].end", "2014-12"],
      ],
    );
    assert.is(problemAt(problems, "work[0].end").expected, "a date no earlier than start (2019-04)");
  } finally {
    tree.cleanup();
  }
});

test("should load resume.yaml when present and leave it out when absent", async () => {
  const present = writeContentTree({
    "resume.yaml": 'work:\n  - name: Acme\n    position: Engineer\n    start: "2019"\n',
  });
  const absent = writeContentTree();
  try {
    assert.equal((await loadPortfolioContent(present.dir)).resume, {
      work: [{ name: "Acme", position: "Engineer", start: "2019" }],
    });
    assert.equal((await loadPortfolioContent(absent.dir)).resume, {});
  } finally {
    present.cleanup();
    absent.cleanup();
  }
});

test.run();
