import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  buildCacheDir,
  cacheFolder,
  contentKey,
  keepEntry,
  keepReadsForNextBuild,
  pruneEntries,
  readEntry,
  useBuildCache,
} from "../../../src/util/build-cache.ts";

/*
 * The one cache mechanism (src/util/build-cache.ts), which every kind uses. Warnings are said
 * once per path per process, so each test works in a fresh temp folder its paths were never
 * warned about.
 */
function withWarnings(run: (dir: string, warnings: string[]) => void | Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-build-cache-"));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
    try {
      await run(dir, warnings);
    } finally {
      console.warn = warn;
      useBuildCache(undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

const ignored = (path: string, reason: string): string =>
  `[folio] The build cache ${JSON.stringify(path)} ${reason}: it is ignored and this build computes everything afresh.`;

const KEY = contentKey("test", 1);
const OTHER_KEY = contentKey("test", 2);
const text = (bytes: Buffer): string => bytes.toString("utf8");

test("should key by every input, in order, and by nothing else", () => {
  assert.match(KEY, /^[0-9a-f]{64}$/);
  assert.is(contentKey("test", 1), KEY);
  assert.is.not(contentKey("test", "1"), KEY);
  assert.is.not(contentKey(1, "test"), KEY);
  assert.is.not(contentKey("test", 1, undefined), KEY);
});

test("should have no folder, read nothing and keep nothing when no cache is set", () => {
  useBuildCache(undefined);
  assert.is(buildCacheDir("og"), undefined);
  keepEntry(undefined, KEY, "value");
  assert.is(readEntry(undefined, KEY), undefined);
});

test(
  "should keep an entry under its key and read back its value, creating the folder",
  withWarnings((dir, warnings) => {
    useBuildCache(join(dir, "cache"));
    const og = buildCacheDir("og");
    assert.is(og, join(dir, "cache", "og"));

    keepEntry(og, KEY, "value");

    assert.is(readEntry(og, KEY, text), "value");
    assert.is(readEntry(og, OTHER_KEY, text), undefined, "another key's entry is missing, not damaged");
    assert.equal(readdirSync(join(dir, "cache", "og")), [KEY], "nothing else left behind");
    assert.equal(warnings, []);
  }),
);

test(
  "should read an entry once across npm start's builds, keep it two builds, and take a new value kept",
  withWarnings((dir, warnings) => {
    useBuildCache(join(dir, "cache"));
    const og = buildCacheDir("og");
    const entry = join(dir, "cache", "og", KEY);
    try {
      keepReadsForNextBuild();
      keepEntry(og, KEY, "value");
      assert.is(readEntry(og, KEY, text), "value");
      // Read in this build: not read from disk again in this one or the next.
      writeFileSync(entry, "damaged");
      assert.is(readEntry(og, KEY, text), "value");
      keepReadsForNextBuild();
      assert.is(readEntry(og, KEY, text), "value", "the next build");
      // What one decoder made is handed to it again, in this build and the next, not decoded again.
      let decoded = 0;
      const counting = (value: Buffer) => `${value}#${++decoded}`;
      assert.is(readEntry(og, KEY, counting), "value#1");
      assert.is(readEntry(og, KEY, counting), "value#1");
      keepReadsForNextBuild();
      assert.is(readEntry(og, KEY, counting), "value#1", "the next build");
      // Another decoder decodes: a value its kind refuses is still refused.
      assert.is(
        readEntry(og, KEY, () => undefined),
        undefined,
      );
      keepEntry(og, KEY, "new value");
      assert.is(readEntry(og, KEY, text), "new value", "a value kept replaces the one read");
      // A build that does not read it, and the one after, lets it go: read from disk again.
      keepReadsForNextBuild();
      keepReadsForNextBuild();
      writeFileSync(entry, "damaged");
      assert.is(readEntry(og, KEY, text), undefined);
      assert.equal(warnings.length, 1, warnings.join("\n"));
      // A build that keeps nothing reads the folder.
      keepEntry(og, KEY, "value");
      assert.is(readEntry(og, KEY, text), "value");
      keepReadsForNextBuild(false);
      writeFileSync(entry, "damaged");
      assert.is(readEntry(og, KEY, text), undefined);
    } finally {
      keepReadsForNextBuild(false);
    }
  }),
);

test("should refuse a key that is not a content key, so no name from outside becomes a path", () => {
  assert.throws(() => keepEntry(tmpdir(), "../escape", "value"), /not a cache key/);
  assert.throws(() => readEntry(tmpdir(), "github-graphql-1"), /not a cache key/);
});

/** Each way an entry can be damaged: what the file becomes, given its folder and the sound bytes. */
const DAMAGES: Record<string, { damage: (file: string, sound: Buffer, dir: string) => void; why: string }> = {
  empty: { damage: (file) => writeFileSync(file, ""), why: "does not match its digest" },
  truncated: { damage: (file, sound) => writeFileSync(file, sound.subarray(0, sound.length - 3)), why: "digest" },
  garbled: {
    damage: (file, sound) => writeFileSync(file, Buffer.from(sound).fill(0x5a, 66, 68)),
    why: "does not match its digest",
  },
  "swapped (another key's sound entry)": {
    damage: (file, _, dir) => {
      keepEntry(dir, OTHER_KEY, "value");
      writeFileSync(file, readFileSync(join(dir, OTHER_KEY)));
    },
    why: "does not match its digest",
  },
  "foreign (the value alone)": { damage: (file) => writeFileSync(file, "value"), why: "does not match its digest" },
  "a symbolic link to a sound entry elsewhere": {
    damage: (file, sound, dir) => {
      const elsewhere = join(dir, "..", "elsewhere");
      writeFileSync(elsewhere, sound);
      utimesSync(elsewhere, new Date(2001, 0, 1), new Date(2001, 0, 1));
      rmSync(file);
      symlinkSync(elsewhere, file);
    },
    why: "is not a regular file",
  },
  "a symbolic link to /dev/zero": {
    damage: (file) => {
      rmSync(file);
      symlinkSync("/dev/zero", file);
    },
    why: "is not a regular file",
  },
  "a FIFO (no writer ever comes)": {
    damage: (file) => {
      rmSync(file);
      execFileSync("mkfifo", [file]);
    },
    why: "is not a regular file",
  },
  "a folder": {
    damage: (file) => {
      rmSync(file);
      mkdirSync(join(file, "inside"), { recursive: true });
      writeFileSync(join(file, "inside", "file"), "x");
    },
    why: "is not a regular file",
  },
  "a 1 GiB sparse file": {
    damage: (file) => {
      writeFileSync(file, "");
      truncateSync(file, 1024 ** 3);
    },
    why: "is larger than 64 MiB",
  },
};

for (const [name, { damage, why }] of Object.entries(DAMAGES)) {
  test(
    `should never use an entry that is ${name}: one warning, removed, made and kept anew`,
    withWarnings((dir, warnings) => {
      const folder = join(dir, "cache", "kind");
      mkdirSync(folder, { recursive: true });
      keepEntry(folder, KEY, "value");
      const file = join(folder, KEY);
      damage(file, readFileSync(file), folder);

      assert.is(readEntry(folder, KEY, text), undefined);
      assert.is(readEntry(folder, KEY, text), undefined, "gone: missing now, and not said again");
      assert.is(lstatSync(file, { throwIfNoEntry: false }), undefined, "removed");
      assert.is(warnings.length, 1, warnings.join("\n"));
      assert.match(warnings[0] ?? "", `[folio] The build cache entry ${JSON.stringify(file)} `);
      assert.match(warnings[0] ?? "", why);
      keepEntry(folder, KEY, "value");
      assert.is(readEntry(folder, KEY, text), "value");
      if (name.includes("elsewhere")) {
        const elsewhere = statSync(join(folder, "..", "elsewhere"));
        assert.is(elsewhere.mtime.getFullYear(), 2001, "the link's target is neither read-marked nor touched");
      }
    }),
  );
}

test(
  "should refuse a sound entry whose value its kind refuses or cannot read, with one warning per folder",
  withWarnings((dir, warnings) => {
    const folder = join(dir, "kind");
    keepEntry(folder, KEY, "not json");
    keepEntry(folder, OTHER_KEY, "[1]");

    assert.is(
      readEntry(folder, KEY, (bytes) => JSON.parse(text(bytes)) as unknown),
      undefined,
    );
    assert.is(
      readEntry(folder, OTHER_KEY, (bytes) => (Array.isArray(JSON.parse(text(bytes))) ? undefined : 1)),
      undefined,
    );
    assert.equal(readdirSync(folder), []);
    assert.is(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0] ?? "", "holds a value its kind refuses: it is made again");
  }),
);

test(
  "should keep an entry where a folder stands in its place",
  withWarnings((dir, warnings) => {
    const folder = join(dir, "kind");
    mkdirSync(join(folder, KEY, "inside"), { recursive: true });

    keepEntry(folder, KEY, "value");

    assert.is(readEntry(folder, KEY, text), "value");
    assert.equal(warnings, []);
  }),
);

test(
  "should keep the most recently used entries, reading one marking it used",
  withWarnings((dir) => {
    const folder = join(dir, "kind");
    const keys = [1, 2, 3, 4].map((n) => contentKey("prune", n));
    for (const [index, key] of keys.entries()) {
      keepEntry(folder, key, `value ${index}`);
      const at = new Date(2020, 0, 1 + index);
      utimesSync(join(folder, key), at, at);
    }
    writeFileSync(join(folder, "not-an-entry"), "left alone");
    readEntry(folder, keys[0] ?? "", text);

    pruneEntries(folder, 2);

    assert.equal(readdirSync(folder).sort(), [keys[0], keys[3], "not-an-entry"].sort());
    pruneEntries(join(dir, "missing"), 2);
    pruneEntries(undefined, 2);
  }),
);

test(
  "should ignore every folder of a cache that is a file, say so once, and leave the file",
  withWarnings((dir, warnings) => {
    const file = join(dir, "cache");
    writeFileSync(file, "not a folder\n");
    useBuildCache(file);

    const folders = ["og", "validators", "pgp", "og"].map((name) => buildCacheDir(name));

    assert.equal(folders, [undefined, undefined, undefined, undefined]);
    assert.equal(warnings, [ignored(file, "is a file, not a folder")]);
    assert.is(readFileSync(file, "utf8"), "not a folder\n");
  }),
);

test(
  "should say once that a cache folder cannot hold the kinds' folders (/proc/self), not once a kind",
  withWarnings((_, warnings) => {
    // Before: nine lines, one per kind ("/proc/self/og" cannot be created (ENOENT), …).
    if (!existsSync("/proc/self")) return console.log("  (skipped: no /proc/self here)");
    useBuildCache("/proc/self");

    const folders = ["og", "images", "validators"].map((name) => buildCacheDir(name));

    assert.equal(folders, [undefined, undefined, undefined]);
    assert.equal(warnings, [ignored("/proc/self", "cannot hold its folders (ENOENT)")]);
  }),
);

test(
  "should say that a kind's folder is a loop of symbolic links, not that it is not writable",
  withWarnings((dir, warnings) => {
    mkdirSync(join(dir, "cache"));
    symlinkSync("og", join(dir, "cache", "og"));
    useBuildCache(join(dir, "cache"));

    assert.is(buildCacheDir("og"), undefined);
    assert.equal(warnings, [ignored(join(dir, "cache", "og"), "cannot be written (ELOOP)")]);
  }),
);

test(
  "should ignore only the folder a file stands in for",
  withWarnings((dir, warnings) => {
    mkdirSync(join(dir, "cache"));
    writeFileSync(join(dir, "cache", "og"), "not a folder\n");
    useBuildCache(join(dir, "cache"));

    assert.is(buildCacheDir("og"), undefined);
    assert.is(buildCacheDir("pgp"), join(dir, "cache", "pgp"));
    assert.equal(warnings, [ignored(join(dir, "cache", "og"), "is a file, not a folder")]);
  }),
);

test(
  "should use a configured folder that is a symbolic link or lies under one (a CI cache mount)",
  withWarnings((dir, warnings) => {
    const mount = join(dir, "mount");
    mkdirSync(mount);
    symlinkSync(mount, join(dir, "cache"));
    useBuildCache(join(dir, "cache"));

    assert.is(buildCacheDir("og"), join(dir, "cache", "og"));
    assert.is(cacheFolder(join(dir, "cache", "github")), join(dir, "cache", "github"));
    assert.is(cacheFolder(join(dir, "cache")), join(dir, "cache"));
    assert.equal(readdirSync(mount).sort(), ["github", "og"]);
    assert.equal(warnings, []);
  }),
);

test(
  "should say a cache folder is a file once, whichever kind asks (GitHub's and the build's)",
  withWarnings((dir, warnings) => {
    const file = join(dir, "github");
    writeFileSync(file, "not a folder\n");

    assert.equal([cacheFolder(file), cacheFolder(file)], [undefined, undefined]);
    assert.equal(warnings, [ignored(file, "is a file, not a folder")]);
  }),
);

test(
  "should show a path inside the working folder relative to it, its control characters escaped",
  withWarnings((dir, warnings) => {
    const inside = join(process.cwd(), `node_modules/.folio-test-${relative(tmpdir(), dir)}-\u001b[31m`);
    writeFileSync(inside, "not a folder\n");
    try {
      cacheFolder(inside);
    } finally {
      rmSync(inside);
    }

    // JSON.stringify shows ESC as the six characters \u001b: the owner sees it, the terminal does not run it.
    assert.equal(warnings, [ignored(relative(process.cwd(), inside), "is a file, not a folder")]);
    assert.not.match(warnings.join(""), "\u001b");
  }),
);

/**
 * Runs `run` with a tmpfs of `size` mounted at a fresh folder, read-only when asked (mounting
 * needs root, as the tests run: elsewhere the case is skipped and says so).
 */
async function withMount(options: string, run: (mount: string) => void | Promise<void>): Promise<void> {
  const mount = mkdtempSync(join(tmpdir(), "folio-cache-mount-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", mount], { stdio: "ignore" });
  } catch {
    console.log("  (skipped: mounting a tmpfs needs root)");
    rmSync(mount, { recursive: true, force: true });
    return;
  }
  try {
    await run(mount);
  } finally {
    execFileSync("umount", [mount]);
    rmSync(mount, { recursive: true, force: true });
  }
}

test(
  "should ignore a cache folder that is not writable, with one warning",
  withWarnings(async (_, warnings) => {
    await withMount("size=64k,ro", (mount) => {
      useBuildCache(mount);
      assert.is(buildCacheDir("."), undefined);
      assert.equal(warnings, [ignored(mount, "is on a read-only file system (EROFS)")]);
    });
  }),
);

test(
  "should say once that a cache on a read-only file system is ignored, for every kind and GitHub's answers",
  withWarnings(async (_, warnings) => {
    await withMount("size=64k", async (mount) => {
      mkdirSync(join(mount, "og"));
      mkdirSync(join(mount, "github"));
      execFileSync("mount", ["-o", "remount,ro", mount]);
      useBuildCache(mount);

      // `og` and `github` exist; `images` would have to be made, which Node's recursive mkdir
      // reports as ENOENT on a read-only file system.
      const folders = [buildCacheDir("images"), buildCacheDir("og"), cacheFolder(join(mount, "github"))];

      assert.equal(folders, [undefined, undefined, undefined]);
      assert.equal(warnings, [ignored(mount, "is on a read-only file system (EROFS)")]);
    });
  }),
);

test(
  "should go on without keeping entries when the disk is full, saying so once per folder",
  withWarnings(async (_, warnings) => {
    await withMount("size=64k", (mount) => {
      useBuildCache(mount);
      const og = buildCacheDir("og");
      const big = Buffer.alloc(128 * 1024, 1);

      keepEntry(og, KEY, big);
      keepEntry(og, OTHER_KEY, big);

      assert.is(readEntry(og, KEY), undefined);
      assert.equal(readdirSync(join(mount, "og")), [], "no half-written entry or temporary file left");
      assert.is(warnings.length, 1, warnings.join("\n"));
      assert.is(
        warnings[0],
        `[folio] The build cache ${JSON.stringify(join(mount, "og"))} cannot be written (ENOSPC): this build goes on without keeping its entries there, and the next build computes them again.`,
      );
    });
  }),
);

/** A process that keeps `letter` repeated `length` times under KEY in `folder`, `times` times over, as a build would. */
function writer(folder: string, letter: string, length: number, times: number): Promise<number | null> {
  const module = JSON.stringify(join(import.meta.dirname, "../../../src/util/build-cache.ts"));
  const value = `${JSON.stringify(letter)}.repeat(${length})`;
  const script = `import { keepEntry } from ${module};
for (let i = 0; i < ${times}; i++) keepEntry(${JSON.stringify(folder)}, ${JSON.stringify(KEY)}, ${value});`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "inherit" });
  return new Promise((done) => child.on("exit", done));
}

test(
  "should let two writers share an entry: a reader sees a whole value or none, never a damaged one",
  withWarnings(async (dir, warnings) => {
    const folder = join(dir, "kind");
    mkdirSync(folder);
    const writers = Promise.all([writer(folder, "a", 100_000, 150), writer(folder, "b", 150_000, 150)]);
    let done = false;
    void writers.then(() => {
      done = true;
    });
    const seen = new Set<string>();
    while (!done) {
      const value = readEntry(folder, KEY, text);
      if (value !== undefined) seen.add(value.slice(0, 1) + value.length);
      await new Promise((resolve) => setImmediate(resolve));
    }

    assert.equal(await writers, [0, 0]);
    assert.equal(warnings, [], "no entry read was damaged");
    assert.ok(seen.size >= 1, "entries were read while being written");
    for (const each of seen) assert.ok(["a100000", "b150000"].includes(each), each);
    assert.equal(readdirSync(folder), [KEY], "no temporary file left");
    assert.ok(existsSync(join(folder, KEY)));
  }),
);

test.run();
