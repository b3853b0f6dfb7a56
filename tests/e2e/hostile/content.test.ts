import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { armor, enums, generateKey, unarmor } from "openpgp";
import { buildSite, copyContent, removeDir, type BuildResult } from "../support/build-site.ts";
import { assertRefused } from "../support/hostile.ts";

/*
 * Hostile authored content through real builds (src/content/, src/config/site-config.ts).
 * Every problem of the portfolio's content is reported at once, so one build carries many
 * hostile inputs; a content folder has one pgp.asc and one site.yaml, so the key cases and the
 * site.yaml cases take a build each. Each case asserts the message (file and field) and that no
 * output file carries the hostile value.
 */

const EPOCH = 1_795_000_000; // 2026-11-18T11:06:40Z
const SITE_URL = "https://margo.example";
const TERMINAL_ESCAPE = "\u001b]0;PWNED\u0007\u001b[2J";

/** A project file with the sample's required fields and the given overrides (YAML lines as written). */
function project(lines: string, body = "A body.\n"): string {
  return `---\n${lines}\ncluster: systems\nlanguages: [C]\n---\n${body}`;
}

function edit(contentDir: string, file: string, change: (text: string) => string): void {
  const path = join(contentDir, file);
  const text = readFileSync(path, "utf8");
  const changed = change(text);
  if (changed === text) throw new Error(`the edit of ${file} changed nothing`);
  writeFileSync(path, changed);
}

/** The armor's words changed to say "public", as someone hiding a private key would. */
const relabelled = (armored: string) => armored.replace(/PRIVATE KEY BLOCK/g, "PUBLIC KEY BLOCK");

/** A line of the private key's armor that its public key does not have: secret material. */
function secretLine(privateKey: string, publicKey: string): string {
  const line = privateKey.split("\n").find((candidate) => candidate.length > 40 && !publicKey.includes(candidate));
  if (!line) throw new Error("no line of the private key is secret");
  return line;
}

const newKey = (passphrase?: string) =>
  generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ name: "Hostile" }],
    format: "armored",
    ...(passphrase ? { passphrase } : {}),
  });

const dirs: string[] = [];
const results: BuildResult[] = [];
const hostile = {
  privateLine: "",
  encryptedLine: "",
  twoKeysLine: "",
  longName: `n${"x".repeat(299)}`,
  outsideMarker: "outside-marker-h2q7 followed link",
  folderMarker: "inside-a-folder-marker-h2q7",
  utf8Marker: "utf8-marker-h2q7",
  caseMarker: "case-twin-marker-h2q7",
  escapeFolder: `folio-escape-h2-${process.pid}`,
};
let projectsBuild: BuildResult;
let profileBuild: BuildResult;
let twoKeysBuild: BuildResult;
let garbageKeyBuild: BuildResult;
let climbBuild: BuildResult;
let dotSegmentBuild: BuildResult;

