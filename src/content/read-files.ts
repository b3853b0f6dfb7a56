import { lstatSync, readdirSync, readFileSync, type Stats } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { findControlCharacter } from "../util/control-characters.ts";
import { ContentError, printable, ProblemList } from "./content-error.ts";
import { MAX_CONTENT_FILE_BYTES, MAX_FOLDER_FILES, MAX_TEXT_FILE_BYTES, MIB } from "./content-limits.ts";
import { firstInvalidUtf8Byte } from "./utf8.ts";
import { parseYamlText } from "./yaml-text.ts";

/*
 * The one way authored (untrusted) files enter the build. Each read checks, here: the path stays
 * inside the content folder and meets no symbolic link (which could publish /etc/hostname or a
 * private key), the entry is a regular file, the bytes are UTF-8 (never turned into U+FFFD), and
 * no string carries a control character. A file-system fault is a content error naming the file.
 */

/** A content file as messages name it: relative to the working directory, escaped (printable). */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return printable(rel.startsWith("..") ? file : rel);
}

function problem(file: string, expected: string, field = "(file)"): ContentError {
  return new ContentError([{ file: displayPath(file), field, expected }]);
}

/** Words for a file-system error code, for the owner rather than for a developer. */
function fault(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case "EACCES":
    case "EPERM":
      return "a file this build may read (permission denied)";
    case "ENAMETOOLONG":
      return "a shorter name (the file system refused this one as too long)";
    default:
      return `a readable file (${code ?? String(error)})`;
  }
}

/** What is at `file` without following a symbolic link; null when nothing is. */
function entryAt(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw problem(file, fault(error));
  }
}

/**
 * Fails unless `file` lies inside `root` with no symbolic link on the way (the root itself may
 * be one: the owner chose it with CONTENT_DIR), and, for a `folder`, is none when it is there.
 */
export function checkContentPath(root: string, file: string, folder = false): void {
  const rel = relative(root, file);
  if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw problem(file, `a path inside the content folder ${displayPath(root)}`);
  }
  let current = root;
  for (const part of rel.split(sep)) {
    current = join(current, part);
    const entry = entryAt(current);
    if (entry === null) return;
    if (entry.isSymbolicLink())
      throw problem(current, "a file or folder, not a symbolic link (symbolic links are not followed)");
    if (folder && current === file && !entry.isDirectory()) throw problem(file, "a folder, not a file");
  }
}

/** True when anything is at `file`, a broken or hostile link included, so its reader reports it. */
export function contentFileExists(file: string): boolean {
  return entryAt(file) !== null;
}

/**
 * Reads a content file's bytes (inside the content folder `root`, when given). Missing, a link,
 * a folder, larger than `maxBytes` or unreadable: a content error naming the file.
 */
export function readBytes(file: string, root?: string, maxBytes: number = MAX_CONTENT_FILE_BYTES): Buffer {
  if (root !== undefined) checkContentPath(root, file);
  const entry = entryAt(file);
  if (entry === null) throw problem(file, "this file to exist");
  if (entry.isSymbolicLink()) throw problem(file, "a file, not a symbolic link (symbolic links are not followed)");
  if (entry.isDirectory()) throw problem(file, "a file, not a folder");
  if (!entry.isFile()) throw problem(file, "a regular file");
  if (entry.size > maxBytes) {
    const [most, has] = [maxBytes, entry.size].map(sizeInWords);
    // "at most 1 MiB (this one has 1 MiB)" would hide a few bytes over: then they are counted.
    const size = has === most ? `${entry.size.toLocaleString("en")} bytes` : has;
    throw problem(file, `a file of at most ${most} (this one has ${size})`);
  }
  try {
    return readFileSync(file);
  } catch (error) {
    throw problem(file, fault(error));
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads a content file as UTF-8 (see utf8Text). */
export function readText(file: string, root?: string, maxBytes?: number): string {
  return utf8Text(readBytes(file, root, maxBytes), displayPath(file));
}

/** Content's bytes as text; bytes that are not UTF-8 are an error of `where` giving the first one's offset. */
export function utf8Text(bytes: Uint8Array, where: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8Byte(bytes);
    const line = bytes.subarray(0, offset).filter((byte) => byte === 0x0a).length + 1;
    const expected = `UTF-8 text (the byte at offset ${offset}, line ${line}, is not UTF-8)`;
    throw new ContentError([{ file: where, field: "(file)", expected }]);
  }
}

/** Reads and parses a YAML file (inside `root` when given) of at most MAX_TEXT_FILE_BYTES. */
export function readYaml(file: string, root?: string): unknown {
  return parseYamlText(readText(file, root, MAX_TEXT_FILE_BYTES), displayPath(file));
}

/** Reads and parses a JSON file (inside `root` when given). */
export function readJson(file: string, root?: string): unknown {
  const text = readText(file, root);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw problem(file, `valid JSON (${(error as SyntaxError).message})`);
  }
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a Markdown file of at most MAX_TEXT_FILE_BYTES into its YAML front matter and its body
 * (inside `root` when given); `bodyLine` is the line of the file on which the body starts.
 */
export function readFrontMatter(file: string, root?: string): { data: unknown; body: string; bodyLine: number } {
  const text = readText(file, root, MAX_TEXT_FILE_BYTES).replace(/^\uFEFF/, "");
  const match = FRONT_MATTER.exec(text);
  if (!match) throw problem(file, "a YAML front matter block between two `---` lines at the top", "(front matter)");
  const body = text.slice(match[0].length);
  const bodyLine = match[0].split("\n").length;
  // Both parts are checked before either fails, so one build shows every problem of the file.
  const problems = new ProblemList();
  // The block starts on the file's second line, after its opening `---`.
  const data = problems.collect(() => parseYamlText(match[1] ?? "", displayPath(file), 2), null);
  body.split("\n").forEach((line, index) => {
    const found = findControlCharacter(line);
    if (found) {
      const expected = `text without control characters (found ${found.codePoint})`;
      problems.add({ file: displayPath(file), field: `(body) line ${bodyLine + index}`, expected });
    }
  });
  problems.throwIfAny();
  return { data, body, bodyLine };
}

/**
 * The entries of a folder whose names end with `extension`, sorted; whatever they are (a folder
 * named `x.md`, a link): the read of each reports it. A missing folder lists nothing.
 */
export function listFiles(dir: string, extension: string, root?: string): string[] {
  if (root !== undefined) checkContentPath(root, dir);
  const entry = entryAt(dir);
  if (entry === null) return [];
  if (entry.isSymbolicLink())
    throw problem(dir, "a folder, not a symbolic link (symbolic links are not followed)", "(folder)");
  if (!entry.isDirectory()) throw problem(dir, "a folder", "(folder)");
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw problem(dir, fault(error).replace("file", "folder"), "(folder)");
  }
  const files = names.filter((name) => name.endsWith(extension));
  if (files.length > MAX_FOLDER_FILES) {
    const [most, found] = [MAX_FOLDER_FILES, files.length].map((count) => count.toLocaleString("en"));
    throw problem(dir, `a folder of at most ${most} ${extension} files (this one has ${found})`, "(folder)");
  }
  return files.sort().map((name) => join(dir, name));
}

/** "64 MiB", "1.5 MiB", "900 KiB": sizes as a person reads them in an error. */
function sizeInWords(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MiB`;
  return `${Math.ceil(bytes / 1024)} KiB`;
}
