import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, copyContent, readJson, removeDir, type BuildResult, type Envelope } from "../support/build-site.ts";
import { assertPublishedWithout, assertRefused, filesCarrying } from "../support/hostile.ts";

/*
 * Hostile and broken blog content through real builds. One build refuses every broken post at
 * once (the loader reports all problems together); a second build takes names that are only
 * names (`constructor`, `__proto__`) and must publish them as such, and drafts and scheduled
 * posts that must leave no trace.
 */

const EPOCH = 1_795_000_000; // 2026-11-18T11:06:40Z
const SITE_URL = "https://margo.example";

/** A post file with the given front-matter lines (YAML as written) and body. */
function post(frontMatter: string, body = "Hello.\n"): string {
  return `---\ntitle: A hostile post\ndescription: Checks what the build does with it.\n${frontMatter}\n---\n${body}`;
}

function writePost(contentDir: string, name: string, text: string): void {
  writeFileSync(join(contentDir, "blog/posts", name), text);
}

/** Replaces the `languages:` line of a sample project. */
function setLanguages(contentDir: string, project: string, languages: string): void {
  const file = join(contentDir, "projects", project);
  const text = readFileSync(file, "utf8");
  const changed = text.replace(/^languages: .*$/m, `languages: ${languages}`);
  if (changed === text) throw new Error(`${project} has no languages line`);
  writeFileSync(file, changed);
}

const dirs: string[] = [];
let refused: BuildResult;
let accepted: BuildResult;

test.before(async () => {
  const broken = copyContent();
  writePost(broken, "hostile-case.md", post("date: 2026-05-01\ntags: [ZIG]"));
  writePost(broken, "hostile-slug.md", post("date: 2026-05-02\ntags: [Health IT]"));
  writePost(broken, "hostile-gap.md", post("date: 2026-03-29T02:30"));
  writePost(broken, "hostile-overlap.md", post("date: 2026-10-25T02:30:00"));
  writePost(broken, "hostile-year-zero.md", post("date: 0000-01-01"));
  writePost(broken, "hostile-year-big.md", post("date: 99999-01-01"));
  writePost(
    broken,
    "hostile-scheduled.md",
    post("date: 2027-03-01", "![A chart](../images/hostile-missing-chart.png)\n"),
  );
  writePost(broken, "hostile-draft.md", post("date: 2026-13-01\ndraft: true"));

  const names = copyContent();
  writePost(names, "names-as-tags.md", post("date: 2026-05-03\ntags: [constructor, __proto__, toString]"));
  writePost(
    names,
    "secret-draft-xq7.md",
    post("date: 2026-05-04\ndraft: true\ntags: [draftonlytagxq7]").replace("A hostile post", "Unreleased title xq7"),
  );
  writePost(
    names,
    "secret-scheduled-xq8.md",
    post("date: 2027-05-04\ntags: [scheduledonlytagxq8]").replace("A hostile post", "Scheduled title xq8"),
  );
  writePost(names, "protocol-relative.md", post("date: 2026-05-05", "[Away](//away.example/x)\n"));
  setLanguages(names, "PeakLog.md", "[Kotlin, constructor, toString, __proto__, hasOwnProperty]");
  writeFileSync(
    join(names, "languages.yaml"),
    `${readFileSync(join(names, "languages.yaml"), "utf8")}constructor: "#C0FFEE"\n`,
  );

  dirs.push(broken, names);
  [refused, accepted] = await Promise.all([
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: broken }),
    buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir: names }),
  ]);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
  for (const build of [refused, accepted]) removeDir(build.outDir);
});

test("should refuse a tag spelled ZIG beside zig, naming both spellings and their posts", () => {
  assertRefused(refused, {
    hostile: "hostile-case",
    mentions: [
      /posts\/hostile-case\.md: tags\[0\]: expected one spelling per tag: "zig" \(\S*posts\/booting-kestrel-on-risc-v\.md, \S*posts\/half-written-thoughts-on-zig\.md\) and "ZIG" \(\S*posts\/hostile-case\.md\) differ only in case/,
    ],
  });
});

test("should refuse a tag whose slug another spelling already has", () => {
  assertRefused(refused, {
    hostile: "hostile-slug",
    mentions: [
      /posts\/hostile-slug\.md: tags\[0\]: expected one spelling per tag: "health-it" \(.*\) and "Health IT" \(\S*posts\/hostile-slug\.md\) both become the tag "health-it"/,
    ],
  });
});

test("should refuse a local time in the spring-forward gap", () => {
  assertRefused(refused, {
    hostile: "hostile-gap",
    mentions: [
      /posts\/hostile-gap\.md: date: expected a local time that exists in Europe\/Berlin: clocks skip it .*, found "2026-03-29T02:30"/,
    ],
  });
});

