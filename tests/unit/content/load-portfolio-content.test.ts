import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ProblemList } from "../../../src/content/content-error.ts";
import { MAX_DOMAIN_PROJECTS, MAX_DOMAINS, MAX_TAGS } from "../../../src/content/content-limits.ts";
import { loadPortfolioContent, readPortfolioContent } from "../../../src/content/load-portfolio-content.ts";
import {
  changedProject,
  PGP_FINGERPRINT,
  projectFile,
  writeContentTree,
  type TreeOverrides,
} from "../support/content-tree.ts";
import { contentProblems, problemAt } from "../support/errors.ts";

/** Loads a fixture tree with the given overrides and returns the problems the loader reports. */
async function problemsWith(overrides: TreeOverrides) {
  const tree = writeContentTree(overrides);
  try {
    return { problems: await contentProblems(() => loadPortfolioContent(tree.dir)), file: tree.file };
  } finally {
    tree.cleanup();
  }
}

test("should load a valid content tree with every file checked", async () => {
  const tree = writeContentTree();
  try {
    const content = await loadPortfolioContent(tree.dir);

    assert.equal(
      content.domains.map((d) => d.id),
      ["systems", "climbing", "audio"],
    );
    assert.equal(content.projects.map((p) => p.meta.name).sort(), ["Delta", "alpha", "beta", "gamma"]);
    assert.is(content.profile.name, "Fixture Owner");
    assert.is(content.now.updated, "2026-11-02");
    assert.equal(content.inProgress, [{ name: "secret-thing", hint: "Not yet published." }]);
    assert.equal(content.languageColors, { Rust: "#DEA584", C: "#555555" });
    assert.is(content.pgp?.fingerprint, PGP_FINGERPRINT);
  } finally {
    tree.cleanup();
  }
});

test("should reject a project whose cluster is not a domain id", async () => {
  const { problems, file } = await problemsWith({ "projects/beta.md": changedProject("beta", { cluster: "cooking" }) });

  const problem = problemAt(problems, "cluster");
  assert.is(problem.file, file("projects/beta.md"));
  assert.is(problem.actual, "cooking");
  assert.match(problem.expected, "systems, climbing, audio");
});

test("should reject two projects with the same name", async () => {
  const { problems, file } = await problemsWith({ "projects/zeta.md": changedProject("beta", {}) });

  const problem = problemAt(problems, "name");
  assert.is(problem.file, file("projects/zeta.md"));
  assert.is(problem.actual, "beta");
  assert.match(problem.expected, "used by no other project");
  assert.match(problem.expected, file("projects/beta.md"));
});

test("should reject two project names that differ only in case", async () => {
  const { problems, file } = await problemsWith({ "projects/zeta.md": changedProject("alpha", { name: "ALPHA" }) });

  const problem = problemAt(problems, "name");
  assert.is(problem.file, file("projects/zeta.md"));
  assert.is(problem.actual, "ALPHA");
  assert.match(problem.expected, file("projects/alpha.md"));
});

test("should reject a project named index.html, whose page would be a folder where the projects page is", async () => {
  // Before: the build failed writing projects/index.html/index.html (ENOTDIR), naming no content file.
  const { problems, file } = await problemsWith({
    "projects/zeta.md": changedProject("alpha", { name: "Index.HTML" }),
  });

  const problem = problemAt(problems, "name");
  assert.is(problem.file, file("projects/zeta.md"));
  assert.is(problem.expected, "a name used by no other project (the projects page, projects/index.html, has it)");
});

test("should reject an in-progress name that a published project uses", async () => {
  const { problems, file } = await problemsWith({ "in-progress.yaml": "- name: Gamma\n  hint: Taken.\n" });

  const problem = problemAt(problems, "[0].name");
  assert.is(problem.file, file("in-progress.yaml"));
  assert.is(problem.actual, "Gamma");
});

test("should reject a project name with characters outside [A-Za-z0-9._-]", async () => {
  const { problems, file } = await problemsWith({ "projects/beta.md": changedProject("beta", { name: "my project" }) });

  const problem = problemAt(problems, "name");
  assert.is(problem.file, file("projects/beta.md"));
  assert.is(problem.actual, "my project");
  assert.ok(problem.expected.length > 0);
});

