import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SaxesParser } from "saxes";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildSite, copyContent, removeDir, type BuildResult } from "../support/build-site.ts";
import { assertRefused, filesCarrying } from "../support/hostile.ts";

/*
 * Text written for terminals (card.txt, card.ansi, blog/api/v1/posts.txt) and XML (the RSS
 * feed) through real builds. Control characters in authored text are refused at the entry, so
 * one build shows that refusal for the feed's texts; the other carries what the entry lets
 * through (bidi overrides, line separators), which only the output step can keep out of the
 * terminal files. The unit tests of card.ts, posts-text.ts and xml.ts feed the output
 * functions every hostile value directly.
 */

const EPOCH = 1_795_000_000; // 2026-11-18T11:06:40Z
const SITE_URL = "https://margo.example";
const TERMINAL_FILES = ["api/v1/card.txt", "api/v1/card.ansi", "blog/api/v1/posts.txt"];
/** The colour sequences card.ansi writes itself: 24-bit foreground (bold for the name) and reset. */
const OWN_SGR = /\u001b\[(?:1;)?38;2;\d{1,3};\d{1,3};\d{1,3}m|\u001b\[0m/g;

const hostile = {
  /** Sets the terminal's title, then clears the screen: in a post title, a tag and the blog's description. */
  escape: "\u001b]0;PWNED-h3\u0007\u001b[2J",
  /** Right-to-left override and isolate: reorder the rest of the line, borders and URLs included. */
  override: "\u202e",
  isolate: "\u2066",
  /** A line separator: a line break to some terminals and editors, not a control character. */
  separator: "\u2028",
};

function edit(contentDir: string, file: string, change: (text: string) => string): void {
  const path = join(contentDir, file);
  const text = readFileSync(path, "utf8");
  const changed = change(text);
  if (changed === text) throw new Error(`the edit of ${file} changed nothing`);
  writeFileSync(path, changed);
}

/** YAML double-quoted escapes of a string (`\e`, `\a`, `\u202E`), so the file itself stays plain text. */
const yamlEscaped = (text: string) =>
  [...text]
    .map((char) =>
      /[\u0020-\u007e]/.test(char) && char !== '"' && char !== "\\"
        ? char
        : `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
    )
    .join("");

const dirs: string[] = [];
let refusedBuild: BuildResult;
let acceptedBuild: BuildResult;

test.before(async () => {
  // Build 1: ESC sequences in a post's title and tag and in the blog's tagline (all three are in posts.txt and the feeds).
  const refused = copyContent();
  edit(refused, "blog/posts/zero-bars-design.md", (text) =>
    text
      .replace(/^title: .*$/m, `title: "Designing for zero bars${yamlEscaped(hostile.escape)}"`)
      .replace(/^tags: \[offline-first,/m, `tags: ["offline${yamlEscaped(hostile.escape)}",`),
  );
  edit(refused, "blog/blog.yaml", (text) =>
    text.replace(/^tagline: (.*)$/m, (_, value: string) => `tagline: "${value}${yamlEscaped(hostile.escape)}"`),
  );

  // Build 2: bidi controls in the headline, a line separator in a post title; the entry lets both through.
  const accepted = copyContent();
  edit(accepted, "profile.yaml", (text) =>
    text.replace(
      /^headline: (.*)$/m,
      (_, value: string) => `headline: "${yamlEscaped(hostile.override)}${value}${yamlEscaped(hostile.isolate)}"`,
    ),
  );
  edit(accepted, "blog/posts/zero-bars-design.md", (text) =>
    text.replace(
      /^title: .*$/m,
      `title: "Designing for zero bars${yamlEscaped(hostile.separator)}2026-12-24  FAKE-h3"`,
    ),
  );
  dirs.push(refused, accepted);

  const build = (contentDir: string) => buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir });
  [refusedBuild, acceptedBuild] = await Promise.all([build(refused), build(accepted)]);
});

test.after(() => {
  for (const dir of [...dirs, refusedBuild?.outDir, acceptedBuild?.outDir]) if (dir) removeDir(dir);
});

test("should refuse control characters in a post's title and tag and the blog's tagline, and publish none", () => {
  assertRefused(refusedBuild, {
    mentions: [
      /blog\.yaml: tagline: expected text without control characters \(found U\+001B/,
      /zero-bars-design\.md: title: expected text without control characters \(found U\+001B/,
      /zero-bars-design\.md: tags\[0\]: expected text without control characters \(found U\+001B/,
    ],
    hostile: "\u001b]0;PWNED-h3",
  });
  assert.equal(filesCarrying(refusedBuild.outDir, "PWNED-h3"), []);
});

test("should keep bidi controls and line separators that the entry allows out of the terminal files", () => {
  assert.is(acceptedBuild.status, 0, acceptedBuild.output);
  // The values did pass the entry: the JSON carries them, so only the output step kept them out.
  const profile = readFileSync(join(acceptedBuild.outDir, "api/v1/profile.json"), "utf8");
  assert.ok(profile.includes(hostile.override), "the headline reached the model with its override");
  for (const value of Object.values(hostile).slice(1)) {
    const carriers = filesCarrying(acceptedBuild.outDir, value).filter((file) => TERMINAL_FILES.includes(file));
    assert.equal(carriers, [], `no terminal file carries U+${(value.codePointAt(0) ?? 0).toString(16).toUpperCase()}`);
  }
});

test("should write the card's own colours as the only escape sequences of card.ansi", () => {
  const ansi = readFileSync(join(acceptedBuild.outDir, "api/v1/card.ansi"), "utf8");

  assert.ok((ansi.match(OWN_SGR) ?? []).length > 20);
  assert.not.match(ansi.replace(OWN_SGR, ""), /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  assert.match(ansi, "Systems programmer building small");
});

test("should keep a post title with a line separator on its own line of posts.txt", () => {
  const text = readFileSync(join(acceptedBuild.outDir, "blog/api/v1/posts.txt"), "utf8");

  assert.match(text, /^2026-10-28 {2}Designing for zero bars 2026-12-24 {2}FAKE-h3 {2}\[/m);
  assert.not.match(text, /^2026-12-24 {2}FAKE-h3/m);
});

test("should write an RSS feed that a strict XML parser accepts", () => {
  const xml = readFileSync(join(acceptedBuild.outDir, "blog/index.xml"), "utf8");
  const parser = new SaxesParser({ xmlns: true });
  const errors: string[] = [];
  parser.on("error", (error) => errors.push(error.message));

  parser.write(xml).close();

  assert.equal(errors, []);
  assert.match(xml, "FAKE-h3");
});

test.run();