test.before(async () => {
  const [plain, encrypted, first, second] = await Promise.all([newKey(), newKey("correct horse"), newKey(), newKey()]);
  hostile.privateLine = secretLine(plain.privateKey, plain.publicKey);
  hostile.encryptedLine = secretLine(encrypted.privateKey, encrypted.publicKey);

  // Build 1: an edited private key, and every hostile project file and profile URL at once.
  const projects = copyContent();
  const outside = mkdtempSync(join(tmpdir(), "folio-h2-outside-"));
  dirs.push(projects, outside);
  writeFileSync(join(projects, "pgp.asc"), relabelled(plain.privateKey));
  edit(projects, "profile.yaml", (text) => text.replace(/itch: .*/, "itch: javascript:alert(1)"));
  edit(projects, "github/snapshot.json", (text) => text.replace('"stars": 874', '"stars": -874'));
  edit(projects, "projects/bramble.md", (text) =>
    text.replace(
      /^tagline: .*$/m,
      `tagline: "A slab allocator${TERMINAL_ESCAPE.replace(/\u001b/g, "\\e").replace(/\u0007/g, "\\a")}"`,
    ),
  );
  writeFileSync(
    join(projects, "projects/utf8.md"),
    Buffer.concat([
      Buffer.from(project(`name: utf8\ntagline: ${hostile.utf8Marker} `)),
      Buffer.from([0xff, 0xfe, 0x0a]),
    ]),
  );
  symlinkSync("/etc/hostname", join(projects, "projects/hostname.md"));
  writeFileSync(join(outside, "linked.md"), project(`name: linked\ntagline: ${hostile.outsideMarker}`));
  symlinkSync(join(outside, "linked.md"), join(projects, "projects/linked.md"));
  mkdirSync(join(projects, "projects/x.md"));
  writeFileSync(join(projects, "projects/x.md/inner.md"), project(`name: inner\ntagline: ${hostile.folderMarker}`));
  writeFileSync(join(projects, "projects/long.md"), project(`name: ${hostile.longName}\ntagline: Too long a name`));
  writeFileSync(join(projects, "projects/dots.md"), project(`name: ".."\ntagline: Climbs out of the folder`));
  writeFileSync(join(projects, "projects/Twin.md"), project(`name: Twin\ntagline: ${hostile.caseMarker} one`));
  writeFileSync(join(projects, "projects/twin.md"), project(`name: twin\ntagline: ${hostile.caseMarker} two`));

  // Build 2: an encrypted private key, and control characters in the profile and a now.yaml item.
  const profile = copyContent();
  dirs.push(profile);
  writeFileSync(join(profile, "pgp.asc"), relabelled(encrypted.privateKey));
  edit(profile, "profile.yaml", (text) =>
    text.replace(/^headline: .*$/m, `headline: "Systems programmer\\e]0;PWNED\\a\\e[2J"`),
  );
  edit(profile, "now.yaml", (text) => text.replace(/^( {6}- ).*$/m, '$1"C1 control \\x9b31m here"'));

  // Builds 3 and 4: two keys in one block; a block that does not decode.
  const twoKeys = copyContent();
  const bytes = async (armored: string) => (await unarmor(armored)).data as Uint8Array;
  const both = armor(
    enums.armor.publicKey,
    new Uint8Array([...(await bytes(first.publicKey)), ...(await bytes(second.publicKey))]),
  );
  hostile.twoKeysLine = secretLine(both, `${first.publicKey}\n${second.publicKey}`);
  writeFileSync(join(twoKeys, "pgp.asc"), both);
  const garbage = copyContent();
  writeFileSync(
    join(garbage, "pgp.asc"),
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\ngarbage-key-h2q7!!\n-----END PGP PUBLIC KEY BLOCK-----\n",
  );
  dirs.push(twoKeys, garbage);

  // Builds 5 and 6: site.yaml paths that would leave the output folder or the content folder.
  // (`../` plus a unique folder, not `../../etc/`: were the check ever lost, the build would
  // write into /tmp, not into /etc. The unit tests refuse `../../etc/` itself.)
  const climb = copyContent();
  edit(climb, "site.yaml", (text) =>
    text.replace("url: /blog/", `url: ../${hostile.escapeFolder}/\n  feed: ../../../../etc/hostname`),
  );
  const dotSegment = copyContent();
  symlinkSync("/etc/hostname", join(dotSegment, "feed-link.xml"));
  edit(dotSegment, "site.yaml", (text) => text.replace("url: /blog/", "url: /../x/\n  feed: feed-link.xml"));
  dirs.push(climb, dotSegment);

  const build = (contentDir: string) => buildSite({ siteUrl: SITE_URL, epoch: EPOCH, contentDir });
  // Two at a time: the machine is shared.
  results.push(...(await Promise.all([build(projects), build(profile)])));
  results.push(...(await Promise.all([build(twoKeys), build(garbage)])));
  results.push(...(await Promise.all([build(climb), build(dotSegment)])));
  [projectsBuild, profileBuild, twoKeysBuild, garbageKeyBuild, climbBuild, dotSegmentBuild] = results as [
    BuildResult,
    BuildResult,
    BuildResult,
    BuildResult,
    BuildResult,
    BuildResult,
  ];
});

test.after(() => {
  for (const dir of [...dirs, ...results.map((result) => result.outDir)]) removeDir(dir);
  removeDir(join(tmpdir(), hostile.escapeFolder));
});

test("should refuse an unencrypted private key whose armor says PUBLIC KEY BLOCK", () => {
  assertRefused(projectsBuild, {
    mentions: ["pgp.asc: (key): expected a PUBLIC key only; this file holds a private key"],
    hostile: hostile.privateLine,
    notInLog: true,
  });
});

test("should refuse an encrypted private key whose armor says PUBLIC KEY BLOCK", () => {
  assertRefused(profileBuild, {
    mentions: ["pgp.asc: (key): expected a PUBLIC key only"],
    hostile: hostile.encryptedLine,
    notInLog: true,
  });
});

test("should refuse two keys in one armored block", () => {
  assertRefused(twoKeysBuild, {
    mentions: ["pgp.asc: (key): expected exactly one public key (found 2)"],
    hostile: hostile.twoKeysLine,
  });
});

test("should refuse a key block that does not decode", () => {
  assertRefused(garbageKeyBuild, {
    mentions: ["pgp.asc: (key): expected an ASCII-armored OpenPGP public key"],
    hostile: "garbage-key-h2q7",
  });
});