test("should reject a medal that is not gold, silver or bronze", async () => {
  const award = { place: "1st place", medal: "platinum", event: "Hack 2025" };
  const { problems, file } = await problemsWith({ "projects/alpha.md": changedProject("alpha", { award }) });

  const problem = problemAt(problems, "award.medal");
  assert.is(problem.file, file("projects/alpha.md"));
  assert.is(problem.actual, "platinum");
  for (const medal of ["gold", "silver", "bronze"]) assert.match(problem.expected, medal);
});

test("should reject a project without a tagline", async () => {
  const { problems, file } = await problemsWith({ "projects/beta.md": changedProject("beta", { tagline: undefined }) });

  const problem = problemAt(problems, "tagline");
  assert.is(problem.file, file("projects/beta.md"));
  assert.is(problem.expected, "a value (this field is required)");
});

test("should reject a demo link that is not a URL", async () => {
  const { problems, file } = await problemsWith({ "projects/beta.md": changedProject("beta", { demo: "not a url" }) });

  const problem = problemAt(problems, "demo");
  assert.is(problem.file, file("projects/beta.md"));
  assert.is(problem.actual, "not a url");
  assert.match(problem.expected, "https://example.org/");
});

test("should reject a now.yaml date that is not YYYY-MM-DD", async () => {
  const { problems, file } = await problemsWith({ "now.yaml": "updated: 02/11/2026\nsections: []\n" });

  const problem = problemAt(problems, "updated");
  assert.is(problem.file, file("now.yaml"));
  assert.is(problem.actual, "02/11/2026");
  assert.is(problem.expected, "a date as YYYY-MM-DD, from 1970 on");
});

test("should reject a PGP file that does not parse", async () => {
  const garbage = "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nnot base64 at all !!!\n-----END PGP PUBLIC KEY BLOCK-----\n";
  const { problems, file } = await problemsWith({ "pgp.asc": garbage });

  const problem = problemAt(problems, "(key)");
  assert.is(problem.file, file("pgp.asc"));
  assert.match(problem.expected, "ASCII-armored OpenPGP public key");
});

test("should reject a PGP file holding a private key block", async () => {
  const privateKey = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nxVgEZ0000\n-----END PGP PRIVATE KEY BLOCK-----\n";
  const { problems, file } = await problemsWith({ "pgp.asc": privateKey });

  const problem = problemAt(problems, "(key)");
  assert.is(problem.file, file("pgp.asc"));
  assert.match(problem.expected, "private key");
});

test("should reject an unknown front-matter key such as a misspelt `featured`", async () => {
  const { problems, file } = await problemsWith({
    "projects/alpha.md": changedProject("alpha", { featured: undefined, feature: true }),
  });

  const problem = problemAt(problems, "feature");
  assert.is(problem.file, file("projects/alpha.md"));
  assert.match(problem.expected, /^no such field/);
});

test("should reject a YAML file that does not parse, at the file's line and column", async () => {
  const { problems, file } = await problemsWith({ "profile.yaml": "name: Ada\nhandle: [unclosed\nbio: x: y\n" });

  const problem = problemAt(problems, "(file)");
  assert.is(problem.file, file("profile.yaml"));
  assert.match(problem.expected, /^valid YAML \(.+ at line 3, column \d+\)$/);
});

test('should say that a value holding ": " needs quotes when that is the likely mistake', async () => {
  const { problems } = await problemsWith({ "profile.yaml": "name: Ada\nheadline: Rust: a tour\n" });

  assert.match(problemAt(problems, "(file)").expected, /at line 2, column \d+; a value holding ": " needs quotes\)$/);
});

test("should reject front matter with invalid YAML, at the line of the file, not of the block", async () => {
  const { problems, file } = await problemsWith({
    "projects/beta.md": "---\nname: beta\ntagline: [oops\ncluster: a: b\n---\nBody\n",
  });

  const problem = problemAt(problems, "(file)");
  assert.is(problem.file, file("projects/beta.md"));
  // The fault is on the file's fourth line: the third of the front matter block.
  assert.match(problem.expected, /^valid YAML \(.+ at line 4, column \d+\)$/);
});

test("should report problems of several files together in one error", async () => {
  const { problems, file } = await problemsWith({
    "projects/alpha.md": changedProject("alpha", { tagline: undefined }),
    "now.yaml": "updated: 02/11/2026\nsections: []\n",
    "profile.yaml": "name: [unclosed\n",
  });

  const where = problems.map((p) => `${p.file}#${p.field}`).sort();
  assert.equal(
    where,
    [`${file("now.yaml")}#updated`, `${file("profile.yaml")}#(file)`, `${file("projects/alpha.md")}#tagline`].sort(),
  );
});

