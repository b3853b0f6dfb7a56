import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, copyContent, removeDir, type BuildResult } from "../support/build-site.ts";
import { assertRefused } from "../support/hostile.ts";

/*
 * The limits of the content format through a real build (docs/robustness.md, "Limits"): each
 * input below once took minutes and gigabytes, crashed with a stack trace, or was published
 * wrong. Every one is found while the content is read, so one build must refuse them all at
 * once, each named by file and field, with no stack trace and nothing published. The unit tests
 * check each limit alone, at its edge.
 */

const MARKER = "hostile-limits-p7w3";
const EPOCH = 1_795_000_000; // 2026-11-18T11:06:40Z

function post(frontMatter: string, body = "Hello.\n"): string {
  return `---\ntitle: Limits ${MARKER}\ndescription: Checks a limit.\ndate: 2026-05-01\n${frontMatter}\n---\n${body}`;
}

const dirs: string[] = [];
let refused: BuildResult;

test.before(async () => {
  const content = copyContent();
  dirs.push(content);
  const posts = join(content, "blog/posts");
  // One post with 5,000 tags (30 KB of front matter): once 247 s, 7.8 GB and 10,299 files.
  const tags = Array.from({ length: 5000 }, (_, index) => `t${index}`).join(", ");
  writeFileSync(join(posts, "five-thousand-tags.md"), post(`tags: [${tags}]`));
  // 10,000 characters aliased 100,000 times in profile.yaml (610 KB): once a RangeError with a
  // stack trace and no file named.
  const profile = readFileSync(join(content, "profile.yaml"), "utf8");
  const aliases = Array(100_000).fill("*long").join(", ");
  writeFileSync(
    join(content, "profile.yaml"),
    profile.replace(
      /^certifications:\n( {2}- .*\n)+/m,
      `certifications: [&long "${"x".repeat(10_000)}", ${aliases}]\n`,
    ),
  );
  // A post of 3 MiB (sparse), once copied whole into its page, the feeds and the API.
  writeFileSync(join(posts, "three-mebibytes.md"), post(""));
  truncateSync(join(posts, "three-mebibytes.md"), 3 * 1024 * 1024);
  // Headings, nesting past what markdown-it keeps (it dropped the rest silently), a lone
  // surrogate, an hour that luxon read as the next day.
  writeFileSync(join(posts, "many-headings.md"), post("", "## Part\n\n".repeat(101)));
  writeFileSync(join(posts, "deep-quote.md"), post("", `${">".repeat(120)} lost\n`));
  writeFileSync(join(posts, "lone-surrogate.md"), post('tags: ["half \\uD800 a character"]'));
  writeFileSync(join(posts, "hour-twenty-four.md"), post("").replace("date: 2026-05-01", "date: 2026-05-01T24:00"));
  // An impossible calendar date in the one file that took it.
  const resume = readFileSync(join(content, "resume.yaml"), "utf8");
  writeFileSync(join(content, "resume.yaml"), resume.replace(/start: [0-9-]+/, "start: 2025-02-30"));
  // A file name that would print a line of its own and reorder the next.
  writeFileSync(
    join(content, "projects", "evil\n[11ty] Wrote 297 files\u001b[2J\u202e.md"),
    `---\nname: evil-name\ncluster: systems\nlanguages: [C]\n---\n${MARKER}\n`,
  );
  refused = await buildSite({ contentDir: content, epoch: EPOCH });
  dirs.push(refused.outDir);
});

test.after(() => {
  for (const dir of dirs) removeDir(dir);
});

test("should refuse every exceeded limit of the content format in one build, each by file and field", () => {
  assertRefused(refused, {
    mentions: [
      /blog\/posts\/five-thousand-tags\.md: tags: expected at most 20 items \(this list has 5,000\)/,
      /profile\.yaml: \(file\): expected YAML of at most 1,048,576 characters once its aliases \(\*name\) are expanded \(this one has 1,000,\d{3},\d{3}\)/,
      /blog\/posts\/three-mebibytes\.md: \(file\): expected a file of at most 1 MiB \(this one has 3 MiB\)/,
      /blog\/posts\/many-headings\.md: \(body\): expected at most 100 headings \(this document has 101\)/,
      /blog\/posts\/deep-quote\.md: line 7: expected lists and block quotes nested at most 16 deep/,
      /blog\/posts\/lone-surrogate\.md: tags\[0\]: expected text without a lone surrogate \(found U\+D800/,
      /blog\/posts\/hour-twenty-four\.md: date: expected a real time of day/,
      /resume\.yaml: work\[0\]\.start: expected a real calendar date such as 2026-03-10, found "2025-02-30"/,
      /projects\/evil\\u000a\[11ty\] Wrote 297 files\\u001b\[2J\\u202e\.md: tagline: expected a value/,
    ],
    hostile: MARKER,
  });
});

test("should print no line the content wrote, nor its escape sequences", () => {
  assert.not.match(refused.output, /^\[11ty\] Wrote 297 files/m);
  assert.not.match(refused.output, /[\u001b\u202e]/);
});

test.run();
