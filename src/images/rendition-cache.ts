import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { imageSize } from "image-size";
import { keepInBuildCache, markEntryUsed, removeEntry } from "../util/build-cache.ts";
import type { RenditionSpec } from "./encode-rendition.ts";

/*
 * Renditions kept between builds (`.cache/images/`), so a rebuild converts only new or changed
 * images. An entry is named `{key}-{digest of its bytes}.{extension}`, the key hashing the
 * encoder settings, the source's bytes and the rendition's format and size. The digest is what
 * makes an entry trustworthy: an empty, truncated, garbled or swapped file no longer hashes to
 * its name, and is removed and converted again, never published (docs/robustness.md). A file
 * written on purpose under a matching name must still be an image of the rendition's format and
 * size, read from its header, or it is removed too: the cache is an input like any other.
 */

const ENTRY_NAME = /^([0-9a-f]{64})-([0-9a-f]{32})\.[a-z]+$/;

/** The cache key of a rendition of the source whose bytes hash to `sourceDigest`. */
export function renditionKey(settings: string, sourceDigest: string, spec: RenditionSpec): string {
  return createHash("sha256")
    .update([settings, sourceDigest, spec.format, spec.width, spec.height, spec.drawing].join("\0"))
    .digest("hex");
}

function digestOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/** The checked entries of one cache folder; with no folder (none configured, or unusable) it holds nothing. */
export class RenditionCache {
  private readonly byKey = new Map<string, string[]>();

  constructor(private readonly dir: string | undefined) {
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
   * `spec` (format, width, height); entries that do not match are removed.
   */
  read(key: string, spec: RenditionSpec): Uint8Array | undefined {
    if (this.dir === undefined) return undefined;
    for (const name of this.byKey.get(key) ?? []) {
      const file = join(this.dir, name);
      let bytes: Buffer | undefined;
      try {
        bytes = readFileSync(file);
      } catch {
        // Gone (another build pruned it) or a folder where the file belongs: not a rendition.
      }
      if (bytes && digestOf(bytes) === ENTRY_NAME.exec(name)?.[2] && isRendition(bytes, spec)) {
        markEntryUsed(file);
        return bytes;
      }
      removeEntry(file);
    }
    return undefined;
  }

  /** Keeps a rendition (with one warning line per folder when it cannot be written). */
  keep(key: string, extension: string, bytes: Uint8Array): void {
    if (this.dir !== undefined) keepInBuildCache(join(this.dir, `${key}-${digestOf(bytes)}.${extension}`), bytes);
  }

  /**
   * Keeps the `keep` most recently used entries: each changed image is a new key, so without
   * this the cache would only grow. A file another build removes meanwhile is converted again
   * there, never read half-written.
   */
  prune(keep: number): void {
    if (this.dir === undefined) return;
    const dir = this.dir;
    let names: string[];
    try {
      names = readdirSync(dir).filter((name) => ENTRY_NAME.test(name));
    } catch {
      return;
    }
    if (names.length <= keep) return;
    const entries = names.flatMap((name) => {
      const stats = statSync(join(dir, name), { throwIfNoEntry: false });
      return stats ? [{ name, used: stats.mtimeMs }] : [];
    });
    entries.sort((a, b) => b.used - a.used || a.name.localeCompare(b.name));
    for (const { name } of entries.slice(keep)) removeEntry(join(dir, name));
  }
}

/** image-size's name for each rendition format. */
const TYPE_OF_FORMAT: Readonly<Record<RenditionSpec["format"], string>> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
};

/** Whether `bytes` begin as an image of the spec's format and exact size. */
function isRendition(bytes: Uint8Array, spec: RenditionSpec): boolean {
  try {
    const found = imageSize(bytes);
    return found.type === TYPE_OF_FORMAT[spec.format] && found.width === spec.width && found.height === spec.height;
  } catch {
    return false;
  }
}
