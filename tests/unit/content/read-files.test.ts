import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ContentError } from "../../../src/content/content-error.ts";
import {
  MAX_FOLDER_FILES,
  MAX_STRING_CHARACTERS,
  MAX_TEXT_FILE_BYTES,
  MAX_YAML_CHARACTERS,
  MAX_YAML_DEPTH,
} from "../../../src/content/content-limits.ts";
import {
  contentFileExists,
  listFiles,
  readFrontMatter,
  readJson,
  readText,
  readYaml,
} from "../../../src/content/read-files.ts";
import { contentProblems, problemAt } from "../support/errors.ts";

/** Runs `act` in a fresh folder (removed afterwards). */
async function inFolder<T>(act: (dir: string) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "folio-read-"));
  try {
    return await act(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ESCAPE = "\u001b]0;PWNED\u0007\u001b[2J";

test("should refuse bytes that are not UTF-8, giving the offset and line of the first", async () => {
  const problems = await inFolder((dir) => {
    const file = join(dir, "profile.yaml");
    writeFileSync(
      file,
      Buffer.concat([Buffer.from("name: ok\nhandle: caf"), Buffer.from([0xc3, 0x28]), Buffer.from("\n")]),
    );
    return contentProblems(() => readText(file));
  });

  assert.is(problemAt(problems, "(file)").expected, "UTF-8 text (the byte at offset 20, line 2, is not UTF-8)");
});

test("should read UTF-8 text and drop a byte order mark", async () => {
  const text = await inFolder((dir) => {
    const file = join(dir, "a.yaml");
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("name: Zoë 🧗\n")]));
    return readText(file);
  });

  assert.is(text, "name: Zoë 🧗\n");
});

test("should refuse a file larger than 64 MiB before reading it, saying how large it is", async () => {
  const problems = await inFolder((dir) => {
    const file = join(dir, "huge.md");
    writeFileSync(file, "");
    truncateSync(file, 65 * 1024 * 1024); // sparse: no 65 MiB written to the disk
    return contentProblems(() => readText(file));
  });

  assert.is(problemAt(problems, "(file)").expected, "a file of at most 64 MiB (this one has 65 MiB)");
});

test("should refuse a symbolic link, even to a readable file", async () => {
  const problems = await inFolder((dir) => {
    writeFileSync(join(dir, "real.yaml"), "name: x\n");
    symlinkSync(join(dir, "real.yaml"), join(dir, "link.yaml"));
    return contentProblems(() => readYaml(join(dir, "link.yaml")));
  });

  assert.match(problemAt(problems, "(file)").expected, "symbolic links are not followed");
});

test("should refuse a file reached through a linked folder when the content root is given", async () => {
  const problems = await inFolder((dir) => {
    mkdirSync(join(dir, "elsewhere"));
    writeFileSync(join(dir, "elsewhere", "x.md"), "---\nname: x\n---\n");
    mkdirSync(join(dir, "content"));
    symlinkSync(join(dir, "elsewhere"), join(dir, "content", "projects"));
    return contentProblems(() => readFrontMatter(join(dir, "content", "projects", "x.md"), join(dir, "content")));
  });

  const problem = problemAt(problems, "(file)");
  assert.match(problem.file, /content\/projects$/);
  assert.match(problem.expected, "symbolic links are not followed");
});

test("should refuse a path outside the content root", async () => {
  const problems = await inFolder((dir) =>
    contentProblems(() => readText(join(dir, "other", "x.yaml"), join(dir, "content"))),
  );

  assert.match(problemAt(problems, "(file)").expected, "a path inside the content folder");
});

test("should refuse a folder where a file is expected, and a missing file", async () => {
  const [folder, missing] = await inFolder(async (dir) => {
    mkdirSync(join(dir, "x.md"));
    return [
      await contentProblems(() => readFrontMatter(join(dir, "x.md"))),
      await contentProblems(() => readJson(join(dir, "none.json"))),
    ];
  });

  assert.is(problemAt(folder ?? [], "(file)").expected, "a file, not a folder");
  assert.is(problemAt(missing ?? [], "(file)").expected, "this file to exist");
});

test("should list every entry with the extension, a folder or link included, for its reader to report", async () => {
  const names = await inFolder((dir) => {
    writeFileSync(join(dir, "b.md"), "");
    writeFileSync(join(dir, "a.md"), "");
    writeFileSync(join(dir, "notes.txt"), "");
    mkdirSync(join(dir, "x.md"));
    symlinkSync("/etc/hostname", join(dir, "h.md"));
    return listFiles(dir, ".md").map((file) => file.slice(dir.length + 1));
  });

  assert.equal(names, ["a.md", "b.md", "h.md", "x.md"]);
});

