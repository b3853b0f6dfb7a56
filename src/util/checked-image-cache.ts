import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { imageSize } from "image-size";
import { keepInBuildCache, markEntryUsed, pruneCacheEntries, readCacheFile, removeEntry } from "./build-cache.ts";

/*
 * A folder of the build cache holding images made from the build's inputs (social images, post
 * image renditions, the site's icons), so a rebuild makes only new or changed ones. An entry is
 * named `{key}-{digest of its bytes}.{extension}`, the key hashing whatever the image was made
 * from. The digest is what makes an entry trustworthy: an empty, truncated, garbled or swapped
 * file no longer hashes to its name, and is removed and made again, never published
 * (docs/robustness.md). A file written on purpose under a matching name must still be an image
 * of the expected type and size, read from its header, or it is removed too: the cache is an
 * input like any other.
 */

const ENTRY_NAME = /^([0-9a-f]{64})-([0-9a-f]{32})\.[a-z]+$/;

/** What an entry's header must say: image-size's type name (`png`, `jpg`, `webp`, `avif`) and the exact size. */
export interface ExpectedImage {
  type: string;
  width: number;
  height: number;
}

function digestOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/** The checked entries of one cache folder; with no folder (none configured, or unusable) it holds nothing. */
export class CheckedImageCache {
  private readonly byKey = new Map<string, string[]>();
  private readonly dir: string | undefined;

  constructor(dir: string | undefined) {
    this.dir = dir;
    if (dir === undefined) return;
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const key = ENTRY_NAME.exec(name)?.[1];
      if (key) this.byKey.set(key, [...(this.byKey.get(key) ?? []), name]);
    }
  }

  /**
   * The bytes kept under `key` whose digest matches their name and whose header says they are
   * the expected image; entries that do not match are removed.
   */
  read(key: string, expected: ExpectedImage): Uint8Array | undefined {
    if (this.dir === undefined) return undefined;
    for (const name of this.byKey.get(key) ?? []) {
      const file = join(this.dir, name);
      const bytes = readEntry(file);
      if (bytes && digestOf(bytes) === ENTRY_NAME.exec(name)?.[2] && isExpected(bytes, expected)) {
        markEntryUsed(file);
        return bytes;
      }
      removeEntry(file);
    }
    return undefined;
  }

  /**
   * Keeps an image (with one warning line per folder when it cannot be written). Parallel
   * builds (the tests run several) may make the same image: same name, same bytes.
   */
  keep(key: string, extension: string, bytes: Uint8Array): void {
    if (this.dir !== undefined) keepInBuildCache(join(this.dir, `${key}-${digestOf(bytes)}.${extension}`), bytes);
  }

  /** Keeps the `keep` most recently used entries (build-cache.ts, pruneCacheEntries). */
  prune(keep: number): void {
    if (this.dir !== undefined) pruneCacheEntries(this.dir, ENTRY_NAME, keep);
  }
}

/** The bytes of a regular file of at most MAX_CACHE_FILE_BYTES, or undefined for anything else (cache-entries.mjs). */
function readEntry(file: string): Buffer | undefined {
  const read = readCacheFile(file);
  return Buffer.isBuffer(read) ? read : undefined;
}

/** Whether `bytes` begin as an image of the expected type and exact size. */
function isExpected(bytes: Uint8Array, expected: ExpectedImage): boolean {
  try {
    const found = imageSize(bytes);
    return found.type === expected.type && found.width === expected.width && found.height === expected.height;
  } catch {
    return false;
  }
}