test("should report a cross-file problem together with a problem inside another file", async () => {
  const { problems, file } = await problemsWith({
    "projects/alpha.md": changedProject("alpha", { tagline: undefined }),
    "projects/beta.md": changedProject("beta", { cluster: "cooking" }),
  });

  const where = problems.map((p) => `${p.file}#${p.field}`).sort();
  assert.equal(where, [`${file("projects/alpha.md")}#tagline`, `${file("projects/beta.md")}#cluster`]);
});

test("should check a refused file's sound name and cluster against the other files too", async () => {
  const { problems, file } = await problemsWith({
    // No tagline, and a cluster no domain has: both in one build.
    "projects/alpha.md": changedProject("alpha", { tagline: undefined, cluster: "cooking" }),
    // No tagline, and the name of another project.
    "projects/beta.md": changedProject("alpha", { tagline: undefined }),
    // A cluster that breaks its own rule is said once, by that rule.
    "projects/gamma.md": changedProject("gamma", { tagline: undefined, cluster: "Not An Id" }),
  });

  const where = problems.map((p) => `${p.file}#${p.field}`).sort();
  assert.equal(
    where,
    [
      `${file("projects/alpha.md")}#cluster`,
      `${file("projects/alpha.md")}#tagline`,
      `${file("projects/beta.md")}#name`,
      `${file("projects/beta.md")}#tagline`,
      `${file("projects/gamma.md")}#cluster`,
      `${file("projects/gamma.md")}#tagline`,
    ].sort(),
  );
});

test("should reject a projects folder without project files", async () => {
  const none: TreeOverrides = {
    "projects/alpha.md": null,
    "projects/beta.md": null,
    "projects/gamma.md": null,
    "projects/Delta.md": null,
  };
  const { problems } = await problemsWith({ ...none, "projects/README.txt": "no projects" });

  const problem = problemAt(problems, "(folder)");
  assert.match(problem.expected, "at least one project file");
});

test("should reject a project file without front matter", async () => {
  const { problems, file } = await problemsWith({ "projects/beta.md": "Just a body.\n" });

  const problem = problemAt(problems, "(front matter)");
  assert.is(problem.file, file("projects/beta.md"));
});

test("should keep the Markdown body of a project apart from its front matter", async () => {
  const tree = writeContentTree({
    "projects/beta.md": projectFile({ name: "beta", tagline: "t", cluster: "systems", languages: ["C"] }, "# Hello\n"),
  });
  try {
    const content = await loadPortfolioContent(tree.dir);

    assert.is(content.projects.find((p) => p.meta.name === "beta")?.body, "# Hello\n");
  } finally {
    tree.cleanup();
  }
});

test("should reject project files whose names differ only in case, naming both files", async () => {
  const { problems, file } = await problemsWith({
    "projects/ALPHA.md": changedProject("alpha", { name: "alpha-two" }),
  });

  const problem = problemAt(problems, "(file name)");
  assert.is(problem.file, file("projects/alpha.md"));
  assert.match(problem.expected, `(${file("projects/ALPHA.md")} has it)`);
});

test("should report a linked project file, a folder named x.md and a file that is not UTF-8 together", async () => {
  const tree = writeContentTree();
  try {
    // Latin-1, as an editor set to it would save it: é is the single byte E9.
    writeFileSync(
      tree.file("projects/latin1.md"),
      Buffer.from("---\nname: latin1\ntagline: caf\xe9\ncluster: systems\nlanguages: [C]\n---\n", "latin1"),
    );
    symlinkSync("/etc/hostname", tree.file("projects/hostname.md"));
    mkdirSync(tree.file("projects/x.md"));

    const problems = await contentProblems(() => loadPortfolioContent(tree.dir));

    assert.equal(
      problems.map((p) => `${p.file}#${p.field}`),
      ["projects/hostname.md", "projects/latin1.md", "projects/x.md"].map((name) => `${tree.file(name)}#(file)`),
    );
    assert.match(problems[1]?.expected ?? "", "the byte at offset 29, line 3, is not UTF-8");
  } finally {
    tree.cleanup();
  }
});

