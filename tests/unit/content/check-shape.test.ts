import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkShape } from "../../../src/content/check-shape.ts";
import { ContentError } from "../../../src/content/content-error.ts";
import { Type } from "@sinclair/typebox";
import { ContactUrl, NowFile, ProfileFile, ProjectFrontMatter } from "../../../src/content/content-schemas.ts";
import { fixtureProfile } from "../support/content-tree.ts";
import { contentProblems, problemAt } from "../support/errors.ts";

const FILE = "/nonexistent/projects/x.md";
const valid = { name: "x", tagline: "A thing", cluster: "systems", languages: ["C"] };

test("should return the value unchanged when it matches the schema", () => {
  const value = { ...valid, tags: ["cli"], featured: true };

  const checked = checkShape(ProjectFrontMatter, value, FILE);

  assert.equal(checked, value);
});

test("should throw a ContentError naming the file when the value does not match", async () => {
  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, languages: [] }, FILE));

  const problem = problemAt(problems, "languages");
  assert.is(problem.file, FILE);
  assert.is(problem.expected, "a list of at least one language");
});

test("should word the expectation with the schema's `expected` annotation", async () => {
  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, name: "my project" }, FILE));

  assert.is(
    problemAt(problems, "name").expected,
    "a repository name of 1-100 letters, digits, `.`, `_` or `-`, not starting with `.` (hosts drop dot-folders)",
  );
});

test("should list the known fields when a key is unknown", async () => {
  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, feature: true }, FILE));

  const expected = problemAt(problems, "feature").expected;
  assert.match(expected, "known fields: name, owner, tagline, cluster, languages, tags, featured");
});

test("should name a nested field with dots and list indexes with brackets", async () => {
  const links = [
    { label: "ok", url: "https://ok.example/" },
    { label: "bad", url: "ftp://nope" },
  ];

  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, links }, FILE));

  assert.is(problemAt(problems, "links[1].url").actual, "ftp://nope");
});

test("should report one problem per field when two rules on the field say the same", async () => {
  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, demo: "not a url" }, FILE));

  assert.is(problems.filter((p) => p.field === "demo").length, 1);
});

test("should report every problem of one file at once", async () => {
  const error = (() => {
    try {
      checkShape(NowFile, { updated: "yesterday", sections: [{ title: "", items: [] }] }, "/nonexistent/now.yaml");
    } catch (caught) {
      return caught;
    }
    return undefined;
  })();

  assert.instance(error, ContentError);
  const fields = (error as ContentError).problems.map((p) => p.field).sort();
  assert.equal(fields, ["sections[0].title", "updated"]);
});

test("should refuse URLs the one URL check refuses though they start with https://", async () => {
  const bad = [
    "https://user:pw@evil.example/",
    "https://user@evil.example/",
    "https://exa mple.org/",
    "https://",
    "https://ok.example/\u0085x",
  ];

  for (const demo of bad) {
    const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, demo }, FILE));
    const problem = problemAt(problems, "demo");
    assert.is(problem.expected, "an absolute http(s) URL such as https://example.org/", demo);
  }
});

test("should check URLs inside lists and optional objects too", async () => {
  const links = [
    { label: "ok", url: "https://ok.example/" },
    { label: "bad", url: "https://me@ok.example/" },
  ];
  const award = { place: "1st", medal: "gold", event: "Jam", url: "https://a b.example/" };

  const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, links, award }, FILE));

  assert.equal(problems.map((p) => p.field).sort(), ["award.url", "links[1].url"]);
});

test("should accept http(s) URLs, upper-case schemes included", () => {
  const value = { ...valid, demo: "HTTPS://Ok.Example/a?b=c#d", docs: "http://docs.example:8080/" };

  assert.equal(checkShape(ProjectFrontMatter, value, FILE), value);
});

test("should give every `format: uri` string the one URL check, unmarked schemas included", async () => {
  const plain = Type.Object({ home: Type.String({ format: "uri" }) });

  const problems = await contentProblems(() => checkShape(plain, { home: "https://me@evil.example/" }, FILE));

  assert.is(problemAt(problems, "home").expected, "an absolute http(s) URL such as https://example.org/");
});

test("should allow mailto: only where a contact address is meant", async () => {
  const contact = Type.Object({ form: ContactUrl });

  assert.equal(checkShape(contact, { form: "mailto:me@example.org" }, FILE), { form: "mailto:me@example.org" });
  const problems = await contentProblems(() =>
    checkShape(ProjectFrontMatter, { ...valid, demo: "mailto:me@example.org" }, FILE),
  );
  assert.ok(problemAt(problems, "demo"));
  const scripted = await contentProblems(() => checkShape(contact, { form: "javascript:alert(1)" }, FILE));
  assert.is(
    problemAt(scripted, "form").expected,
    "an absolute http(s) URL or a mailto: address (one, with no header but ?subject=)",
  );
});

test("should refuse a security contact whose mailto: adds recipients or text (?bcc=, ?body=, a second address)", async () => {
  const contact = ["mailto:sec@x.example?bcc=spy@evil.example", "mailto:sec@x.example,spy@evil.example"];
  const more = ["mailto:sec@x.example?body=ignore%20this", "mailto:sec@x.example%2Cspy@evil.example"];
  const security = { contact: ["mailto:sec@x.example", ...contact, ...more] };
  const problems = await contentProblems(() => checkShape(ProfileFile, { ...fixtureProfile, security }, FILE));

  assert.equal(
    problems.map((p) => p.field),
    ["security.contact[1]", "security.contact[2]", "security.contact[3]", "security.contact[4]"],
  );
});

test("should accept a mailto: address as the profile's contact form, which the API also allows", () => {
  const profile = { ...fixtureProfile, contact: { ...fixtureProfile.contact, form: "mailto:margo@margo.example" } };

  assert.is(checkShape(ProfileFile, profile, FILE).contact.form, "mailto:margo@margo.example");
});