test("should list a folder of MAX_FOLDER_FILES Markdown files and refuse one more, before reading any", async () => {
  const [listed, refused] = await inFolder(async (dir) => {
    // Names to count: each a hard link to one empty file, a fifth of the CPU of creating each.
    writeFileSync(join(dir, "0.md"), "");
    for (let index = 1; index < MAX_FOLDER_FILES; index++) linkSync(join(dir, "0.md"), join(dir, `${index}.md`));
    writeFileSync(join(dir, "notes.txt"), "other files do not count");
    const count = listFiles(dir, ".md").length;
    writeFileSync(join(dir, "one-more.md"), "");
    return [count, await contentProblems(() => listFiles(dir, ".md"))] as const;
  });

  assert.is(listed, MAX_FOLDER_FILES);
  const limit = MAX_FOLDER_FILES.toLocaleString("en");
  const found = (MAX_FOLDER_FILES + 1).toLocaleString("en");
  assert.is(problemAt(refused, "(folder)").expected, `a folder of at most ${limit} .md files (this one has ${found})`);
});

test("should refuse to list a linked folder or a file in its place", async () => {
  const [linked, file] = await inFolder(async (dir) => {
    mkdirSync(join(dir, "real"));
    symlinkSync(join(dir, "real"), join(dir, "projects"));
    writeFileSync(join(dir, "posts"), "");
    return [
      await contentProblems(() => listFiles(join(dir, "projects"), ".md")),
      await contentProblems(() => listFiles(join(dir, "posts"), ".md")),
    ];
  });

  assert.match(problemAt(linked ?? [], "(folder)").expected, "symbolic links are not followed");
  assert.is(problemAt(file ?? [], "(folder)").expected, "a folder");
});

test("should turn a file-system fault into a content error naming the file, not a stack trace", async () => {
  const problems = await inFolder((dir) => contentProblems(() => readText(join(dir, `${"n".repeat(300)}.md`))));

  assert.is(problemAt(problems, "(file)").expected, "a shorter name (the file system refused this one as too long)");
});

test("should see a broken link as something there, so its reader reports it", async () => {
  const exists = await inFolder((dir) => {
    symlinkSync(join(dir, "nowhere"), join(dir, "pgp.asc"));
    return contentFileExists(join(dir, "pgp.asc"));
  });

  assert.ok(exists);
});

test("should refuse control characters in any YAML string or key, naming the dotted field", async () => {
  const problems = await inFolder((dir) => {
    const file = join(dir, "now.yaml");
    writeFileSync(file, 'headline: "a\\e]0;PWNED\\a"\nsections:\n  - items: [ok, "C1 \\x9b here"]\n"bad\\x7fkey": 1\n');
    return contentProblems(() => readYaml(file));
  });

  assert.is(problemAt(problems, "headline").expected, "text without control characters (found U+001B at character 2)");
  assert.is(
    problemAt(problems, "sections[0].items[1]").expected,
    "text without control characters (found U+009B at character 4)",
  );
  assert.is(problemAt(problems, "bad\u007fkey").expected, "a key without control characters (found U+007F)");
});

test("should refuse YAML aliases of lists and maps, so a billion-laughs document costs nothing", async () => {
  const levels = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let level = 1; level <= 9; level += 1)
    levels.push(
      `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(10)
        .fill(`*${String.fromCharCode(96 + level)}`)
        .join(", ")}]`,
    );
  const started = Date.now();

  const problems = await inFolder((dir) => {
    writeFileSync(join(dir, "bomb.yaml"), `${levels.join("\n")}\n`);
    return contentProblems(() => readYaml(join(dir, "bomb.yaml")));
  });

  // Expanded, the document holds 10^9 strings: hours of walking. 30 s only guards against that
  // (the problems' count shows nothing was expanded), never the machine's load.
  assert.ok(Date.now() - started < 30_000, "the walk did not expand the aliases");
  assert.is(problemAt(problems, "b[1]").expected, "a value written out, not a YAML alias (*name) of a list or map");
  assert.is(problems.length, 9 * 10);
});

test("should accept an alias of a plain string, which costs nothing", async () => {
  const data = await inFolder((dir) => {
    writeFileSync(join(dir, "a.yaml"), "name: &n Margo\nhandle: *n\n");
    return readYaml(join(dir, "a.yaml"));
  });

  assert.equal(data, { name: "Margo", handle: "Margo" });
});