test("should refuse a projects folder that is a symbolic link", async () => {
  const tree = writeContentTree();
  const elsewhere = mkdtempSync(join(tmpdir(), "folio-elsewhere-"));
  try {
    renameSync(tree.file("projects"), join(elsewhere, "projects"));
    symlinkSync(join(elsewhere, "projects"), tree.file("projects"));

    const problems = await contentProblems(() => loadPortfolioContent(tree.dir));

    const problem = problemAt(problems, "(file)");
    assert.is(problem.file, tree.file("projects"));
    assert.match(problem.expected, "symbolic links are not followed");
  } finally {
    tree.cleanup();
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test("should reject two spellings of a project tag that differ only in case, naming both and their files", async () => {
  const { problems, file } = await problemsWith({ "projects/beta.md": changedProject("beta", { tags: ["EMBEDDED"] }) });

  const problem = problemAt(problems, "tags[0]");
  assert.is(problem.actual, "EMBEDDED");
  assert.match(
    problem.expected,
    `"embedded" (${file("projects/alpha.md")}) and "EMBEDDED" (${file("projects/beta.md")}) differ only in case`,
  );
  assert.match(problem.expected, "write it the same way in every project");
});

test("should reject two project tags that become one slug", async () => {
  const { problems, file } = await problemsWith({
    "projects/gamma.md": changedProject("gamma", { tags: ["offline-first"] }),
    "projects/beta.md": changedProject("beta", { tags: ["Offline First"] }),
  });

  assert.is(problems.length, 1, JSON.stringify(problems));
  const [problem] = problems;
  assert.match(String(problem?.expected), 'both become the tag "offline-first"');
  assert.match(String(problem?.expected), file("projects/beta.md"));
  assert.match(String(problem?.expected), file("projects/gamma.md"));
});

test("should reject two spellings of a project language that differ only in case", async () => {
  const { problems, file } = await problemsWith({ "projects/beta.md": changedProject("beta", { languages: ["c"] }) });

  const problem = problemAt(problems, "languages[0]");
  assert.is(problem.file, file("projects/beta.md"));
  assert.match(
    problem.expected,
    `one spelling per language: "C" (${file("projects/alpha.md")}, ${file("languages.yaml")}) and "c" (${file("projects/beta.md")}) differ only in case`,
  );
});

test("should reject a languages.yaml key spelt otherwise than the projects' language", async () => {
  const { problems, file } = await problemsWith({ "languages.yaml": 'rust: "#dea584"\nC: "#555555"\n' });

  const problem = problemAt(problems, "rust");
  assert.is(problem.file, file("languages.yaml"));
  assert.match(
    problem.expected,
    `"Rust" (${file("projects/alpha.md")}) and "rust" (${file("languages.yaml")}) differ only in case`,
  );
  assert.match(problem.expected, "every project and in languages.yaml");
});

test("should keep C, C++ and C# apart as languages, though they share a slug", async () => {
  const tree = writeContentTree({
    "projects/beta.md": changedProject("beta", { languages: ["C++"] }),
    "projects/gamma.md": changedProject("gamma", { languages: ["C#"] }),
    "languages.yaml": 'C: "#555555"\n"C++": "#f34b7d"\n',
  });
  try {
    const content = await loadPortfolioContent(tree.dir);
    assert.equal(content.projects.flatMap((p) => p.meta.languages).sort(), ["C", "C#", "C++", "Faust", "Rust"]);
  } finally {
    tree.cleanup();
  }
});

test("should keep what later checks need from refused files: a project's body, now.yaml's sections", async () => {
  const tree = writeContentTree({
    "projects/beta.md": projectFile(
      { name: "beta", tagline: "t", cluster: "cooking", languages: ["C"], colour: "red" },
      "[x](https://beta.example)\n",
    ),
    "now.yaml": "updated: last week\nsections:\n  - title: Reading\n    items: [a book]\n",
  });
  try {
    const problems = new ProblemList();
    const { content, refusedProjects } = await readPortfolioContent(tree.dir, problems);

    // The unknown cluster is said beside the unknown field: the refused file is still checked across files.
    assert.equal(problems.items.map((p) => p.field).sort(), ["cluster", "colour", "updated"]);
    assert.equal(refusedProjects, [
      {
        file: tree.file("projects/beta.md"),
        body: "[x](https://beta.example)\n",
        bodyLine: 9,
        name: "beta",
        cluster: "cooking",
      },
    ]);
    assert.equal(content.now.sections, [{ title: "Reading", items: ["a book"] }]);
    assert.not.ok(content.projects.some((p) => p.meta.name === "beta"));
  } finally {
    tree.cleanup();
  }
});

test("should keep no /now sections when they are themselves refused", async () => {
  const tree = writeContentTree({
    "now.yaml": "updated: last week\nsections:\n  - title: Reading\n    items: [[nested]]\n",
  });
  try {
    const problems = new ProblemList();
    const { content } = await readPortfolioContent(tree.dir, problems);

    assert.ok(
      problems.items.some((p) => p.field === "updated"),
      JSON.stringify(problems.items),
    );
    assert.equal(content.now.sections, []);
  } finally {
    tree.cleanup();
  }
});

test("should refuse resume dates that are not on the calendar, naming each field, as the other date fields are", async () => {
  const { problems, file } = await problemsWith({
    "resume.yaml":
      "work:\n  - { name: A, position: B, start: 2025-02-30, end: 2025-02-29 }\neducation:\n  - { institution: C, start: 2024-02-29, end: 2025-04-31 }\n",
  });

  assert.equal(
    problems.map((p) => [p.file, p.field, p.expected, p.actual]),
    [
      [file("resume.yaml"), "work[0].start", "a real calendar date such as 2026-03-10", "2025-02-30"],
      [file("resume.yaml"), "work[0].end", "a real calendar date such as 2026-03-10", "2025-02-29"],
      [file("resume.yaml"), "education[0].end", "a real calendar date such as 2026-03-10", "2025-04-31"],
    ],
  );
});

test("should refuse a project with more tags than MAX_TAGS, as a post, naming the file and field", async () => {
  const tags = Array.from({ length: MAX_TAGS + 1 }, (_, index) => `tag-${index}`);
  const { problems, file } = await problemsWith({ "projects/alpha.md": changedProject("alpha", { tags }) });

  const problem = problemAt(problems, "tags");
  assert.is(problem.file, file("projects/alpha.md"));
  assert.is(problem.expected, `at most ${MAX_TAGS} items (this list has ${MAX_TAGS + 1})`);
});

test("should refuse the project that brings a domain past MAX_DOMAIN_PROJECTS, naming its file and cluster", async () => {
  // Each project lists every other of its domain: 2,000 in one made 2,000 lists of 1,999. The
  // fixture has two in "systems" and one in "audio": "audio" ends at the limit, "systems" past it.
  const more = (cluster: string) =>
    Array.from({ length: MAX_DOMAIN_PROJECTS - 1 }, (_, i) => {
      const name = `p-${cluster}-${String(i).padStart(3, "0")}`;
      return [`projects/${name}.md`, changedProject("alpha", { name, cluster })];
    });
  const { problems, file } = await problemsWith(Object.fromEntries([...more("audio"), ...more("systems")]));

  assert.is(problems.length, 1);
  const problem = problemAt(problems, "cluster");
  assert.is(problem.file, file(`projects/p-systems-${MAX_DOMAIN_PROJECTS - 2}.md`));
  assert.is(problem.actual, "systems");
  const expected = `a domain of at most ${MAX_DOMAIN_PROJECTS} projects, as each lists the others (there are ${MAX_DOMAIN_PROJECTS + 1}; this is the first past the limit)`;
  assert.is(problem.expected, expected);
});

test("should refuse a domains.yaml of more than MAX_DOMAINS domains, naming the file", async () => {
  // Before: none but the file's size; 20,000 domains built 40,300 files in 18 s and 730 MB.
  const domains = Array.from(
    { length: MAX_DOMAINS + 1 },
    (_, i) => `- { id: d-${i}, emoji: "📁", title: D ${i}, blurb: Domain ${i}. }\n`,
  );
  const { problems, file } = await problemsWith({ "domains.yaml": domains.join("") });

  const problem = problems.find((p) => p.file === file("domains.yaml"));
  assert.is(problem?.expected, `at most ${MAX_DOMAINS} items (this list has ${MAX_DOMAINS + 1})`);
});

test("should name a project file whose name holds a line feed or a bidi override escaped, in one line", async () => {
  const name = "projects/evil\n[11ty] Wrote 74 files\u202e.md";
  const { problems } = await problemsWith({
    [name]: projectFile({ name: "evil", cluster: "systems", languages: ["C"] }),
  });

  const problem = problemAt(problems, "tagline");
  assert.match(problem.file, /projects\/evil\\u000a\[11ty\] Wrote 74 files\\u202e\.md$/);
});

test.run();