test("should refuse an ambiguous local time in the fall-back overlap", () => {
  assertRefused(refused, {
    hostile: "hostile-overlap",
    mentions: [
      /posts\/hostile-overlap\.md: date: expected an unambiguous time: .* happens twice .*\+02:00 for the first or \+01:00 for the second, found "2026-10-25T02:30:00"/,
    ],
  });
});

test("should refuse year 0 naming the post", () => {
  assertRefused(refused, {
    hostile: "hostile-year-zero",
    mentions: [/posts\/hostile-year-zero\.md: date: expected a year from 1970 to 9999, found "0000-01-01"/],
  });
});

test("should refuse year 99999 naming the post", () => {
  assertRefused(refused, {
    hostile: "hostile-year-big",
    mentions: [/posts\/hostile-year-big\.md: date: expected a date as YYYY-MM-DD.*, found "99999-01-01"/],
  });
});

test("should refuse a scheduled post's missing image before its publish day", () => {
  assertRefused(refused, {
    hostile: "hostile-missing-chart",
    mentions: [
      /posts\/hostile-scheduled\.md: body image \.\.\/images\/hostile-missing-chart\.png: expected an existing, readable image file/,
    ],
  });
});

test("should refuse a draft's impossible date", () => {
  assertRefused(refused, {
    hostile: "hostile-draft",
    mentions: [/posts\/hostile-draft\.md: date: expected a real calendar date such as 2026-03-10, found "2026-13-01"/],
  });
});

test("should report every broken post of the build at once", () => {
  assert.match(refused.output, "Invalid content (8 problems)");
});

test("should publish a tag named constructor as a tag", () => {
  assertPublishedWithout(accepted, "[native code]");
  const tag = readJson<Envelope<{ name: string; slug: string; count: number }>>(
    accepted.outDir,
    "blog/api/v1/tags/constructor.json",
  );
  assert.equal([tag.data.name, tag.data.slug, tag.data.count], ["constructor", "constructor", 1]);
});

test("should publish a tag named __proto__ under the slug proto, and toString under its own", () => {
  assertPublishedWithout(accepted, "[object Object]");
  const tags = readJson<Envelope<{ name: string; slug: string }[]>>(accepted.outDir, "blog/api/v1/tags.json").data;
  const named = tags.filter((tag) => ["__proto__", "toString"].includes(tag.name)).map((tag) => [tag.name, tag.slug]);
  assert.equal(named.sort(), [
    ["__proto__", "proto"],
    ["toString", "to-string"],
  ]);
});

test("should publish languages named constructor, toString, __proto__ and hasOwnProperty with their own colours only", () => {
  assertPublishedWithout(accepted, "function Object()");
  const languages = readJson<Envelope<{ name: string; color: string | null; projects: string[] }[]>>(
    accepted.outDir,
    "api/v1/languages.json",
  ).data;
  const odd = languages.filter((language) =>
    ["constructor", "toString", "__proto__", "hasOwnProperty"].includes(language.name),
  );
  assert.equal(odd.map((language) => [language.name, language.color, language.projects]).sort(), [
    ["__proto__", null, ["PeakLog"]],
    ["constructor", "#c0ffee", ["PeakLog"]],
    ["hasOwnProperty", null, ["PeakLog"]],
    ["toString", null, ["PeakLog"]],
  ]);
});

test("should publish a protocol-relative link as an absolute https URL, in the page and the JSON", () => {
  const full = readJson<Envelope<{ links: { external: { url: string }[] } }>>(
    accepted.outDir,
    "blog/api/v1/posts/protocol-relative.json",
  );
  assert.equal(
    full.data.links.external.map((link) => link.url),
    ["https://away.example/x"],
  );
  assert.match(
    readFileSync(join(accepted.outDir, "blog/posts/protocol-relative/index.html"), "utf8"),
    'href="https://away.example/x"',
  );
  assert.equal(filesCarrying(accepted.outDir, '"//away.example'), []);
});

test("should leave no trace of a checked draft: slug, title or tag", () => {
  for (const value of ["secret-draft-xq7", "Unreleased title xq7", "draftonlytagxq7"])
    assertPublishedWithout(accepted, value);
});

test("should leave no trace of a checked scheduled post: slug, title or tag", () => {
  for (const value of ["secret-scheduled-xq8", "Scheduled title xq8", "scheduledonlytagxq8"])
    assertPublishedWithout(accepted, value);
  assert.equal(filesCarrying(accepted.outDir, "2027-05-04"), []);
});

test.run();