test("should refuse control characters in a Markdown body, naming the line, together with front-matter problems", async () => {
  const problems = await inFolder((dir) => {
    const file = join(dir, "x.md");
    writeFileSync(file, `---\nname: "x\\e"\n---\nfine\nnot ${ESCAPE} fine\n`);
    return contentProblems(() => readFrontMatter(file));
  });

  assert.equal(
    problems.map((problem) => problem.field),
    ["name", "(body) line 5"],
  );
  assert.is(problemAt(problems, "(body) line 5").expected, "text without control characters (found U+001B)");
});

test("should keep tabs and line breaks, which are not control characters here", async () => {
  const document = await inFolder((dir) => {
    const file = join(dir, "x.md");
    writeFileSync(file, '---\nname: "a\\tb"\n---\r\nline\tone\r\nline two\n');
    return readFrontMatter(file);
  });

  assert.equal(document, { data: { name: "a\tb" }, body: "line\tone\r\nline two\n", bodyLine: 4 });
});

test("should print no control character in the error message, escaping each", () => {
  const error = new ContentError([{ file: `x${ESCAPE}.md`, field: "tagline", expected: "text", actual: "a\u009bb" }]);

  assert.not.match(error.message, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  assert.match(error.message, "x\\u001b]0;PWNED\\u0007\\u001b[2J.md");
  assert.match(error.message, "a\\u009bb");
});

for (const [name, read] of [
  ["a YAML file", readYaml],
  ["a Markdown file", readFrontMatter],
] as const) {
  test(`should refuse ${name} larger than MAX_TEXT_FILE_BYTES before reading it`, async () => {
    const problems = await inFolder((dir) => {
      const file = join(dir, "big.md");
      writeFileSync(file, "");
      truncateSync(file, MAX_TEXT_FILE_BYTES * 1.5); // sparse
      return contentProblems(() => read(file));
    });

    assert.is(problemAt(problems, "(file)").expected, "a file of at most 1 MiB (this one has 1.5 MiB)");
  });
}

test("should count the bytes of a file just over its limit, where sizes in MiB would look equal", async () => {
  const problems = await inFolder((dir) => {
    writeFileSync(join(dir, "edge.yaml"), `a: "${"x".repeat(MAX_TEXT_FILE_BYTES)}"\n`);
    return contentProblems(() => readYaml(join(dir, "edge.yaml")));
  });

  assert.is(
    problemAt(problems, "(file)").expected,
    `a file of at most 1 MiB (this one has ${(MAX_TEXT_FILE_BYTES + 6).toLocaleString("en")} bytes)`,
  );
});

test("should refuse a YAML document of aliases of one long string, counting each use, naming the file", async () => {
  const line = "x".repeat(MAX_STRING_CHARACTERS);
  const problems = await inFolder((dir) => {
    // profile.yaml as the hostile tester wrote it: 610 KB standing for a gigabyte of text.
    writeFileSync(
      join(dir, "profile.yaml"),
      `name: &n "${line}"\ncertifications: [${Array(100_000).fill("*n").join(", ")}]\n`,
    );
    return contentProblems(() => readYaml(join(dir, "profile.yaml")));
  });

  assert.equal(problems, [
    {
      file: problems[0]?.file ?? "",
      field: "(file)",
      expected: `YAML of at most ${MAX_YAML_CHARACTERS.toLocaleString("en")} characters once its aliases (*name) are expanded (this one has 1,000,010,018)`,
    },
  ]);
  assert.match(problems[0]?.file ?? "", /profile\.yaml$/);
});

test("should accept aliases of a string while the expanded document stays within the limit", async () => {
  const data = await inFolder((dir) => {
    writeFileSync(join(dir, "a.yaml"), `a: &a "${"y".repeat(1000)}"\nb: [${Array(1000).fill("*a").join(", ")}]\n`);
    return readYaml(join(dir, "a.yaml")) as { b: string[] };
  });

  assert.is(data.b.length, 1000);
});

test("should refuse a string or key longer than MAX_STRING_CHARACTERS, naming the field and its length", async () => {
  const long = MAX_STRING_CHARACTERS + 1;
  const problems = await inFolder((dir) => {
    writeFileSync(
      join(dir, "a.yaml"),
      `title: ${"t".repeat(long)}\n${"k".repeat(long)}: 1\nfine: ${"f".repeat(MAX_STRING_CHARACTERS)}\n`,
    );
    return contentProblems(() => readYaml(join(dir, "a.yaml")));
  });

  assert.equal(
    problems.map((p) => [p.field, p.expected]),
    [
      ["title", "a string of at most 10,000 characters (this one has 10,001)"],
      ["k".repeat(long), "a key of at most 10,000 characters (this one has 10,001)"],
    ],
  );
});

test("should count a string's characters as code points: an emoji is one, not two", async () => {
  // Before: a title of 10,000 emoji was refused as 20,000 characters.
  const problems = await inFolder((dir) => {
    writeFileSync(join(dir, "a.yaml"), `fine: ${"🧗".repeat(10_000)}\ntitle: ${"🧗".repeat(10_001)}\n`);
    return contentProblems(() => readYaml(join(dir, "a.yaml")));
  });

  assert.equal(
    problems.map((p) => [p.field, p.expected]),
    [["title", "a string of at most 10,000 characters (this one has 10,001)"]],
  );
});

test("should refuse lone surrogates in YAML strings and keys, which no UTF-8 output can carry", async () => {
  const problems = await inFolder((dir) => {
    writeFileSync(join(dir, "a.yaml"), 'title: "ok \\uD800 half"\n"k\\uDC00": 1\npair: "\\uD83E\\uDDD7"\n');
    return contentProblems(() => readYaml(join(dir, "a.yaml")));
  });

  assert.equal(
    problems.map((p) => [p.field, p.expected]),
    [
      [
        "title",
        "text without a lone surrogate (found U+D800 at character 4, half of a character: write the character itself)",
      ],
      [
        "k\udc00",
        "a key without a lone surrogate (found U+DC00 at character 2, half of a character: write the character itself)",
      ],
    ],
  );
});

test("should refuse YAML nested deeper than MAX_YAML_DEPTH", async () => {
  const problems = await inFolder((dir) => {
    writeFileSync(join(dir, "a.yaml"), `a: ${"[".repeat(MAX_YAML_DEPTH + 1)}${"]".repeat(MAX_YAML_DEPTH + 1)}\n`);
    return contentProblems(() => readYaml(join(dir, "a.yaml")));
  });

  assert.match(problemAt(problems, "(file)").expected, `nesting exceeded maxDepth (${MAX_YAML_DEPTH})`);
});

test("should list the first hundred problems of a YAML document and count the rest", async () => {
  const problems = await inFolder((dir) => {
    writeFileSync(join(dir, "a.yaml"), `a: &a "bell \\a"\nb: [${Array(150).fill("*a").join(", ")}]\n`);
    return contentProblems(() => readYaml(join(dir, "a.yaml")));
  });

  assert.is(problems.length, 101);
  assert.is(problems[100]?.expected, "no more problems (51 more like the ones above are not listed)");
});

test("should refuse a list or map used as a key, which would be named [object Object] or a,b", async () => {
  const keys = ["? [a, b]\n: 1\n", "{[a]: 1}\n", "? {k: v}\n: 1\n", "x: &x [a]\ny:\n  ? *x\n  : 1\n"];
  const expected = await inFolder((dir) =>
    Promise.all(
      keys.map(async (text, index) => {
        writeFileSync(join(dir, `${index}.yaml`), text);
        return problemAt(await contentProblems(() => readYaml(join(dir, `${index}.yaml`))), "(file)").expected;
      }),
    ),
  );
  const fm = await inFolder(async (dir) => {
    writeFileSync(join(dir, "p.md"), "---\ntitle: t\n[a, b]: 1\n---\nbody\n");
    return problemAt(await contentProblems(() => readFrontMatter(join(dir, "p.md"))), "(file)").expected;
  });

  for (const line of [...expected, fm]) assert.match(line, /^valid YAML \(a list or map used as a key at line \d/);
  assert.is(fm, "valid YAML (a list or map used as a key at line 3, column 7)");
});

test("should accept lists and maps as values, and text keys that start with ? [ or {", async () => {
  const data = await inFolder((dir) => {
    writeFileSync(join(dir, "a.yaml"), "a: [b, c]\nd: {e: [f]}\n'[g]': h\n'?': [i]\nj: what?\nk:\n  - [l]\n");
    return readYaml(join(dir, "a.yaml"));
  });

  assert.equal(data, { a: ["b", "c"], d: { e: ["f"] }, "[g]": "h", "?": ["i"], j: "what?", k: [["l"]] });
});

test.run();
