import { createHash } from "node:crypto";
import { CheckedImageCache } from "../util/checked-image-cache.ts";
import type { RenditionSpec } from "./encode-rendition.ts";

/*
 * Renditions kept between builds (`.cache/images/`), so a rebuild converts only new or changed
 * images. The key hashes the encoder settings, the source's bytes and the rendition's format and
 * size; each entry is checked as src/util/checked-image-cache.ts says (its digest, and a header
 * of the rendition's format and size) before it is published.
 */

/** The cache key of a rendition of the source whose bytes hash to `sourceDigest`. */
export function renditionKey(settings: string, sourceDigest: string, spec: RenditionSpec): string {
  return createHash("sha256")
    .update([settings, sourceDigest, spec.format, spec.width, spec.height, spec.drawing].join("\0"))
    .digest("hex");
}

/** image-size's name for each rendition format. */
const TYPE_OF_FORMAT: Readonly<Record<RenditionSpec["format"], string>> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
};

/** The checked renditions of one cache folder; with no folder (none configured, or unusable) it holds nothing. */
export class RenditionCache {
  private readonly entries: CheckedImageCache;

  constructor(dir: string | undefined) {
    this.entries = new CheckedImageCache(dir);
  }

  /** The rendition kept under `key`, if an entry is intact and of the spec's format and size. */
  read(key: string, spec: RenditionSpec): Uint8Array | undefined {
    return this.entries.read(key, { type: TYPE_OF_FORMAT[spec.format], width: spec.width, height: spec.height });
  }

  /** Keeps a rendition (with one warning line per folder when it cannot be written). */
  keep(key: string, extension: string, bytes: Uint8Array): void {
    this.entries.keep(key, extension, bytes);
  }

  /** Keeps the `keep` most recently used renditions. */
  prune(keep: number): void {
    this.entries.prune(keep);
  }
}