test("should refuse a language tag Intl cannot read in security.txt's preferred languages", async () => {
  // Before: "en-1" fit the pattern and was published as a Preferred-Languages entry.
  const languages = (preferred_languages: string[]) => ({
    ...fixtureProfile,
    security: { contact: ["mailto:security@margo.example"], preferred_languages },
  });

  const problems = await contentProblems(() => checkShape(ProfileFile, languages(["en", "en-1", "und"]), FILE));

  assert.equal(problems, [
    {
      file: FILE,
      field: "security.preferred_languages[1]",
      expected: "a language tag such as en or de-CH",
      actual: "en-1",
    },
    // Undetermined: no language to prefer (before: published as a Preferred-Languages entry).
    {
      file: FILE,
      field: "security.preferred_languages[2]",
      expected: "a language tag such as en or de-CH",
      actual: "und",
    },
  ]);
  assert.equal(checkShape(ProfileFile, languages(["en", "de-CH"]), FILE).security?.preferred_languages, [
    "en",
    "de-CH",
  ]);
});

test("should accept any profile links by name and no contact method at all", () => {
  const profile = {
    ...fixtureProfile,
    links: { mastodon: "https://social.example/@fixture", linkedin: "https://linkedin.example/in/fixture" },
    contact: {},
  };

  assert.equal(checkShape(ProfileFile, profile, FILE), profile);
});

test("should name the profile link whose value is not a URL", async () => {
  const profile = { ...fixtureProfile, links: { mastodon: "@fixture@social.example" } };

  const problems = await contentProblems(() => checkShape(ProfileFile, profile, FILE));

  assert.match(problemAt(problems, "links.mastodon").expected, /^an absolute http\(s\) URL/);
});

test("should name a profile link whose name breaks the rule or is one of the site's own", async () => {
  for (const name of ["Mastodon", "my link", "site", "api"]) {
    const profile = { ...fixtureProfile, links: { [name]: "https://social.example/@fixture" } };

    const problems = await contentProblems(() => checkShape(ProfileFile, profile, FILE));

    assert.match(problemAt(problems, `links.${name}`).expected, /^a link name of at most 32 lowercase letters/, name);
  }
});

test("should refuse more than 20 profile links, saying how many there are", async () => {
  const links = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`link${i}`, `https://example.com/${i}`]));

  const problems = await contentProblems(() => checkShape(ProfileFile, { ...fixtureProfile, links }, FILE));

  assert.is(problemAt(problems, "links").expected, "at most 20 entries (this has 21)");
});

test("should refuse dates before 1970 or past 9999", async () => {
  for (const updated of ["0000-01-01", "1969-12-31", "10000-01-01"]) {
    const problems = await contentProblems(() => checkShape(NowFile, { updated, sections: [] }, FILE));
    assert.is(problemAt(problems, "updated").expected, "a date as YYYY-MM-DD, from 1970 on", updated);
  }
  assert.ok(checkShape(NowFile, { updated: "1970-01-01", sections: [] }, FILE));
});

test("should bound the names that become file names or GitHub logins", async () => {
  const owner = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, owner: "o".repeat(40) }, FILE));
  const cluster = await contentProblems(() =>
    checkShape(ProjectFrontMatter, { ...valid, cluster: "c".repeat(101) }, FILE),
  );

  assert.match(problemAt(owner, "owner").expected, "at most 39");
  assert.match(problemAt(cluster, "cluster").expected, "at most 100");
  assert.ok(checkShape(ProjectFrontMatter, { ...valid, owner: "o".repeat(39), cluster: "c".repeat(100) }, FILE));
});

test("should refuse any date or date-time before 1970, whatever schema it is in", async () => {
  const stamped = Type.Object({ at: Type.String({ format: "date-time" }), on: Type.String({ format: "date" }) });

  const problems = await contentProblems(() =>
    checkShape(stamped, { at: "1969-12-31T23:59:59Z", on: "0001-01-01" }, FILE),
  );

  assert.is(problemAt(problems, "at").expected, "a date and time from 1970 on");
  assert.is(problemAt(problems, "on").expected, "a date from 1970 on");
  assert.ok(checkShape(stamped, { at: "1970-01-01T00:00:00Z", on: "9999-12-31" }, FILE));
});

test("should hold every date and date-time to the content's one date rule, whatever schema it is in", async () => {
  const stamped = Type.Object({ at: Type.String({ format: "date-time" }), on: Type.String({ format: "date" }) });

  const problems = await contentProblems(() =>
    checkShape(stamped, { at: "2026-03-10T10:00:00+20:00", on: "2025-02-29" }, FILE),
  );

  assert.is(problemAt(problems, "at").expected, "an offset from -12:00 to +14:00");
  assert.ok(problemAt(problems, "on"), "February 2025 has no 29th");
  assert.ok(checkShape(stamped, { at: "2026-03-10T10:00:00+14:00", on: "2024-02-29" }, FILE));
});

test("should follow GitHub's rule for repository names, without a leading dot (hosts drop dot-folders)", async () => {
  const refused = [".", "..", "...", ".a", ".git", ".github", "", "x".repeat(101), "a/b", "a b", "ü"];
  const accepted = ["a.", "a..b", "x".repeat(100), "A-b_c.d"];

  for (const name of refused) {
    const problems = await contentProblems(() => checkShape(ProjectFrontMatter, { ...valid, name }, FILE));
    assert.ok(
      problems.some((p) => p.field === "name"),
      name,
    );
  }
  for (const name of accepted) assert.is(checkShape(ProjectFrontMatter, { ...valid, name }, FILE).name, name);
});

test.run();