test("should refuse a javascript: URL in the profile's links", () => {
  assertRefused(projectsBuild, {
    mentions: ["profile.yaml: links.itch: expected an absolute http(s) URL"],
    hostile: "javascript:alert(1)",
  });
});

test("should report a broken GitHub snapshot with the other content problems", () => {
  assertRefused(projectsBuild, { mentions: ["snapshot.json", "profile.yaml: links.itch"], hostile: "-874" });
});

test("should refuse terminal escapes in a project's tagline, and keep them out of the log", () => {
  assertRefused(projectsBuild, {
    mentions: ["bramble.md: tagline: expected text without control characters (found U+001B"],
    hostile: TERMINAL_ESCAPE,
    notInLog: true,
  });
});

test("should refuse terminal escapes in the profile headline, and keep them out of the log", () => {
  assertRefused(profileBuild, {
    mentions: ["profile.yaml: headline: expected text without control characters (found U+001B at character 19)"],
    hostile: "\u001b]0;PWNED",
    notInLog: true,
  });
});

test("should refuse a C1 control character in a now.yaml item", () => {
  assertRefused(profileBuild, {
    mentions: [/now\.yaml: sections\[0\]\.items\[0\]: expected text without control characters \(found U\+009B/],
    hostile: "\u009b31m",
    notInLog: true,
  });
});

test("should refuse a project file that is not UTF-8, giving the byte offset", () => {
  assertRefused(projectsBuild, {
    mentions: [/utf8\.md: \(file\): expected UTF-8 text \(the byte at offset \d+, line 8, is not UTF-8\)/],
    hostile: hostile.utf8Marker,
  });
});

test("should refuse a symbolic link to /etc/hostname as a project file", () => {
  const name = readFileSync("/etc/hostname", "utf8").trim();
  assertRefused(projectsBuild, {
    mentions: ["hostname.md: (file): expected a file or folder, not a symbolic link (symbolic links are not followed)"],
    hostile: `"name":"${name}"`,
  });
});

test("should refuse a symbolic link to a valid project file outside the content folder", () => {
  assertRefused(projectsBuild, {
    mentions: ["linked.md: (file): expected a file or folder, not a symbolic link"],
    hostile: hostile.outsideMarker,
  });
});

test("should refuse a folder named x.md in projects/ without a stack trace", () => {
  assertRefused(projectsBuild, {
    mentions: ["x.md: (file): expected a file, not a folder"],
    hostile: hostile.folderMarker,
  });
});

test("should refuse a 300-character project name", () => {
  assertRefused(projectsBuild, {
    mentions: ["long.md: name: expected a repository name of 1-100 letters"],
    hostile: hostile.longName,
  });
});

test("should refuse the project name `..`", () => {
  assertRefused(projectsBuild, {
    mentions: ["dots.md: name: expected a repository name of 1-100 letters", 'found ".."'],
    hostile: '"name":".."',
  });
});

test("should refuse project files whose names differ only in case, naming both", () => {
  assertRefused(projectsBuild, {
    mentions: [
      /twin\.md: \(file name\): expected a file name no other project file has, ignoring case \([^)]*Twin\.md has it\)/,
    ],
    hostile: hostile.caseMarker,
  });
});

test("should refuse a blog.url that climbs out of the output folder, and write nothing there", () => {
  assertRefused(climbBuild, {
    mentions: [
      "site.yaml: blog.url: expected an absolute http(s) URL such as https://example.org/, or a path such as /blog/",
    ],
    hostile: hostile.escapeFolder,
  });
  const escaped = join(dirname(climbBuild.outDir), hostile.escapeFolder);
  assert.not.ok(existsSync(escaped), `nothing may be written to ${escaped}`);
});

test("should refuse a blog.feed outside the content folder", () => {
  assertRefused(climbBuild, {
    mentions: ["site.yaml: blog.feed: expected a path under content/", "a path inside the content folder"],
    hostile: readFileSync("/etc/hostname", "utf8").trim() || basename(climbBuild.outDir),
  });
});

test("should refuse a blog.url with a `..` segment", () => {
  assertRefused(dotSegmentBuild, {
    mentions: [
      "site.yaml: blog.url: expected an absolute http(s) URL such as https://example.org/, or a path such as /blog/",
      'found "/../x/"',
    ],
    hostile: "/../x/",
  });
});

test("should refuse a blog.feed that is a symbolic link", () => {
  assertRefused(dotSegmentBuild, {
    mentions: ["site.yaml: blog.feed: expected a path under content/", "symbolic links are not followed"],
    hostile: "feed-link.xml",
  });
});

test.run();
